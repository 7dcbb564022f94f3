import Redux

/// The reducers, in chain order: the history first (it records the list before a change, or puts
/// it back on `undo`), then the list itself. Both rely on the validation middleware having let
/// only valid actions through, and still decline (`.defaultNext`, state untouched) anything they
/// cannot apply.
enum TodoReducers {
    static let all = [history, list]

    /// Records an undo step before each change and restores the newest one on `undo`.
    static let history = Reducer<TodoList, TodoAction>(id: "history") { state, action in
        switch action {
        case .add(let title):
            guard state.hasIDLeft else { return .defaultNext }
            state.remember("add \"\(title)\"")
        case .complete(let number):
            guard let todo = state.todo(number: number) else { return .defaultNext }
            state.remember("done #\(number) \"\(todo.title)\"")
        case .clearDone:
            let count = state.todos.count { $0.done }
            state.remember("clear-done (\(count) \(count == 1 ? "todo" : "todos"))")
        case .undo:
            guard let step = state.history.popLast() else { return .defaultNext }
            state.todos = step.todos
            // The list is restored: no later reducer runs for `undo`.
            return .done
        }
        return .next
    }

    /// Adds, completes and clears todos.
    static let list = Reducer<TodoList, TodoAction>(id: "list") { state, action in
        switch action {
        case .add(let title):
            guard state.hasIDLeft else { return .defaultNext }
            state.todos.append(Todo(id: state.nextID, title: title, done: false))
            state.nextID += 1
        case .complete(let number):
            guard state.todo(number: number) != nil else { return .defaultNext }
            state.todos[number - 1].done = true
        case .clearDone:
            state.todos.removeAll { $0.done }
        case .undo:
            return .defaultNext
        }
        return .next
    }
}

/// The app's state: the todos in the order they were added, the next id to give, and the undo
/// history.
///
/// The history is kept in the state (so it is persisted with the todos and survives between
/// runs): each step is the list as it was before one change, newest last, at most
/// ``historyLimit`` steps (the oldest is dropped first).
struct TodoList: Equatable, Sendable {
    /// How many changes `todos undo` can take back.
    static let historyLimit = 50

    var todos: [Todo] = []
    var nextID = 1
    var history: [UndoStep] = []

    /// The todo a person means by `number` (1-based position), if there is one.
    func todo(number: Int) -> Todo? {
        todos.indices.contains(number - 1) ? todos[number - 1] : nil
    }

    /// Pushes the current list onto the history, under the description `change`, dropping the
    /// oldest step past ``historyLimit``.
    mutating func remember(_ change: String) {
        history.append(UndoStep(change: change, todos: todos))
        if history.count > Self.historyLimit {
            history.removeFirst(history.count - Self.historyLimit)
        }
    }
}

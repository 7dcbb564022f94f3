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
    /// The id the next `add` gives. `Int.max` means the ids are used up: ids run from 1 to
    /// `Int.max - 1`, and `add` is refused (``TodoError/noIDLeft``) rather than overflow.
    var nextID = 1
    var history: [UndoStep] = []

    /// The todo a person means by `number` (1-based position), if there is one.
    /// Any `Int` is safe here (`Int.min` included): a number outside `1...todos.count` names
    /// no todo.
    func todo(number: Int) -> Todo? {
        number >= 1 && number <= todos.count ? todos[number - 1] : nil
    }

    /// Whether `add` can give a new id (``nextID`` is below `Int.max`).
    var hasIDLeft: Bool { nextID < Int.max }

    /// Pushes the current list onto the history, under the description `change`, dropping the
    /// oldest step past ``historyLimit``.
    mutating func remember(_ change: String) {
        history.append(UndoStep(change: change, todos: todos))
        if history.count > Self.historyLimit {
            history.removeFirst(history.count - Self.historyLimit)
        }
    }
}

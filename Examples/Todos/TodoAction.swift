/// What a command asks the store to do. `todos list` reads the state and dispatches nothing.
enum TodoAction: Sendable, Equatable {
    /// `todos add TITLE`: appends a todo (validated: the title, trimmed, must not be empty).
    case add(title: String)
    /// `todos done N`: marks the todo numbered `number` done (validated: it must exist).
    case complete(number: Int)
    /// `todos undo`: puts the list back as it was before the last change (validated: there must
    /// be one).
    case undo
    /// `todos clear-done`: removes the done todos.
    case clearDone
}

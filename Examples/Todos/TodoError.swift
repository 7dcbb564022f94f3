/// Why the validation middleware refused an action. The resolver turns each into the message the
/// command prints (see ``CommandFailure``).
enum TodoError: Error, Equatable, CustomStringConvertible {
    /// `done N` for a number with no todo.
    case noSuchTodo(number: Int)
    /// `add` with a title that is empty once trimmed.
    case emptyTitle
    /// `undo` with an empty history.
    case nothingToUndo

    var description: String {
        switch self {
        case .noSuchTodo(let number): "no todo #\(number)"
        case .emptyTitle: "a todo needs a title"
        case .nothingToUndo: "nothing to undo"
        }
    }
}

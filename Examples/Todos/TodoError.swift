/// Why the validation middleware refused an action. The resolver turns each into the message the
/// command prints (see ``CommandFailure``).
enum TodoError: Error, Equatable, CustomStringConvertible {
    /// `done N` for a number with no todo.
    case noSuchTodo(number: Int)
    /// `add` with a title that is empty once trimmed.
    case emptyTitle
    /// `add` with a title holding a control character (a newline, a tab…) once trimmed: it
    /// would break `list`'s one line per todo.
    case controlCharacterInTitle
    /// `add` when every id is used (the file's next id reached `Int.max`).
    case noIDLeft
    /// `undo` with an empty history.
    case nothingToUndo

    var description: String {
        switch self {
        case .noSuchTodo(let number): "no todo #\(number)"
        case .emptyTitle: "a todo needs a title"
        case .controlCharacterInTitle: "a todo title cannot hold control characters (newline, tab…)"
        case .noIDLeft: "no todo id left: the ids in the file reach \(Int.max)"
        case .nothingToUndo: "nothing to undo"
        }
    }
}

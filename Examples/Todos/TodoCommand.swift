/// A command, as parsed from the arguments.
enum TodoCommand: Equatable, Sendable {
    case add(title: String)
    case list
    case done(number: Int)
    case undo
    case clearDone
    case help

    /// The action the command dispatches; `nil` for the commands that only read (`list`,
    /// `help`).
    var action: TodoAction? {
        switch self {
        case .add(let title): .add(title: title)
        case .done(let number): .complete(number: number)
        case .undo: .undo
        case .clearDone: .clearDone
        case .list, .help: nil
        }
    }
}

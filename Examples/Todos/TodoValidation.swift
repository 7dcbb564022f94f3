import Foundation
import Redux

/// The validation middleware: the one place that decides whether a command can run against the
/// current state. It throws a ``TodoError`` for a command that cannot (the resolver turns it into
/// the command's message and exit status), and consumes with `.exit(.done)` a command that has
/// nothing to do, so no reducer runs and nothing is saved.
enum TodoValidation {
    static let middleware = Middleware<TodoList, TodoAction>(id: "validation") { context in
        switch context.action {
        case .add(let title):
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { throw TodoError.emptyTitle }
            if trimmed.unicodeScalars.contains(where: isControl) { throw TodoError.controlCharacterInTitle }
            if !context.state.hasIDLeft { throw TodoError.noIDLeft }
            return trimmed == title ? .next : .nextAs(.add(title: trimmed))
        case .complete(let number):
            guard let todo = context.state.todo(number: number) else {
                throw TodoError.noSuchTodo(number: number)
            }
            return todo.done ? .exit(.done) : .next
        case .undo:
            if context.history.isEmpty { throw TodoError.nothingToUndo }
            return .next
        case .clearDone:
            return context.todos.contains { $0.done } ? .next : .exit(.done)
        }
    }

    /// A control character, or a line or paragraph separator: anything that would break a title
    /// across lines or garble the terminal.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}

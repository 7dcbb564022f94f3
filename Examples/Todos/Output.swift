import Foundation
import Redux

/// What the program prints on standard output: for a person, the numbered list and one line per
/// change; with `--json`, the list as JSON.
enum Output {
    /// The list for a person: `1. [ ] Buy milk`, `2. [x] Walk dog`; `No todos.` when empty.
    static func lines(_ todos: [Todo]) -> [String] {
        guard !todos.isEmpty else { return ["No todos."] }
        return todos.enumerated().map { offset, todo in
            "\(offset + 1). [\(todo.done ? "x" : " ")] \(todo.title)"
        }
    }

    /// One todo as a script reads it: its number in the list beside its stable id.
    struct Row: Encodable {
        var number: Int
        var id: Int
        var title: String
        var done: Bool
    }

    /// The list as one line of canonical JSON (keys sorted):
    /// `{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"}]}`.
    static func json(_ todos: [Todo]) throws(StateCodingError) -> String {
        let rows = todos.enumerated().map { offset, todo in
            Row(number: offset + 1, id: todo.id, title: todo.title, done: todo.done)
        }
        return String(decoding: try CanonicalJSONEncoder().encode(["todos": rows]), as: UTF8.self)
    }

    /// The line a person reads after `command` changed the list from `before` to `after`, or
    /// left it alone (`changed` false: the validation consumed the command).
    static func message(for command: TodoCommand, before: TodoList, after: TodoList, changed: Bool) -> String {
        switch command {
        case .add:
            guard let todo = after.todos.last else { return "Added." }
            return "Added #\(after.todos.count): \(todo.title)"
        case .done(let number):
            let title = after.todo(number: number)?.title ?? ""
            return changed ? "Done #\(number): \(title)" : "#\(number) was already done: \(title)"
        case .undo:
            return "Undid \(before.history.last?.change ?? "the last change")"
        case .clearDone:
            let count = before.todos.count - after.todos.count
            return changed ? "Cleared \(count) done \(count == 1 ? "todo" : "todos")" : "No done todos to clear"
        case .list, .help:
            return ""
        }
    }
}

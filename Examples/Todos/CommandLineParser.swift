/// Parses the program's arguments into an ``Invocation``, or throws the usage failure.
///
/// Options may come before or after the command; `--` ends them (so a title may start with
/// `--`). The words after `add` are joined with single spaces, so `todos add Buy milk` and
/// `todos add "Buy milk"` add the same todo.
enum CommandLineParser {
    static let usageLine = "usage: todos [--file PATH] [--json] [--lock-timeout SECONDS] add TITLE | list | done N | undo | clear-done | help"

    /// The longest `--lock-timeout`, in seconds (about 31 years).
    static let maximumLockTimeout: Double = 1_000_000_000

    static let help = """
        todos: a todo list kept in a file.

        \(usageLine)

        commands:
          add TITLE     add a todo (the words after add make its title; one line: a title
                        with control characters such as a newline or a tab is refused)
          list          list the todos, numbered from 1; done ones are marked [x]
          done N        mark todo number N done
          undo          take back the last add, done or clear-done (up to \(TodoList.historyLimit))
          clear-done    remove the done todos
          help          print this help (also --help, -h)

        options:
          --file PATH              the file the todos are kept in (default: $HOME/.todos.json)
          --json                   print the resulting list as JSON, for scripts
          --lock-timeout SECONDS   how long to wait while another todos uses the file
                                   (default: 10; from 0 to \(Int(maximumLockTimeout)))

        exit status: 0 done; 1 the command was refused (no such todo, an empty title or one with
        control characters, nothing to undo, no todo id left); 64 bad arguments; 65 a bad file
        (kept aside as FILE.corrupt-TIME); 74 the file could not be read or written; 75 the file
        stayed in use past the lock timeout.
        """

    /// The invocation `arguments` (without the program's name) describe.
    static func parse(_ arguments: [String]) throws(CommandFailure) -> Invocation {
        var words: [String] = []
        var file: String?
        var json = false
        var lockTimeout: Duration = .seconds(10)
        var wantsHelp = false
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Int(argument) != nil {
                words.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            func value() throws(CommandFailure) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw .usage("missing argument: \(name) needs a value")
                }
                return next
            }
            switch name {
            case "--": optionsEnded = true
            case "--json": json = true
            case "--help", "-h": wantsHelp = true
            case "--file":
                let path = try value()
                if path.isEmpty { throw .usage("missing argument: --file needs a path") }
                file = path
            case "--lock-timeout":
                let text = try value()
                // Bounded so the conversion to milliseconds cannot overflow (NaN and infinities
                // fail the comparison too).
                guard let seconds = Double(text), seconds >= 0, seconds <= maximumLockTimeout else {
                    throw .usage("not a number of seconds from 0 to \(Int(maximumLockTimeout)): '\(text)'")
                }
                lockTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
            default:
                throw .usage("unknown option '\(argument)'")
            }
        }
        if wantsHelp {
            return Invocation(command: .help, file: file, json: json, lockTimeout: lockTimeout)
        }
        let command = try command(from: words)
        return Invocation(command: command, file: file, json: json, lockTimeout: lockTimeout)
    }

    /// `--name=value` as (`--name`, `value`); anything else as (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func command(from words: [String]) throws(CommandFailure) -> TodoCommand {
        guard let name = words.first else { throw .usage("missing command") }
        let rest = words.dropFirst()
        func noMore(_ command: TodoCommand) throws(CommandFailure) -> TodoCommand {
            if let extra = rest.first { throw .usage("unexpected argument '\(extra)' after \(name)") }
            return command
        }
        switch name {
        case "add":
            guard !rest.isEmpty else { throw .usage("missing argument: add needs a title") }
            return .add(title: rest.joined(separator: " "))
        case "done":
            guard let text = rest.first else { throw .usage("missing argument: done needs a todo number") }
            guard let number = Int(text) else { throw .usage("not a todo number: '\(text)'") }
            if rest.count > 1 { throw .usage("unexpected argument '\(rest[rest.startIndex + 1])' after done") }
            return .done(number: number)
        case "list": return try noMore(.list)
        case "undo": return try noMore(.undo)
        case "clear-done": return try noMore(.clearDone)
        case "help": return try noMore(.help)
        default: throw .usage("unknown command '\(name)'")
        }
    }
}

import Foundation
import Redux

/// One run of `todos`: parse the arguments, open the store on the file, dispatch the command's
/// action, save, print, and answer the exit status.
///
/// Runs on the main actor (the store's). The store holds the file's lock from its creation until
/// ``Store/invalidate()`` at the end of the run, so two `todos` working on one file take turns:
/// the second one waits (up to `--lock-timeout`) and then starts from the first one's result,
/// never from a stale list.
///
/// Nothing here decides whether a command may run: the validation middleware does, and the
/// resolver turns its refusals into a ``CommandFailure``; this type only reads the outcome.
@MainActor
enum TodosProgram {
    /// Runs the command `arguments` (without the program's name) describe, with `environment`'s
    /// `HOME` for the default file, and answers the exit status; what it prints goes to standard
    /// output, failures to standard error.
    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        do {
            for line in try await execute(arguments, environment: environment) {
                write(line, to: .standardOutput)
            }
            return 0
        } catch {
            for line in error.lines { write(line, to: .standardError) }
            return error.status
        }
    }

    /// The lines the command prints, or how it failed.
    static func execute(_ arguments: [String], environment: [String: String]) async throws(CommandFailure) -> [String] {
        let invocation = try CommandLineParser.parse(arguments)
        if invocation.command == .help { return [CommandLineParser.help] }
        let persistence = Persistence<TodoList>(
            file: fileURL(invocation.file, environment: environment),
            version: 1,
            lockTimeout: invocation.lockTimeout,
            snapshot: { TodosFile($0) },
            restore: { file, state in file.restore(into: &state) },
            // The program reports what happened to the file itself (below), so the store prints
            // no diagnostic line of its own.
            onEvent: { _ in }
        )
        let store: Store<TodoList, TodoAction>
        do throws(PersistenceError) {
            store = try Store(
                initialState: TodoList(),
                reducers: TodoReducers.all,
                middlewares: [TodoValidation.middleware],
                resolvers: TodoResolvers.all,
                // Failures are the program's output: no debug diagnostic line besides them.
                options: StoreOptions(printsDiagnostics: false),
                persistence: persistence
            )
        } catch {
            throw CommandFailure(error)
        }
        // Writes a save still pending (none here: a change is flushed below) and releases the
        // file's lock.
        defer { store.invalidate() }
        if case .recovered(let error, let keptAside) = persistence.status {
            // The bad file was renamed aside and the store started empty: stop here rather than
            // run the command on a list that is not the user's.
            throw CommandFailure(error, keptAside: keptAside)
        }
        guard let action = invocation.command.action else {
            return try render(store.state.todos, json: invocation.json)
        }
        let before = store.state
        // On the main actor the dispatch runs the whole pipeline before it returns, so the
        // outcome is there at once.
        let ticket = store.dispatchTracked(action)
        let changed: Bool
        switch ticket.outcomeIfFinished {
        case .reduced?:
            do throws(PersistenceError) {
                try await persistence.flush()
            } catch {
                throw CommandFailure(error)
            }
            changed = true
        case .consumed?:
            changed = false
        case .failed(let error)?:
            throw error as? CommandFailure ?? CommandFailure(lines: ["\(error)"], status: 70)
        case let other:
            throw CommandFailure(lines: ["unexpected outcome: \(other.map { "\($0)" } ?? "none")"], status: 70)
        }
        if invocation.json { return try render(store.state.todos, json: true) }
        return [Output.message(for: invocation.command, before: before, after: store.state, changed: changed)]
    }

    /// The file: `--file PATH` (relative to the working directory), else `$HOME/.todos.json`.
    static func fileURL(_ path: String?, environment: [String: String]) -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".todos.json")
    }

    private static func render(_ todos: [Todo], json: Bool) throws(CommandFailure) -> [String] {
        guard json else { return Output.lines(todos) }
        do throws(StateCodingError) {
            return [try Output.json(todos)]
        } catch {
            throw CommandFailure(lines: ["cannot encode the list: \(error)"], status: 70)
        }
    }

    private static func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}

import Foundation
import Redux

/// How a command failed: the lines it prints on standard error and the exit status (the BSD
/// `sysexits` codes where one fits).
///
/// | failure | status |
/// |---|---|
/// | a refused command (``TodoError``: `no todo #99`) | 1 |
/// | bad arguments: the problem, then the usage line | 64 (`EX_USAGE`) |
/// | a bad file (corrupt, newer, a failed migration): the file is kept aside | 65 (`EX_DATAERR`) |
/// | the file could not be read, written or locked (`open`, `write`, `fsync`…) | 74 (`EX_IOERR`) |
/// | the file stayed locked by another process past the lock timeout | 75 (`EX_TEMPFAIL`) |
/// | anything else (a bug) | 70 (`EX_SOFTWARE`) |
struct CommandFailure: Error, Equatable, CustomStringConvertible {
    var lines: [String]
    var status: Int32

    var description: String { lines.joined(separator: "\n") }

    /// Bad arguments: `problem`, then the usage line.
    static func usage(_ problem: String) -> CommandFailure {
        CommandFailure(lines: [problem, CommandLineParser.usageLine], status: 64)
    }

    /// A command the validation refused.
    init(_ error: TodoError) {
        self.init(lines: [error.description], status: 1)
    }

    /// A persistence failure: its text (which names the file), and for a bad file where it was
    /// kept aside.
    init(_ error: PersistenceError, keptAside: URL? = nil) {
        let status: Int32 = switch error {
        case .corrupt, .newerVersion, .migrationFailed, .missingMigration: 65
        case .inUse: 75
        case .io: 74
        case .alreadyAttached, .notAttached, .encoding: 70
        }
        var lines = [error.description]
        if let keptAside { lines.append("the file was kept aside as \(keptAside.path)") }
        self.init(lines: lines, status: status)
    }

    init(lines: [String], status: Int32) {
        self.lines = lines
        self.status = status
    }
}

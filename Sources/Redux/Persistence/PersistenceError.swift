import Foundation

/// Why persistence could not restore, save or purge a state file.
///
/// Every case names the state file it concerns (the file given to ``Persistence``, also for
/// failures on its lock file or temporaries beside it). A value type, safe to pass between
/// threads. A bad file at restore never throws from the store's initializer: it is reported
/// through ``PersistenceStatus/recovered(_:keptAside:)``.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a saved state: empty, truncated, not JSON
    /// (``StateCodingError/notJSON(reason:)``), or JSON of the wrong shape.
    case corrupt(file: URL, reason: StateCodingError)
    /// The file was written by a newer version of the app (`found` > `supported`).
    case newerVersion(file: URL, found: Int, supported: Int)
    /// The migration closure threw while reading an older file; `reason` is the thrown error's
    /// description.
    case migrationFailed(file: URL, from: Int, reason: String)
    /// The file is older than `supported` and no migration closure was given.
    case missingMigration(file: URL, found: Int, supported: Int)
    /// Another process (or another ``Persistence`` in this process) holds the file's lock;
    /// `waited` is how long the lock was polled before giving up (real, monotonic time).
    case inUse(file: URL, waited: Duration)
    /// A system call failed: `operation` names it (`"open"`, `"write"`, `"fsync"`, `"rename"`,
    /// `"flock"`, …) and `code` is its `errno`.
    case io(file: URL, operation: String, code: Int32)
    /// The ``Persistence`` already serves a store; one persistence serves one store.
    case alreadyAttached(file: URL)
    /// A save's snapshot could not be encoded (a NaN or infinite number, a throwing
    /// `encode(to:)`); the file keeps its previous content.
    case encoding(file: URL, reason: StateCodingError)

    /// A one-line account naming the file and the cause.
    public var description: String {
        switch self {
        case .corrupt(let file, let reason):
            return "\(file.path): not a saved state (\(reason))"
        case .newerVersion(let file, let found, let supported):
            return "\(file.path): saved by version \(found), newer than the supported version \(supported)"
        case .migrationFailed(let file, let from, let reason):
            return "\(file.path): migration from version \(from) failed: \(reason)"
        case .missingMigration(let file, let found, let supported):
            return "\(file.path): saved by version \(found), older than \(supported), and no migration was given"
        case .inUse(let file, let waited):
            return "\(file.path): in use by another process or persistence (lock not taken after \(waited))"
        case .io(let file, let operation, let code):
            return "\(file.path): \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .alreadyAttached(let file):
            return "\(file.path): this persistence already serves a store"
        case .encoding(let file, let reason):
            return "\(file.path): the state could not be encoded (\(reason))"
        }
    }
}

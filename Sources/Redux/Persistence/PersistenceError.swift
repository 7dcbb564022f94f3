import Foundation

/// Why a ``Persistence`` could not restore, save or delete its file. Every case names the file.
///
/// A bad file found at store creation (``corrupt(file:reason:)``, ``newerVersion(file:found:supported:)``,
/// ``migrationFailed(file:from:reason:)``, ``missingMigration(file:found:supported:)``) is never
/// thrown: the file is kept aside and the error reported in ``PersistenceStatus/recovered(_:keptAside:)``.
/// The store's throwing initializers throw ``inUse(file:waited:)``, ``alreadyAttached(file:)`` and
/// ``io(file:operation:code:)``; a failed save is reported through ``Persistence/lastError`` and
/// ``PersistenceEvent/saveFailed(_:)``; ``Persistence/purge()`` throws ``io(file:operation:code:)``
/// and ``notAttached(file:)``.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a saved state: 0 bytes, truncated, not JSON, or JSON of the wrong shape.
    case corrupt(file: URL, reason: StateCodingError)
    /// The file was written by a newer version of the app (its `version` is above ``Persistence/version``).
    case newerVersion(file: URL, found: Int, supported: Int)
    /// The migration closure threw for a file of version `from`; `reason` is the error's description.
    case migrationFailed(file: URL, from: Int, reason: String)
    /// The file has an older version and the persistence has no migration closure.
    case missingMigration(file: URL, found: Int, supported: Int)
    /// Another process (or another ``Persistence`` in this one) holds the file's lock; it was
    /// waited for `waited` (real time).
    case inUse(file: URL, waited: Duration)
    /// A system call failed: `operation` names it (`open`, `write`, `fsync`, `rename`…), `code` is `errno`.
    case io(file: URL, operation: String, code: Int32)
    /// The persistence already serves a store.
    case alreadyAttached(file: URL)
    /// A save's snapshot could not be encoded (a non-finite number, for instance).
    case encoding(file: URL, reason: StateCodingError)
    /// ``Persistence/purge()`` was called while the persistence serves no store — never
    /// attached, or its store was invalidated or released — so it does not hold the file's lock
    /// and deletes nothing.
    case notAttached(file: URL)

    /// One line naming the file and the cause.
    public var description: String {
        switch self {
        case .corrupt(let file, let reason):
            return "corrupt file \(file.path): \(reason)"
        case .newerVersion(let file, let found, let supported):
            return "file \(file.path) has version \(found), newer than the supported version \(supported)"
        case .migrationFailed(let file, let from, let reason):
            return "migration of file \(file.path) from version \(from) failed: \(reason)"
        case .missingMigration(let file, let found, let supported):
            return "file \(file.path) has version \(found) and no migration to version \(supported) was given"
        case .inUse(let file, let waited):
            return "file \(file.path) is in use by another process (waited \(waited))"
        case .io(let file, let operation, let code):
            return "\(operation) failed for \(file.path): \(String(cString: strerror(code))) (errno \(code))"
        case .alreadyAttached(let file):
            return "the persistence of \(file.path) already serves a store"
        case .encoding(let file, let reason):
            return "the state saved to \(file.path) could not be encoded: \(reason)"
        case .notAttached(let file):
            return "the persistence of \(file.path) serves no store (never attached, or its store was invalidated or released)"
        }
    }
}

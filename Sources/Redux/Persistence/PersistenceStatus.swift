import Foundation

/// What a ``Persistence`` did when its store was created (``Persistence/status``).
public enum PersistenceStatus: Sendable, Equatable {
    /// No store was created with this persistence yet.
    case notAttached
    /// There was no file: the store started from its initial state.
    case startedFresh
    /// The state was restored from a file of the current `version`.
    case restored(version: Int)
    /// The file had an older version: the migration turned it into the current one, and the
    /// migrated state was saved at once, before the initializer returned.
    case migrated(from: Int, to: Int)
    /// The file could not be used (the error says why): it was renamed to `keptAside` and the
    /// store started from its initial state. The next save writes a fresh file.
    case recovered(PersistenceError, keptAside: URL?)
}

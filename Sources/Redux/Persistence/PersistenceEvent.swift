import Foundation

/// What a ``Persistence`` tells its `onEvent` closure.
public enum PersistenceEvent: Sendable, Equatable, CustomStringConvertible {
    /// The store was created: what restoring did. On the main actor, inside the store's
    /// initializer, after the restore and before the middleware install hooks.
    case restored(PersistenceStatus)
    /// A save reached the disk: `bytes` written, and how long each phase took. On the thread
    /// that wrote, after the `fsync` calls: the writer's, the thread that invalidated or
    /// released the store, or the main actor for the migration's save (told after
    /// ``restored(_:)``).
    case saved(bytes: Int, timings: SaveTimings)
    /// A save failed; the file keeps its previous content and the save stays pending: the next
    /// timer, flush, invalidation or release writes it again. On the thread that tried: the
    /// writer's, the thread that invalidated or released the store, or the main actor for the
    /// migration's save (told after ``restored(_:)``).
    case saveFailed(PersistenceError)
    /// ``Persistence/purge()`` deleted the file. On the main actor.
    case purged

    /// One line, for logs.
    public var description: String {
        switch self {
        case .restored(let status):
            switch status {
            case .notAttached: return "persistence: not attached"
            case .startedFresh: return "persistence: no file, started fresh"
            case .restored(let version): return "persistence: restored (version \(version))"
            case .migrated(let from, let to): return "persistence: migrated from version \(from) to \(to)"
            case .recovered(let error, let keptAside):
                return "persistence: \(error); " + (keptAside.map { "kept aside as \($0.lastPathComponent); " } ?? "") + "started fresh"
            }
        case .saved(let bytes, let timings):
            return "persistence: saved \(bytes) bytes (encode \(timings.encode), write \(timings.write), sync \(timings.sync))"
        case .saveFailed(let error):
            return "persistence: save failed: \(error)"
        case .purged:
            return "persistence: file deleted"
        }
    }
}

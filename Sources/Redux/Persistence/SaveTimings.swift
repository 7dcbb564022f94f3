import Foundation

/// How long the phases of one save took, in real (monotonic) time, measured on the thread that
/// wrote: the writer's for a scheduled save or ``Persistence/flush()``, the calling thread for
/// ``Store/invalidate()`` and a store's release, the main actor for the migration's save.
public struct SaveTimings: Sendable, Equatable {
    /// Encoding the snapshot into the file's JSON.
    public var encode: Duration
    /// Opening the temporary file, writing it, closing it and renaming it over the file.
    public var write: Duration
    /// The two `fsync` calls: of the temporary file (before the rename) and of the directory
    /// (after it).
    public var sync: Duration

    /// Timings of one save, each a duration in real time (as measured by `ContinuousClock`).
    public init(encode: Duration, write: Duration, sync: Duration) {
        self.encode = encode
        self.write = write
        self.sync = sync
    }
}

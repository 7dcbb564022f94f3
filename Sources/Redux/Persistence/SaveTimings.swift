import Foundation

/// How long the phases of one save took, in real (monotonic) time, measured on the writer's
/// thread: encoding the snapshot, writing the temporary file, and the `fsync` calls with the rename.
public struct SaveTimings: Sendable, Equatable {
    /// Encoding the snapshot into the file's JSON.
    public var encode: Duration
    /// Creating and writing the temporary file.
    public var write: Duration
    /// `fsync` of the temporary file, the rename, and `fsync` of the directory.
    public var sync: Duration

    public init(encode: Duration, write: Duration, sync: Duration) {
        self.encode = encode
        self.write = write
        self.sync = sync
    }
}

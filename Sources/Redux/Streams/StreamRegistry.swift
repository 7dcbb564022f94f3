/// The store's live streams of one kind, reachable from any thread: each one's `finish`, so that
/// invalidation and release (whose deinitializer cannot reach main-actor state) end them, and
/// their count is right the moment a consumer stops. `Reason` is what ending a stream tells it
/// (`Void` for state streams, a ``FrameStreamEnd`` for frame streams).
final class StreamRegistry<Reason: Sendable>: Sendable {
    private let streams = Locked<(next: UInt64, finishers: [UInt64: @Sendable (Reason) -> Void])>((0, [:]))

    /// Adds a stream's `finish`; returns its key.
    func add(_ finish: @escaping @Sendable (Reason) -> Void) -> UInt64 {
        streams.withLock { streams in
            streams.next += 1
            streams.finishers[streams.next] = finish
            return streams.next
        }
    }

    /// Removes the stream with `key` (it ended).
    func remove(_ key: UInt64) {
        _ = streams.withLock { $0.finishers.removeValue(forKey: key) }
    }

    /// The streams not yet ended.
    var count: Int { streams.withLock { $0.finishers.count } }

    /// Finishes every stream with `reason`, in the order they were added, outside the lock
    /// (finishing one removes it).
    func finishAll(_ reason: Reason) {
        let finishers = streams.withLock { streams in
            defer { streams.finishers.removeAll() }
            return streams.finishers.sorted { $0.key < $1.key }.map(\.value)
        }
        for finish in finishers { finish(reason) }
    }
}

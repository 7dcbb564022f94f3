/// The store's running frame streams, reachable from any thread, so that invalidation and
/// release (whose deinitializer cannot reach main-actor state) finish them, and so that
/// ``Store/frameStreamCount`` is right the moment a consumer stops.
final class FrameRegistry: Sendable {
    private let streams = Locked<(next: UInt64, live: [UInt64: FrameStreamStorage])>((0, [:]))

    /// Adds a stream; it leaves the registry when it finishes, whatever finishes it.
    func add(_ storage: FrameStreamStorage) {
        let key = streams.withLock { streams in
            streams.next += 1
            streams.live[streams.next] = storage
            return streams.next
        }
        storage.whenFinished { [weak self] in self?.remove(key) }
    }

    private func remove(_ key: UInt64) {
        _ = streams.withLock { $0.live.removeValue(forKey: key) }
    }

    /// The streams not yet finished.
    var count: Int { streams.withLock { $0.live.count } }

    /// Finishes every stream with `reason`, in creation order, outside the lock.
    func finishAll(_ reason: FrameStreamEnd) {
        let ending = streams.withLock { streams in
            defer { streams.live.removeAll() }
            return streams.live.sorted { $0.key < $1.key }.map(\.value)
        }
        for storage in ending { storage.finish(reason) }
    }
}

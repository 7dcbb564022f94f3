import Foundation
import Synchronization

// Clocks for the stores under test.

/// A virtual clock that counts how often `now` is read and records sleeps, which return at once
/// (advancing virtual time). Every read of `now` advances time by `tick`.
final class CountingClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var lastRead = Instant(offset: .zero)
    private var sleepLog: [Duration] = []
    private let reads = Atomic<Int>(0)
    let tick: Duration

    init(tick: Duration = .zero) { self.tick = tick }

    /// How many times `now` was read.
    var nowReads: Int { reads.load(ordering: .relaxed) }

    /// The durations slept, in order (each measured from the `now` read that computed its deadline).
    var sleeps: [Duration] { lock.withLock { sleepLog } }

    var now: Instant {
        reads.wrappingAdd(1, ordering: .relaxed)
        return lock.withLock {
            let value = current
            lastRead = value
            current = current.advanced(by: tick)
            return value
        }
    }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            sleepLog.append(lastRead.duration(to: deadline))
            if current < deadline { current = deadline }
        }
    }
}

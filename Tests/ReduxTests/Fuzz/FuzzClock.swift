import Foundation

/// A manual clock for the fuzz store: a sleep returns only when the driver advances time past its
/// deadline (or releases the clock), or throws `CancellationError` when its task is cancelled. So
/// a `.deferred` handler that sleeps stays suspended exactly until the program says otherwise.
/// Thread-safe (`NSLock`).
final class FuzzClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var released = false
    private var sleepers: [Int: Sleeper] = [:]
    private var cancelledEarly: Set<Int> = []
    private var nextToken = 0

    var now: Instant { lock.withLock { current } }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        let token = lock.withLock {
            nextToken += 1
            return nextToken
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if released || deadline <= current {
                    lock.unlock()
                    continuation.resume()
                } else if cancelledEarly.remove(token) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else {
                    sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let sleeper = sleepers.removeValue(forKey: token)
            if sleeper == nil { cancelledEarly.insert(token) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline passed.
    func advance(by duration: Duration) {
        lock.lock()
        current = current.advanced(by: duration)
        let due = sleepers.filter { $0.value.deadline <= current }
        for token in due.keys { sleepers.removeValue(forKey: token) }
        lock.unlock()
        for sleeper in due.values { sleeper.continuation.resume() }
    }

    /// Wakes every sleeper; later sleeps return at once.
    func release() {
        lock.lock()
        released = true
        let all = sleepers
        sleepers = [:]
        lock.unlock()
        for sleeper in all.values { sleeper.continuation.resume() }
    }
}

import Foundation
import Synchronization

/// Wakes `Store.settled()` waiters whenever the store may have become idle.
///
/// A generation counter prevents lost wake-ups: a waiter names the generation it saw before
/// checking the store, and returns at once if a pulse happened since. Thread-safe (`NSLock`).
@usableFromInline
final class SettleSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var generation: UInt64 = 0
    private var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    private var cancelled: Set<UInt64> = []
    private var nextToken: UInt64 = 0
    /// Whether anyone waits; lets the hot path skip the lock.
    @usableFromInline let hasWaiters = Atomic<Bool>(false)

    init() {}

    /// Announces a waiter (so the next drain pulses) and returns the generation to wait past.
    ///
    /// Call it before checking whether the store is idle: a drain that runs between that check
    /// and ``wait(after:)`` then sees the flag, pulses, and the wait returns at once.
    func prepareToWait() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        hasWaiters.store(true, ordering: .relaxed)
        return generation
    }

    /// Wakes every waiter.
    @usableFromInline
    func pulse() {
        lock.lock()
        generation &+= 1
        let woken = waiters
        waiters = [:]
        hasWaiters.store(false, ordering: .relaxed)
        lock.unlock()
        for continuation in woken.values { continuation.resume() }
    }

    /// Returns after the first pulse later than `seen`; throws `CancellationError` if the task
    /// is cancelled.
    func wait(after seen: UInt64) async throws {
        let token = lock.withLock {
            nextToken += 1
            return nextToken
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if generation != seen {
                    lock.unlock()
                    continuation.resume()
                } else if cancelled.remove(token) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[token] = continuation
                    hasWaiters.store(true, ordering: .relaxed)
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let continuation = waiters.removeValue(forKey: token)
            if continuation == nil { cancelled.insert(token) }
            lock.unlock()
            continuation?.resume(throwing: CancellationError())
        }
    }
}

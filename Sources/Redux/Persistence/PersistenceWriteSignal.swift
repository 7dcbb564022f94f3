import Foundation

/// Tells whoever waits for one save that the writer finished it, with its error if it failed.
/// Thread-safe: finished on the writer's thread, awaited from any task.
final class PersistenceWriteSignal: Sendable {
    private struct Box {
        var finished = false
        var error: PersistenceError?
        var waiter: CheckedContinuation<PersistenceError?, Never>?
    }

    private let box = Locked(Box())

    /// The save ended (`error`: why it failed). Called once, on the writer's thread.
    func finish(_ error: PersistenceError?) {
        let waiter = box.withLock { box -> CheckedContinuation<PersistenceError?, Never>? in
            box.finished = true
            box.error = error
            defer { box.waiter = nil }
            return box.waiter
        }
        waiter?.resume(returning: error)
    }

    /// Waits until the save ended and returns its error (`nil`: written). Does not end early
    /// on cancellation: the save is on its way either way. One waiter.
    func wait() async -> PersistenceError? {
        await withCheckedContinuation { continuation in
            let done = box.withLock { box -> (Bool, PersistenceError?) in
                if box.finished { return (true, box.error) }
                box.waiter = continuation
                return (false, nil)
            }
            if done.0 { continuation.resume(returning: done.1) }
        }
    }
}

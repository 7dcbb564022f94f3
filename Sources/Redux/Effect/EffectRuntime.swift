import Foundation

/// The store-owned runtime that runs every piece of asynchronous work a store starts
/// (`.task` and `.deferred` today; effects later).
///
/// It owns the `Task`s, counts those not yet finished (``activeCount``, used by
/// `Store.settled()`), and cancels them all when the store is invalidated or released. It holds
/// no reference to the store. Thread-safe: an `NSLock` guards its tables.
@usableFromInline
final class EffectRuntime: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var finishedBeforeAttach: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private var active = 0
    private var closed = false
    private let settle: SettleSignal

    init(settle: SettleSignal) { self.settle = settle }

    /// Work started and not finished yet.
    var activeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return active
    }

    /// Starts `work` off the main actor. Returns `false`, and starts nothing, once the runtime
    /// has been cancelled.
    @usableFromInline @discardableResult
    func spawn(_ work: @escaping @Sendable () async -> Void) -> Bool {
        lock.lock()
        if closed {
            lock.unlock()
            return false
        }
        nextID += 1
        let id = nextID
        active += 1
        lock.unlock()

        let task = Task.detached { [self] in
            await work()
            finish(id)
        }

        lock.lock()
        if finishedBeforeAttach.remove(id) == nil {
            if closed {
                lock.unlock()
                task.cancel()
                return true
            }
            tasks[id] = task
        }
        lock.unlock()
        return true
    }

    private func finish(_ id: UInt64) {
        lock.lock()
        if tasks.removeValue(forKey: id) == nil { finishedBeforeAttach.insert(id) }
        active -= 1
        let idle = active == 0
        lock.unlock()
        if idle { settle.pulse() }
    }

    /// Cancels every running task and refuses new ones. Safe from any thread, any number of times.
    func cancelAll() {
        lock.lock()
        closed = true
        let running = Array(tasks.values)
        lock.unlock()
        for task in running { task.cancel() }
    }
}

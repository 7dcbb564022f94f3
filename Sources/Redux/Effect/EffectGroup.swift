import Foundation

/// The effects one tracked dispatch started, transitively: the tasks its reduction (and its
/// middlewares) spawned, and the actions those tasks sent with what those actions started in
/// turn. ``DispatchTicket/waitForEffects()`` waits for it to empty; cancelling that wait
/// cancels every task in it, and later ones as they join. Thread-safe (`NSLock`).
///
/// A tracked dispatch made from inside another dispatch's effects (`send.tracked`) has a group
/// of its own whose `parent` is the sender's: what joins or leaves the child, and the actions
/// its tasks send, count in the parent too, so each ticket waits for exactly its own effects and
/// the outer one for everything.
@usableFromInline
final class EffectGroup: @unchecked Sendable {
    private let lock = NSLock()
    /// Tasks alive in the group, by runtime task id, with the runtime that owns them.
    private var tasks: [UInt64: EffectRuntime] = [:]
    /// Actions sent by the group's tasks that have not reached their terminal yet.
    private var pendingActions = 0
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter: UInt64 = 0
    private var isCancelled = false
    private var closed = false
    /// The group of the effect that sent this group's action, if that one was grouped.
    let parent: EffectGroup?

    init(parent: EffectGroup? = nil) {
        self.parent = parent
    }

    private var isEmpty: Bool { tasks.isEmpty && pendingActions == 0 }

    /// Whether the wait on the group was cancelled (``cancel()``). Thread-safe.
    /// The parent's cancellation counts too.
    @usableFromInline var hasBeenCancelled: Bool {
        lock.withLock { isCancelled } || parent?.hasBeenCancelled == true
    }

    /// A task joins (and joins the parent). Returns `false` if this group or the parent was
    /// cancelled (the caller then does not start the task).
    func join(_ id: UInt64, runtime: EffectRuntime) -> Bool {
        let joined = lock.withLock {
            if isCancelled || closed { return false }
            tasks[id] = runtime
            return true
        }
        guard joined else { return false }
        if let parent, !parent.join(id, runtime: runtime) {
            leave(id, fromParentToo: false)
            return false
        }
        return true
    }

    func leave(_ id: UInt64) {
        leave(id, fromParentToo: true)
    }

    private func leave(_ id: UInt64, fromParentToo: Bool) {
        lock.lock()
        tasks.removeValue(forKey: id)
        let woken = takeWaitersIfEmpty()
        lock.unlock()
        for waiter in woken { waiter.resume() }
        if fromParentToo { parent?.leave(id) }
    }

    /// An action sent by a task of the group is on its way; its terminal calls ``actionEnded()``.
    @usableFromInline
    func actionSent() {
        lock.withLock { if !closed { pendingActions += 1 } }
        parent?.actionSent()
    }

    @usableFromInline
    func actionEnded() {
        lock.lock()
        var woken: [CheckedContinuation<Void, Never>] = []
        if !closed {
            pendingActions -= 1
            woken = takeWaitersIfEmpty()
        }
        lock.unlock()
        for waiter in woken { waiter.resume() }
        parent?.actionEnded()
    }

    /// The store went away or was invalidated: the group is over, its waiters return.
    func close() {
        lock.lock()
        closed = true
        tasks = [:]
        pendingActions = 0
        let woken = Array(waiters.values)
        waiters = [:]
        lock.unlock()
        for waiter in woken { waiter.resume() }
    }

    private func takeWaitersIfEmpty() -> [CheckedContinuation<Void, Never>] {
        guard isEmpty, !waiters.isEmpty else { return [] }
        let woken = Array(waiters.values)
        waiters = [:]
        return woken
    }

    /// Cancels every task in the group, and every task that joins later.
    func cancel() {
        lock.lock()
        isCancelled = true
        let running = tasks
        lock.unlock()
        for (id, runtime) in running { runtime.cancel(task: id) }
    }

    /// Returns when the group is empty. Cancelling the waiting task cancels the group's tasks
    /// and returns at once.
    func wait() async {
        let token = lock.withLock { () -> UInt64 in
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if isEmpty || closed || isCancelled {
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiters[token] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            cancel()
            let waiter = lock.withLock { waiters.removeValue(forKey: token) }
            waiter?.resume()
        }
    }
}

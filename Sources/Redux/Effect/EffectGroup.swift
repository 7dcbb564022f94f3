import Foundation

/// The effects one tracked dispatch is waited for on: the tasks its reduction (and its
/// middlewares) spawned — the group's own — and, transitively, the actions those tasks sent with
/// what those actions started in turn. ``DispatchTicket/waitForEffects()`` waits for all of it to
/// end; cancelling that wait cancels only the group's own tasks, and own ones that would join
/// later. Thread-safe (`NSLock`).
///
/// Every group but a dispatch's own sits inside another (`parent`): what joins or leaves it, and
/// the actions its tasks send, count in every group around it too, so each wait covers exactly
/// its own effects and everything they led to. A group's tasks are its own to cancel; those of
/// the groups inside it are not. Two kinds of group sit inside another:
/// - a tracked dispatch made from inside another dispatch's effects (`send.tracked`): the group
///   of its ticket;
/// - the actions the group's own tasks send: one group for all of them and for what they send in
///   turn (``followUps()``), which nobody cancels. A follow-up action's effects belong to that
///   action's reducer — possibly a parent that outlives the component that waits — so a
///   cancelled wait must not undo them.
@usableFromInline
final class EffectGroup: @unchecked Sendable {
    private let lock = NSLock()
    /// The group's own tasks alive, by runtime task id, with the runtime that owns them.
    private var tasks: [UInt64: EffectRuntime] = [:]
    /// Tasks alive in the groups inside this one: waited for here, not cancelled from here.
    private var innerTasks: Set<UInt64> = []
    /// Actions sent by the group's tasks (and inner groups' tasks) that have not reached their
    /// terminal yet.
    private var pendingActions = 0
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter: UInt64 = 0
    private var isCancelled = false
    private var closed = false
    /// The group this one sits inside, if any: the group of the effect that sent its action.
    let parent: EffectGroup?
    /// Whether this is the group of the actions another group's tasks sent (``followUps()``).
    private let holdsFollowUps: Bool

    init(parent: EffectGroup? = nil) {
        self.parent = parent
        self.holdsFollowUps = false
    }

    private init(followUpsOf sender: EffectGroup) {
        self.parent = sender
        self.holdsFollowUps = true
    }

    /// The group that an action sent by one of this group's tasks runs in (untracked): a group
    /// inside this one, so that its effects are waited for here but are not this group's to
    /// cancel. The follow-up group of a follow-up group is itself (a chain of actions that send
    /// actions stays one level deep). Made per sent action, only in a tracked dispatch's effects.
    @usableFromInline
    func followUps() -> EffectGroup {
        holdsFollowUps ? self : EffectGroup(followUpsOf: self)
    }

    private var isEmpty: Bool { tasks.isEmpty && innerTasks.isEmpty && pendingActions == 0 }

    /// Whether the wait on the group was cancelled (``cancel()``): its own tasks, and what they
    /// send, are dropped. A cancellation of a group around this one does not count: this group's
    /// tasks are not that group's own. Thread-safe.
    @usableFromInline var hasBeenCancelled: Bool {
        lock.withLock { isCancelled }
    }

    /// A task joins as one of the group's own, and is counted in every group around it. Returns
    /// `false` if this group was cancelled or closed (the caller then does not start the task).
    func join(_ id: UInt64, runtime: EffectRuntime) -> Bool {
        let joined = lock.withLock {
            if isCancelled || closed { return false }
            tasks[id] = runtime
            return true
        }
        if joined { parent?.joinInner(id) }
        return joined
    }

    /// A task of a group inside this one joined: waited for here, never cancelled from here.
    private func joinInner(_ id: UInt64) {
        lock.withLock { if !closed { _ = innerTasks.insert(id) } }
        parent?.joinInner(id)
    }

    func leave(_ id: UInt64) {
        lock.lock()
        if tasks.removeValue(forKey: id) == nil { innerTasks.remove(id) }
        let woken = takeWaitersIfEmpty()
        lock.unlock()
        for waiter in woken { waiter.resume() }
        parent?.leave(id)
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

    /// The store went away or was invalidated: the group is over, its waiters return, and so is
    /// every group around it (all of them are the store's).
    func close() {
        lock.lock()
        let first = !closed
        closed = true
        tasks = [:]
        innerTasks = []
        pendingActions = 0
        let woken = Array(waiters.values)
        waiters = [:]
        lock.unlock()
        for waiter in woken { waiter.resume() }
        if first { parent?.close() }
    }

    private func takeWaitersIfEmpty() -> [CheckedContinuation<Void, Never>] {
        guard isEmpty, !waiters.isEmpty else { return [] }
        let woken = Array(waiters.values)
        waiters = [:]
        return woken
    }

    /// Cancels the group's own tasks, and every own task that joins later. The tasks of the
    /// groups inside it go on.
    func cancel() {
        lock.lock()
        isCancelled = true
        let running = tasks
        lock.unlock()
        for (id, runtime) in running { runtime.cancel(task: id) }
    }

    /// Returns when the group and every group inside it are empty. Cancelling the waiting task
    /// cancels the group's own tasks (``cancel()``) and returns at once.
    func wait() async {
        let token = lock.withLock { () -> UInt64 in
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                // A task cancelled before it got here ran the handler below already (with no
                // waiter to remove); one cancelled after this check finds its waiter there.
                if isEmpty || closed || Task.isCancelled {
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

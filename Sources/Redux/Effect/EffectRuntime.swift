import Foundation

/// The store-owned runtime that runs every piece of asynchronous work a store starts: effects,
/// middleware `.task` and `.deferred` work.
///
/// It owns the `Task`s and their cancellation ids, counts them two ways — ``activeCount``
/// (started, not finished: `Store.settled()`) and ``runningCount`` (started and not asleep on
/// the store's clock: quiescence under a virtual clock) — and cancels them all when the store
/// is invalidated or released. It holds no reference to the store. Thread-safe: an `NSLock`
/// guards its tables.
///
/// Nothing is kept per action: a task's entry and its cancellation-id memberships go away when
/// the task ends, so ``bookkeepingCount`` is back to 0 once no work runs.
@usableFromInline
final class EffectRuntime: @unchecked Sendable {
    private struct Running {
        var task: Task<Void, Never>?
        let token: EffectToken
        let ids: [EffectID]
        /// Actions the task sent that are still queued: until they are processed, a
        /// cancellation by id must still reach them, so a finished task's entry stays until then.
        var queuedSends = 0
        var finished = false
        /// Counted in `running`: not asleep on the store's virtual clock and not exempted.
        var counted = true
        /// Exempted while it runs (``exemptFromQuiescence(_:)``): not counted although it is
        /// not asleep on the clock. A wake from the clock counts it again.
        var exempted = false
        /// What started it, kept only while ``describesTasks`` is on: the component, and the
        /// sequence number of the action whose pass started it.
        var origin: ErrorOrigin?
        var sequence: UInt64 = 0
    }

    private let lock = NSLock()
    private var tasks: [UInt64: Running] = [:]
    private var byID: [EffectID: Set<UInt64>] = [:]
    private var nextID: UInt64 = 0
    private var active = 0
    private var running = 0
    /// Tasks exempted from quiescence while they run (not counted in `running`).
    private var exempted = 0
    private var closed = false
    private let settle: SettleSignal
    /// Whether each task keeps what started it (``TaskDescription``), for the messages a test
    /// store gives about busy work. Off by default: a store keeps nothing it does not need.
    @usableFromInline var describesTasks = false

    init(settle: SettleSignal) { self.settle = settle }

    /// Work started and not finished yet.
    var activeCount: Int { lock.withLock { active } }

    /// Work started, not finished, not asleep on the store's (virtual) clock, and not exempted
    /// from quiescence (``exemptFromQuiescence(_:)``).
    var runningCount: Int { lock.withLock { running } }

    /// Tasks exempted from quiescence (``exemptFromQuiescence(_:)``) and not asleep since.
    var exemptedCount: Int { lock.withLock { exempted } }

    /// Tasks started, not finished, and asleep on the store's virtual clock.
    var asleepCount: Int {
        lock.withLock { tasks.values.reduce(0) { $0 + (!$1.finished && !$1.counted && !$1.exempted ? 1 : 0) } }
    }

    /// The ids of the tasks started and not finished yet (for the TestStore's in-flight check).
    var unfinishedTaskIDs: Set<UInt64> {
        lock.withLock { Set(tasks.lazy.filter { !$0.value.finished }.map(\.key)) }
    }

    /// Entries in the runtime's tables (tasks and cancellation-id memberships): 0 when idle.
    var bookkeepingCount: Int { lock.withLock { tasks.count + byID.count } }

    /// The two tables' sizes: task entries, and cancellation ids with members.
    var tableCounts: (tasks: Int, ids: Int) { lock.withLock { (tasks.count, byID.count) } }

    @usableFromInline var isClosed: Bool { lock.withLock { closed } }

    /// Starts `work` off the main actor. Returns `false`, and starts nothing, once the runtime
    /// has been cancelled.
    @usableFromInline @discardableResult
    func spawn(_ work: @escaping @Sendable () async -> Void) -> Bool {
        spawn(priority: nil, ids: [], group: nil, runsIfCancelledEarly: true) { _ in await work() } != nil
    }

    /// Starts `work` in a new detached task registered under the cancellation `ids` and in
    /// `group`, and counts it running at once (before the task is scheduled). Returns its token,
    /// or `nil` if the runtime is closed or the group was cancelled. An effect's task cancelled
    /// before it could start never runs `work`; middleware `.task` and `.deferred` work
    /// (`runsIfCancelledEarly`) runs and sees the cancellation, as it always did.
    ///
    /// With `dependencies`, the task runs `work` with ``Dependencies/current`` bound to them (a
    /// detached task inherits no task-local): the store passes its container, read on the main
    /// actor when the work starts, while it scopes its dependencies, else `nil`.
    @usableFromInline
    func spawn(
        priority: TaskPriority?,
        ids: [EffectID],
        group: EffectGroup?,
        lifetime: InstanceLifetime? = nil,
        runsIfCancelledEarly: Bool = false,
        dependencies: Dependencies? = nil,
        origin: @autoclosure () -> ErrorOrigin? = nil,
        sequence: UInt64 = 0,
        _ work: @escaping @Sendable (EffectToken) async -> Void
    ) -> EffectToken? {
        lock.lock()
        if closed {
            lock.unlock()
            return nil
        }
        nextID += 1
        let id = nextID
        let token = EffectToken(id: id, runtime: self, group: group, lifetime: lifetime)
        if let group, !group.join(id, runtime: self) {
            lock.unlock()
            return nil
        }
        // The work of a child instance that has ended never starts.
        if let lifetime, !lifetime.adopt(id) { token.markCancelled() }
        // The next part of a concatenation is spawned by the part that just finished: if that
        // one was cancelled meanwhile (by id, before this one was registered), so is this one.
        // Only from that part's own task: `EffectToken.current` is a task-local, inherited by
        // every `Task {}` created inside an effect (the store's scheduled main-actor turn among
        // them), and what those spawn is no part of the cancelled effect.
        if let parent = EffectToken.current, parent.runtimeID == ObjectIdentifier(self), parent.isCurrentTask, parent.isCancelled {
            token.markCancelled()
        }
        active += 1
        running += 1
        var entry = Running(task: nil, token: token, ids: ids)
        if describesTasks {
            entry.origin = origin()
            entry.sequence = sequence
        }
        tasks[id] = entry
        for effectID in ids { byID[effectID, default: []].insert(id) }
        lock.unlock()

        let task = Task.detached(priority: priority) { [self] in
            token.adoptCurrentTask()
            if runsIfCancelledEarly || !token.isCancelled {
                if let dependencies {
                    await Dependencies.$current.withValue(dependencies) {
                        await EffectToken.$current.withValue(token) { await work(token) }
                    }
                } else {
                    await EffectToken.$current.withValue(token) { await work(token) }
                }
            }
            token.relinquishTask()
            finish(id)
        }

        lock.lock()
        if var entry = tasks[id] {
            entry.task = task
            tasks[id] = entry
            let cancelNow = token.isCancelled
            lock.unlock()
            if cancelNow { task.cancel() }
        } else {
            lock.unlock()  // finished already
        }
        return token
    }

    private func finish(_ id: UInt64) {
        lock.lock()
        let entry = tasks[id]
        let group = entry?.token.group
        entry?.token.lifetime?.release(id)
        if let entry, entry.queuedSends > 0 {
            tasks[id]?.finished = true  // kept for its queued sends; forgotten after the last one
            tasks[id]?.counted = false
            tasks[id]?.exempted = false
        } else {
            forget(id)
        }
        active -= 1
        if entry?.counted != false { running -= 1 }
        if entry?.exempted == true { exempted -= 1 }
        let idle = running == 0 || active == 0
        lock.unlock()
        group?.leave(id)
        if idle { settle.pulse() }
    }

    /// Removes task `id`'s entry and its cancellation-id memberships. Under the lock.
    private func forget(_ id: UInt64) {
        guard let entry = tasks.removeValue(forKey: id) else { return }
        for effectID in entry.ids {
            byID[effectID]?.remove(id)
            if byID[effectID]?.isEmpty == true { byID.removeValue(forKey: effectID) }
        }
    }

    /// An action sent by `token`'s task was queued: a cancellation by id reaches it until
    /// ``sendProcessed(_:)``.
    @usableFromInline
    func sendQueued(_ token: EffectToken) {
        lock.withLock { tasks[token.id]?.queuedSends += 1 }
    }

    /// An action sent by `token`'s task was processed or dropped.
    @usableFromInline
    func sendProcessed(_ token: EffectToken) {
        lock.withLock {
            guard var entry = tasks[token.id] else { return }
            entry.queuedSends -= 1
            if entry.finished && entry.queuedSends == 0 {
                forget(token.id)
            } else {
                tasks[token.id] = entry
            }
        }
    }

    /// Task `id` (the current task) falls asleep on the store's virtual clock.
    func taskWillSleep(_ id: UInt64) {
        lock.lock()
        var idle = false
        if let entry = tasks[id] {
            if entry.counted {
                running -= 1
                idle = running == 0
            }
            if entry.exempted { exempted -= 1 }
            tasks[id]?.counted = false
            tasks[id]?.exempted = false  // asleep now: its wake counts it again
        }
        lock.unlock()
        if idle { settle.pulse() }
    }

    /// Sleeping task `id` is about to be resumed (by time or by cancellation): counted running
    /// again, until it sleeps on the clock again or ends.
    func taskWillWake(_ id: UInt64) {
        lock.withLock {
            guard let entry = tasks[id], !entry.counted else { return }
            if entry.exempted { exempted -= 1 }
            tasks[id]?.counted = true
            tasks[id]?.exempted = false
            running += 1
        }
    }

    /// Exempts running tasks from quiescence — work the test declared long-lived, waiting on
    /// something other than the store's clock (a stream, I/O): they stop counting in
    /// ``runningCount`` until they next sleep on the store's clock (a wake counts them again,
    /// so what a woken timer sends is still waited for). Asleep, finished or unknown ids are
    /// left as they are.
    func exemptFromQuiescence(_ ids: Set<UInt64>) {
        lock.lock()
        var changed = false
        for id in ids {
            guard let entry = tasks[id], !entry.finished, entry.counted else { continue }
            tasks[id]?.counted = false
            tasks[id]?.exempted = true
            running -= 1
            exempted += 1
            changed = true
        }
        let idle = changed && running == 0
        lock.unlock()
        if idle { settle.pulse() }
    }

    /// What started each unfinished task among `ids` (see ``describesTasks``), in start order.
    func descriptions(of ids: Set<UInt64>) -> [TaskDescription] {
        lock.withLock {
            ids.sorted().compactMap { id in
                guard let entry = tasks[id], !entry.finished else { return nil }
                return TaskDescription(id: id, origin: entry.origin, sequence: entry.sequence, isAsleep: !entry.counted && !entry.exempted)
            }
        }
    }

    /// Cancels the work running with `id`; returns how many tasks were cancelled.
    @discardableResult
    func cancel(id: EffectID) -> Int {
        lock.lock()
        let victims = (byID[id] ?? []).compactMap { tasks[$0] }
        for victim in victims { victim.token.markCancelled() }
        lock.unlock()
        for victim in victims { victim.task?.cancel() }
        return victims.count
    }

    /// Cancels the tasks of an ended child instance.
    func cancel(tasks ids: [UInt64]) {
        for id in ids { cancel(task: id) }
    }

    /// Cancels one task (a member of a cancelled effect group).
    func cancel(task id: UInt64) {
        lock.lock()
        let victim = tasks[id]
        victim?.token.markCancelled()
        lock.unlock()
        victim?.task?.cancel()
    }

    /// Cancels every running task and refuses new ones; closes their effect groups. Safe from
    /// any thread, any number of times.
    func cancelAll() {
        lock.lock()
        closed = true
        let victims = Array(tasks.values)
        for victim in victims { victim.token.markCancelled() }
        lock.unlock()
        for victim in victims {
            victim.task?.cancel()
            victim.token.group?.close()
        }
    }
}

/// What started a store-owned task, for messages about work still in flight.
package struct TaskDescription: Sendable {
    /// The runtime's id of the task.
    package let id: UInt64
    /// The component that started it (`nil` when not recorded).
    package let origin: ErrorOrigin?
    /// The sequence number of the action whose pass started it (0 when not recorded).
    package let sequence: UInt64
    /// Whether it sleeps on the store's virtual clock now.
    package let isAsleep: Bool
}

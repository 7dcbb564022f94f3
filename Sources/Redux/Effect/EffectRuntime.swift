import Foundation
import Synchronization

/// The store-owned runtime that runs every piece of asynchronous work a store starts: effects,
/// middleware `.task` and `.deferred` work.
///
/// It owns the `Task`s and their cancellation ids, counts them two ways — ``activeCount``
/// (started, not finished: `Store.settled()`) and ``runningCount`` (started and not asleep on
/// the store's clock: quiescence under a virtual clock) — and cancels them all when the store
/// is invalidated or released. It holds no reference to the store. Thread-safe: a ``SpinningLock``
/// guards its tables.
///
/// Nothing is kept per action: a task's entry and its cancellation-id memberships go away when
/// the task ends, so ``bookkeepingCount`` is back to 0 once no work runs.
@usableFromInline
final class EffectRuntime: @unchecked Sendable {
    private struct Running {
        /// The task's token, which holds the task itself (``EffectToken/attach(_:)``).
        let token: EffectToken
        let ids: [EffectID]
        /// Actions the task sent that are still queued: until they are processed, a
        /// cancellation by id must still reach them, so a finished task's entry stays until then.
        var queuedSends = 0
        var finished = false
        /// Asleep on the store's virtual clock.
        var asleep = false
        /// Declared long-lived by a test (``exemptFromQuiescence(_:)``), for good.
        var declared = false
        /// A declared task woken by the clock that has not queued anything, slept or ended
        /// since: what the wake set off is still to come, so it counts as running.
        var wokenPending = false

        /// Counted in `running`: what quiescence waits for.
        var isCounted: Bool { !finished && !asleep && (!declared || wokenPending) }
        /// Declared, not asleep, not counted: it may send (a stream it waits on may yield), so a
        /// wait for an action it might send counts it (`exemptedCount`).
        var isExemptedActive: Bool { !finished && !asleep && declared && !wokenPending }
        /// What started it, kept only while ``describesTasks`` is on: the component, and the
        /// sequence number of the action whose pass started it.
        var origin: ErrorOrigin?
        var sequence: UInt64 = 0
        /// The link of a concatenation it runs in, if any (the innermost; it knows the others).
        var link: ConcatenationLink?
        /// The store's own housekeeping (the persistence timer), not work a component started:
        /// counted for quiescence and ``activeCount`` like any task, but left out of
        /// ``unfinishedTaskIDs`` (a test store's "effects in flight").
        var isHousekeeping = false
    }

    /// A link of a concatenation, registered from the concatenation's start until the link has
    /// ended and what it sent without a task (a `.send` after asynchronous work) is processed:
    /// a cancellation of one of its ids marks it, so a link not started yet is skipped, and
    /// what starts inside it is born cancelled.
    private struct LinkEntry {
        let link: ConcatenationLink
        let ids: [EffectID]
        var queuedSends = 0
        var released = false
    }

    private let lock = SpinningLock()
    private var tasks: [UInt64: Running] = [:]
    private var byID: [EffectID: Set<UInt64>] = [:]
    /// The links of the concatenations running, by their entry's id (drawn with the tasks').
    private var links: [UInt64: LinkEntry] = [:]
    /// The last id drawn for a task or a concatenation link (``drawID()``).
    private let lastID = Atomic<UInt64>(0)
    private var active = 0
    private var running = 0
    /// Declared tasks neither asleep nor counted in `running` (see `Running.isExemptedActive`).
    private var exempted = 0
    /// Whether any task was ever declared long-lived: until then a remote enqueue does not look
    /// for the task it comes from (one relaxed load).
    @usableFromInline let hasDeclaredTasks = Atomic<Bool>(false)
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
        lock.withLock { tasks.values.reduce(0) { $0 + (!$1.finished && $1.asleep ? 1 : 0) } }
    }

    /// The ids of the tasks started and not finished yet (for the TestStore's in-flight check).
    var unfinishedTaskIDs: Set<UInt64> {
        lock.withLock { Set(tasks.lazy.filter { !$0.value.finished && !$0.value.isHousekeeping }.map(\.key)) }
    }

    /// The unfinished tasks registered under a cancellation id whose value is `value`, at any
    /// depth of lifting (any scope).
    func unfinishedTaskIDs(registeredUnder value: AnyHashable) -> Set<UInt64> {
        lock.withLock {
            var found: Set<UInt64> = []
            for (effectID, members) in byID where effectID.value == value {
                for member in members where tasks[member].map({ !$0.finished }) == true { found.insert(member) }
            }
            return found
        }
    }

    /// Entries in the runtime's tables (tasks, concatenation links and cancellation-id
    /// memberships): 0 when idle.
    var bookkeepingCount: Int { lock.withLock { tasks.count + links.count + byID.count } }

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
    ///
    /// `link` is the concatenation link the work belongs to: if that link was cancelled (by an
    /// id it is registered under) the task is born cancelled — checked under the lock, so a
    /// cancellation either finds the link or finds the task.
    @usableFromInline
    func spawn(
        priority: TaskPriority?,
        ids: [EffectID],
        group: EffectGroup?,
        lifetime: InstanceLifetime? = nil,
        runsIfCancelledEarly: Bool = false,
        link: ConcatenationLink? = nil,
        dependencies: Dependencies? = nil,
        origin: @autoclosure () -> ErrorOrigin? = nil,
        sequence: UInt64 = 0,
        housekeeping: Bool = false,
        _ work: @escaping @Sendable (EffectToken) async -> Void
    ) -> EffectToken? {
        let id = drawID()
        let token = EffectToken(id: id, runtime: self, group: group, lifetime: lifetime, tracksQueuedSends: !ids.isEmpty)
        guard register(token, ids: ids, link: link, origin: origin(), sequence: sequence, housekeeping: housekeeping) else { return nil }
        let task = Task.detached(priority: priority) { [self] in
            await token.runBound(dependencies: dependencies) {
                if runsIfCancelledEarly || !token.isCancelled { await work(token) }
            }
            finish(id)
        }
        // Outside the lock: a cancellation meanwhile marked the token, and attaching cancels
        // the task then (the task may also have finished already; attaching is harmless).
        token.attach(task)
        return token
    }

    /// A new id for a task or a concatenation link, unique in the runtime and increasing.
    @usableFromInline
    func drawID() -> UInt64 {
        lastID.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Registers a task about to be created for `token` (made with an id from ``drawID()``)
    /// under the cancellation `ids`, in its group, and counts it running at once (before the
    /// task is scheduled): one turn of the lock. Returns `false`, registering nothing, if the
    /// runtime is closed or the group was cancelled. The token is marked cancelled if its
    /// child instance has ended or `link` was cancelled (the task then skips its work or runs
    /// it cancelled). The caller creates the task and ``EffectToken/attach(_:)``es it.
    @usableFromInline
    func register(_ token: EffectToken, ids: [EffectID], link: ConcatenationLink?, origin: @autoclosure () -> ErrorOrigin?, sequence: UInt64, housekeeping: Bool = false) -> Bool {
        let id = token.id
        lock.lock()
        if closed {
            lock.unlock()
            return false
        }
        if let group = token.group, !group.join(id, runtime: self) {
            lock.unlock()
            return false
        }
        // The work of a child instance that has ended never starts.
        if let lifetime = token.lifetime, !lifetime.adopt(id) { token.markCancelled() }
        // Work inside a link of a concatenation that was cancelled before this was registered.
        if let link, link.token.isCancelled { token.markCancelled() }
        active += 1
        running += 1
        var entry = Running(token: token, ids: ids)
        entry.link = link
        entry.isHousekeeping = housekeeping
        if describesTasks {
            entry.origin = origin()
            entry.sequence = sequence
        }
        tasks[id] = entry
        for effectID in ids { byID[effectID, default: []].insert(id) }
        lock.unlock()
        return true
    }

    /// Task `id` has ended (called last thing in the task).
    @usableFromInline
    func finish(_ id: UInt64) {
        lock.lock()
        let entry = tasks[id]
        let group = entry?.token.group
        entry?.token.lifetime?.release(id)
        if let entry, entry.queuedSends > 0 {
            tasks[id]?.finished = true  // kept for its queued sends; forgotten after the last one
        } else {
            forget(id)
        }
        active -= 1
        if let entry {
            if entry.isCounted { running -= 1 }
            if entry.isExemptedActive { exempted -= 1 }
        } else {
            running -= 1
        }
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
        guard token.tracksQueuedSends else { return }
        lock.withLock {
            if tasks[token.id] != nil {
                tasks[token.id]?.queuedSends += 1
            } else {
                links[token.id]?.queuedSends += 1
            }
        }
    }

    /// An action sent by `token`'s task was processed or dropped.
    @usableFromInline
    func sendProcessed(_ token: EffectToken) {
        guard token.tracksQueuedSends else { return }
        lock.withLock {
            guard var entry = tasks[token.id] else {
                linkSendProcessed(token.id)
                return
            }
            entry.queuedSends -= 1
            if entry.finished && entry.queuedSends == 0 {
                forget(token.id)
            } else {
                tasks[token.id] = entry
            }
        }
    }

    /// Applies `change` to task `id`'s entry and keeps the two counters in step. Under the
    /// lock; returns whether `running` fell to 0.
    private func transition(_ id: UInt64, _ change: (inout Running) -> Void) -> Bool {
        guard var entry = tasks[id] else { return false }
        let wasCounted = entry.isCounted, wasExempted = entry.isExemptedActive
        change(&entry)
        tasks[id] = entry
        if entry.isExemptedActive != wasExempted { exempted += entry.isExemptedActive ? 1 : -1 }
        guard entry.isCounted != wasCounted else { return false }
        running += entry.isCounted ? 1 : -1
        return running == 0
    }

    /// Task `id` (the current task) falls asleep on the store's virtual clock.
    func taskWillSleep(_ id: UInt64) {
        let idle = lock.withLock {
            transition(id) {
                $0.asleep = true
                $0.wokenPending = false
            }
        }
        if idle { settle.pulse() }
    }

    /// Sleeping task `id` is about to be resumed (by time or by cancellation): it counts as
    /// running again; a declared one until it next queues something, sleeps or ends.
    func taskWillWake(_ id: UInt64) {
        lock.withLock {
            _ = transition(id) {
                $0.asleep = false
                $0.wokenPending = $0.declared
            }
        }
    }

    /// Declares tasks long-lived for good — work a test says waits on something other than the
    /// store's clock (a stream, I/O): quiescence no longer waits for them, except between a
    /// wake from the store's clock and what they do next (queue an action, sleep again, end),
    /// so what a woken one sends still lands before the clock's step returns. Finished or
    /// unknown ids are ignored.
    func exemptFromQuiescence(_ ids: Set<UInt64>) {
        hasDeclaredTasks.store(true, ordering: .relaxed)
        var idle = false
        lock.lock()
        for id in ids {
            guard let entry = tasks[id], !entry.finished else { continue }
            entry.token.markDeclared()
            if transition(id, { $0.declared = true; $0.wokenPending = false }) { idle = true }
        }
        lock.unlock()
        if idle { settle.pulse() }
    }

    /// The calling code queued something: if it runs in a declared task of this runtime that
    /// was woken by the clock, that wake's work is done (what it queued is in the inbox, which
    /// quiescence checks after the running count).
    @usableFromInline
    func noteQueuedFromCurrentTask() {
        guard let token = EffectToken.current, token.runtimeID == ObjectIdentifier(self), token.isDeclared, token.isCurrentTask else { return }
        let idle = lock.withLock { transition(token.id) { $0.wokenPending = false } }
        if idle { settle.pulse() }
    }

    /// What started each unfinished task among `ids` (see ``describesTasks``), in start order.
    func descriptions(of ids: Set<UInt64>) -> [TaskDescription] {
        lock.withLock {
            ids.sorted().compactMap { id in
                guard let entry = tasks[id], !entry.finished else { return nil }
                return TaskDescription(id: id, origin: entry.origin, sequence: entry.sequence, isAsleep: entry.asleep)
            }
        }
    }

    /// Cancels the work registered with `id` — tasks, and links of concatenations not ended
    /// yet — and returns how many tasks were cancelled.
    ///
    /// `link` is where the cancellation is written, when inside a concatenation: it never
    /// reaches the links of an enclosing concatenation from its own on (those are written after
    /// it). A `cancelInFlight` (`inFlight`) does not reach the work of the links before it
    /// either: they have finished, and what they sent is delivered.
    @discardableResult
    func cancel(id: EffectID, inFlight: Bool = false, from link: ConcatenationLink? = nil) -> Int {
        lock.lock()
        var victims: [EffectToken] = []
        for member in byID[id] ?? [] {
            if let entry = tasks[member] {
                // A cancellation written in a link never reaches the links before it in its
                // concatenation: they have finished, and what they sent is delivered (whether
                // it was still queued must not decide it).
                if let link, link.follows(entry.link) { continue }
                entry.token.markCancelled()
                victims.append(entry.token)
            } else if let entry = links[member] {
                if let link, link.spares(entry.link, inFlight: true) { continue }
                entry.link.token.markCancelled()
            }
        }
        lock.unlock()
        for victim in victims { victim.cancelTask() }
        return victims.count
    }

    /// Registers the links of a concatenation that starts, each under its `ids` (the enclosing
    /// scopes' and the link's own): `nil` once the runtime is closed. A concatenation started
    /// inside a cancelled link is born cancelled.
    @usableFromInline
    func beginConcatenation(_ ids: [[EffectID]], group: EffectGroup?, lifetime: InstanceLifetime?, enclosing: ConcatenationLink?) -> [ConcatenationLink]? {
        lock.lock()
        defer { lock.unlock() }
        if closed { return nil }
        let concatenation = drawID()
        let bornCancelled = enclosing?.token.isCancelled == true
        var result: [ConcatenationLink] = []
        result.reserveCapacity(ids.count)
        for (index, linkIDs) in ids.enumerated() {
            let linkID = drawID()
            let token = EffectToken(id: linkID, runtime: self, group: group, lifetime: lifetime, tracksQueuedSends: true)
            if bornCancelled { token.markCancelled() }
            let link = ConcatenationLink(token: token, concatenation: concatenation, index: index, enclosing: enclosing)
            links[linkID] = LinkEntry(link: link, ids: linkIDs)
            for effectID in linkIDs { byID[effectID, default: []].insert(linkID) }
            result.append(link)
        }
        return result
    }

    /// A link has ended or was skipped: its entry goes once what it sent is processed.
    @usableFromInline
    func release(_ link: ConcatenationLink) {
        lock.withLock {
            guard var entry = links[link.token.id] else { return }
            if entry.queuedSends > 0 {
                entry.released = true
                links[link.token.id] = entry
            } else {
                forgetLink(link.token.id)
            }
        }
    }

    /// Under the lock.
    private func linkSendProcessed(_ id: UInt64) {
        guard var entry = links[id] else { return }
        entry.queuedSends -= 1
        if entry.released && entry.queuedSends == 0 {
            forgetLink(id)
        } else {
            links[id] = entry
        }
    }

    /// Under the lock.
    private func forgetLink(_ id: UInt64) {
        guard let entry = links.removeValue(forKey: id) else { return }
        for effectID in entry.ids {
            byID[effectID]?.remove(id)
            if byID[effectID]?.isEmpty == true { byID.removeValue(forKey: effectID) }
        }
    }

    /// Cancels the tasks of an ended child instance.
    func cancel(tasks ids: [UInt64]) {
        for id in ids { cancel(task: id) }
    }

    /// Cancels one task (a member of a cancelled effect group).
    func cancel(task id: UInt64) {
        lock.lock()
        let victim = tasks[id]?.token
        victim?.markCancelled()
        lock.unlock()
        victim?.cancelTask()
    }

    /// Cancels every running task and refuses new ones; closes their effect groups. Safe from
    /// any thread, any number of times.
    func cancelAll() {
        lock.lock()
        closed = true
        let victims = tasks.values.map(\.token)
        for victim in victims { victim.markCancelled() }
        for entry in links.values { entry.link.token.markCancelled() }
        lock.unlock()
        for victim in victims {
            victim.cancelTask()
            victim.group?.close()
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

/// One link of a running concatenation, as the effect tree inside it sees it: its entry's token
/// (cancelled when the link is; what the link sends without a task of its own carries it), its
/// place, and the link of the enclosing concatenation, if any.
@usableFromInline
final class ConcatenationLink: Sendable {
    @usableFromInline let token: EffectToken
    let concatenation: UInt64
    let index: Int
    let enclosing: ConcatenationLink?

    init(token: EffectToken, concatenation: UInt64, index: Int, enclosing: ConcatenationLink?) {
        self.token = token
        self.concatenation = concatenation
        self.index = index
        self.enclosing = enclosing
    }

    /// Whether a cancellation written here leaves link `other` alone: a link of a concatenation
    /// this one is in, from the link the cancellation is in on (written after it); for a
    /// `cancelInFlight`, also a link before it (finished) and what is nested in one.
    func spares(_ other: ConcatenationLink, inFlight: Bool) -> Bool {
        var here: ConcatenationLink? = self
        while let position = here {
            if position.concatenation == other.concatenation {
                if other.index >= position.index { return true }
                break
            }
            here = position.enclosing
        }
        return inFlight && follows(other)
    }

    /// Whether the work of `other` (a task's innermost link) is in a link before this one, in a
    /// concatenation both are in: it has finished.
    func follows(_ other: ConcatenationLink?) -> Bool {
        var theirs = other
        while let their = theirs {
            var here: ConcatenationLink? = self
            while let position = here {
                if position.concatenation == their.concatenation { return their.index < position.index }
                here = position.enclosing
            }
            theirs = their.enclosing
        }
        return false
    }
}

import Foundation
import Synchronization

/// Who can tell whether a child instance is still in the state: the lift of the reducer or
/// middleware (by position) whose effect or task the instance's work came from, or the slice
/// whose queued dispatch the instance's lifetime guards.
@usableFromInline
enum LiftOwner: Hashable, Sendable {
    case reducer(Int)
    case middleware(Int)
    case slice(SliceProbe)
}

/// How the store asks a slice whether the child instance it was made for is still in the
/// state, for the actions the slice queued (`Store.dispatch(_:fromSliceOf:path:isPresent:file:line:)`).
/// Compared by identity. The check runs on the main actor.
@usableFromInline
final class SliceProbe: Hashable, Sendable {
    @usableFromInline let isPresent: @MainActor @Sendable () -> Bool

    @usableFromInline
    init(_ isPresent: @escaping @MainActor @Sendable () -> Bool) {
        self.isPresent = isPresent
    }

    @usableFromInline
    static func == (lhs: SliceProbe, rhs: SliceProbe) -> Bool { lhs === rhs }

    @usableFromInline
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The life of one child instance that has work in flight: the tasks it started, and whether
/// it has ended (its state went away). Ending cancels its tasks; every token of its work sees
/// the end (``EffectToken/isCancelled``), so what the work sends is dropped when it is processed,
/// even if a new instance of the same shape took its place.
///
/// Thread-safe: `ended` is atomic; the task set is guarded by an `NSLock`.
@usableFromInline
final class InstanceLifetime: @unchecked Sendable {
    @usableFromInline let owner: LiftOwner
    /// The instance's identity, from the owner's lift down.
    @usableFromInline let path: [ScopeStep]
    /// Unique to this lifetime: effect ids of the instance are scoped by it, so that a later
    /// instance in the same place (same path: a plain optional child, or an id shown again)
    /// never meets its predecessor's ids — its throttle window, say — while those still exist.
    @usableFromInline let serial = InstanceGeneration.next()
    private let ended = Atomic<Bool>(false)
    private let lock = NSLock()
    private var tasks: Set<UInt64> = []
    /// Actions its work sent that are queued and not processed yet.
    private var queuedSends = 0

    @usableFromInline
    init(owner: LiftOwner, path: [ScopeStep]) {
        self.owner = owner
        self.path = path
    }

    @usableFromInline var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Records a task of this instance; `false` if the instance has ended (the task must not run).
    func adopt(_ task: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if hasEnded { return false }
        tasks.insert(task)
        return true
    }

    /// A task of this instance finished.
    func release(_ task: UInt64) {
        lock.withLock { _ = tasks.remove(task) }
    }

    /// An action of this instance's work was queued.
    @usableFromInline
    func sendQueued() {
        lock.withLock { queuedSends += 1 }
    }

    /// An action of this instance's work was processed or dropped.
    @usableFromInline
    func sendEnded() {
        lock.withLock { queuedSends -= 1 }
    }

    /// Whether nothing of this instance's work is in flight: no task (its effects, its
    /// middlewares' `.task` and `.deferred` work, its throttle windows — which hold its throttled
    /// actions) and no queued action. An idle instance can be forgotten while it stays: nothing
    /// it started can arrive any more, so a later instance in its place cannot get any of it.
    var isIdle: Bool { lock.withLock { tasks.isEmpty && queuedSends == 0 } }

    /// Ends the instance; returns its tasks, for the runtime to cancel.
    func end() -> [UInt64] {
        lock.lock()
        ended.store(true, ordering: .releasing)
        let victims = Array(tasks)
        tasks = []
        lock.unlock()
        return victims
    }
}

/// The store's registry of live child instances that have work in flight, by path (every
/// component lifted to one place shares the instance). Empty (and costing one atomic load per
/// reducer chain) when no lifted child has work in flight.
///
/// The store sweeps it after every reducer chain (and when `settled()` returns): an instance no
/// longer in the state ends (its tasks are cancelled) and is forgotten; an instance with nothing
/// in flight (``InstanceLifetime/isIdle``) is forgotten too, since nothing it started can
/// arrive any more. Thread-safe (`NSLock`): a concatenation's later part may look up its
/// instance from a task.
@usableFromInline
final class InstanceRegistry: @unchecked Sendable {

    private let lock = NSLock()
    /// By path only: every component lifted to the same place (a feature's reducers, its
    /// middlewares) shares the instance's lifetime, so they share its scoped ids too (one of them
    /// may cancel what another started). The first to register is the owner that checks it.
    private var entries: [[ScopeStep]: InstanceLifetime] = [:]
    private let entryCount = Atomic<Int>(0)

    @usableFromInline init() {}

    /// The number of instances registered (for ``Store/bookkeeping``).
    @usableFromInline var count: Int { entryCount.load(ordering: .relaxed) }

    /// The lifetime of the instance at `path`, registered now if it is not yet.
    @usableFromInline
    func lifetime(owner: LiftOwner, path: [ScopeStep]) -> InstanceLifetime {
        let key = path
        lock.lock()
        defer { lock.unlock() }
        if let existing = entries[key], !existing.hasEnded { return existing }
        let lifetime = InstanceLifetime(owner: owner, path: path)
        entries[key] = lifetime
        entryCount.store(entries.count, ordering: .relaxed)
        return lifetime
    }

    /// Ends the instances `isAlive` rejects and forgets them and the idle ones;
    /// returns the tasks to cancel (the caller cancels them outside the lock).
    func sweep(_ isAlive: (InstanceLifetime) -> Bool) -> [UInt64] {
        var victims: [UInt64] = []
        lock.lock()
        for (key, lifetime) in entries {
            if lifetime.hasEnded || !isAlive(lifetime) {
                victims += lifetime.end()
                entries.removeValue(forKey: key)
            } else if lifetime.isIdle {
                entries.removeValue(forKey: key)
            }
        }
        entryCount.store(entries.count, ordering: .relaxed)
        lock.unlock()
        return victims
    }

    /// Ends every instance (the store was invalidated or released).
    func endAll() {
        lock.lock()
        let all = Array(entries.values)
        entries = [:]
        entryCount.store(0, ordering: .relaxed)
        lock.unlock()
        for lifetime in all { _ = lifetime.end() }
    }
}

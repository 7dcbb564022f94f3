import Synchronization

/// One task on an ``EffectRuntime``: its cancellation flag (checked when what it sent is
/// processed, so nothing it sends after cancellation is reduced), the effect group it belongs
/// to, and the identity of the task itself, so that a sleep on the store's clock is counted
/// only when the task itself sleeps (not a child task it started).
@usableFromInline
final class EffectToken: Sendable {
    /// The token of the runtime task the current code runs in, if any (inherited by child tasks,
    /// which is why ``isCurrentTask`` also compares task identity).
    @usableFromInline @TaskLocal static var current: EffectToken?

    let id: UInt64
    /// The runtime that owns the task, by identity only: a child task inherits the token through
    /// the task-local and may outlive that runtime, so the token must never dereference it.
    @usableFromInline let runtimeID: ObjectIdentifier
    @usableFromInline let group: EffectGroup?
    /// The child instance whose work this is, for an effect of a lifted component: when the
    /// instance ends, the token counts as cancelled.
    @usableFromInline let lifetime: InstanceLifetime?
    private let cancelled = Atomic<Bool>(false)
    private let declared = Atomic<Bool>(false)
    private let owner = Atomic<Int>(0)

    /// When the task started, process-wide (all stores): the order in which a `TestClock` wakes
    /// store-owned sleepers due at one instant.
    let startOrder: UInt64 = EffectToken.startCounter.wrappingAdd(1, ordering: .relaxed).newValue
    private static let startCounter = Atomic<UInt64>(0)

    @usableFromInline
    init(id: UInt64, runtime: EffectRuntime, group: EffectGroup?, lifetime: InstanceLifetime? = nil) {
        self.id = id
        self.runtimeID = ObjectIdentifier(runtime)
        self.group = group
        self.lifetime = lifetime
    }

    @usableFromInline var isCancelled: Bool {
        cancelled.load(ordering: .acquiring) || lifetime?.hasEnded == true
    }

    func markCancelled() { cancelled.store(true, ordering: .releasing) }

    /// Whether a test declared the task long-lived (see `EffectRuntime.exemptFromQuiescence`).
    var isDeclared: Bool { declared.load(ordering: .relaxed) }

    func markDeclared() { declared.store(true, ordering: .relaxed) }

    /// Records the calling task as this token's task (called first thing in the task).
    func adoptCurrentTask() {
        owner.store(withUnsafeCurrentTask { $0?.hashValue } ?? 0, ordering: .relaxed)
    }

    /// Forgets the token's task (called last thing in the task). The token outlives it — as the
    /// task-local ``current`` of every `Task {}` created inside it, and of those they create in
    /// turn — and a later task may be allocated where the finished one was: without this, such
    /// a task would pass ``isCurrentTask``.
    func relinquishTask() {
        owner.store(0, ordering: .relaxed)
    }

    /// Whether the calling code runs in this token's task itself (while that task runs).
    @usableFromInline var isCurrentTask: Bool {
        let current = withUnsafeCurrentTask { $0?.hashValue } ?? 0
        return current != 0 && current == owner.load(ordering: .relaxed)
    }
}

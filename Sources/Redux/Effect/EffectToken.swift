import Synchronization

/// One task on an ``EffectRuntime``: its cancellation flag (checked when what it sent is
/// processed, so nothing it sends after cancellation is reduced), the effect group it belongs
/// to, and the identity of the task itself, so that a sleep on the store's clock is counted
/// only when the task itself sleeps (not a child task it started).
///
/// Not final: an effect's task is its own token (``EffectTask``). Its state is atomic or set
/// once before it is shared, hence `@unchecked Sendable`.
@usableFromInline
class EffectToken: @unchecked Sendable {
    /// The token of the runtime task the current code runs in, if any (inherited by child tasks,
    /// which is why ``isCurrentTask`` also compares task identity).
    @usableFromInline @TaskLocal static var current: EffectToken?

    /// The frame of every runtime task's body: records the task as this token's, runs `body`
    /// with ``current`` bound to this token and, when given, ``Dependencies/current`` bound to
    /// `dependencies` (a detached task inherits no task-local), then forgets the task.
    @usableFromInline
    final func runBound(dependencies: Dependencies?, _ body: () async -> Void) async {
        adoptCurrentTask()
        if let dependencies {
            await Dependencies.$current.withValue(dependencies) {
                await EffectToken.$current.withValue(self, operation: body)
            }
        } else {
            await EffectToken.$current.withValue(self, operation: body)
        }
        relinquishTask()
    }

    @usableFromInline let id: UInt64
    /// The runtime that owns the task, by identity only: a child task inherits the token through
    /// the task-local and may outlive that runtime, so the token must never dereference it.
    @usableFromInline let runtimeID: ObjectIdentifier
    @usableFromInline let group: EffectGroup?
    /// The child instance whose work this is, for an effect of a lifted component: when the
    /// instance ends, the token counts as cancelled.
    @usableFromInline let lifetime: InstanceLifetime?
    /// ``cancelledBit`` and ``attachedBit``: the cancellation and the task handle's
    /// publication, in one atomic so that a cancellation and an ``attach(_:)`` racing each other
    /// always cancel the task exactly when one of them sees the other.
    private let state = Atomic<UInt8>(0)
    private static var cancelledBit: UInt8 { 1 }
    private static var attachedBit: UInt8 { 2 }
    /// The task, written once by ``attach(_:)`` before ``attachedBit`` publishes it, read only
    /// after seeing that bit.
    private nonisolated(unsafe) var task: Task<Void, Never>?
    /// Whether an action the task sends keeps the task's runtime entry until it is processed:
    /// only a task registered under cancellation ids (a cancellation by id must still reach its
    /// queued sends) or a concatenation link's token. Otherwise the runtime is not told of its
    /// sends at all.
    @usableFromInline let tracksQueuedSends: Bool
    private let declared = Atomic<Bool>(false)
    private let owner = Atomic<Int>(0)

    /// When the task started, process-wide (all stores): the order in which a `TestClock` wakes
    /// store-owned sleepers due at one instant.
    let startOrder: UInt64 = EffectToken.startCounter.wrappingAdd(1, ordering: .relaxed).newValue
    private static let startCounter = Atomic<UInt64>(0)

    @usableFromInline
    init(id: UInt64, runtime: EffectRuntime, group: EffectGroup?, lifetime: InstanceLifetime? = nil, tracksQueuedSends: Bool = false) {
        self.id = id
        self.runtimeID = ObjectIdentifier(runtime)
        self.group = group
        self.lifetime = lifetime
        self.tracksQueuedSends = tracksQueuedSends
    }

    @usableFromInline final var isCancelled: Bool {
        state.load(ordering: .acquiring) & Self.cancelledBit != 0 || lifetime?.hasEnded == true
    }

    /// Marks the token cancelled without touching its task (under the runtime's lock; the
    /// caller then calls ``cancelTask()`` outside it).
    final func markCancelled() { state.bitwiseOr(Self.cancelledBit, ordering: .acquiringAndReleasing) }

    /// Marks the token cancelled and cancels its task if it is attached yet (else
    /// ``attach(_:)`` will).
    final func cancelTask() {
        let before = state.bitwiseOr(Self.cancelledBit, ordering: .acquiringAndReleasing).oldValue
        if before & Self.attachedBit != 0 { task?.cancel() }
    }

    /// Publishes the token's task, once, right after it was created; cancels it if the token
    /// was cancelled meanwhile (or its child instance ended).
    @usableFromInline final func attach(_ task: Task<Void, Never>) {
        self.task = task
        let before = state.bitwiseOr(Self.attachedBit, ordering: .acquiringAndReleasing).oldValue
        if before & Self.cancelledBit != 0 || lifetime?.hasEnded == true { task.cancel() }
    }

    /// Whether a test declared the task long-lived (see `EffectRuntime.exemptFromQuiescence`).
    final var isDeclared: Bool { declared.load(ordering: .relaxed) }

    final func markDeclared() { declared.store(true, ordering: .relaxed) }

    /// Records the calling task as this token's task (called first thing in the task).
    final func adoptCurrentTask() {
        owner.store(withUnsafeCurrentTask { $0?.hashValue } ?? 0, ordering: .relaxed)
    }

    /// Forgets the token's task (called last thing in the task). The token outlives it — as the
    /// task-local ``current`` of every `Task {}` created inside it, and of those they create in
    /// turn — and a later task may be allocated where the finished one was: without this, such
    /// a task would pass ``isCurrentTask``.
    final func relinquishTask() {
        owner.store(0, ordering: .relaxed)
    }

    /// Whether the calling code runs in this token's task itself (while that task runs).
    @usableFromInline final var isCurrentTask: Bool {
        let current = withUnsafeCurrentTask { $0?.hashValue } ?? 0
        return current != 0 && current == owner.load(ordering: .relaxed)
    }
}

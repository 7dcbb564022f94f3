/// What the `ReduxTesting` product needs from a store and nothing else may use: a log observer
/// that reaches the store (for the state after each step), the state without observation, the
/// quiescence wait with a condition of its own, and the identities of the work in flight.
///
/// `package` access: visible to the targets of this package only, never to apps.
extension Store {
    /// Weak and set before the install hooks run, so the observer can read the state of a store
    /// whose initializer has not returned yet. Read and written on the main actor only.
    final class TestingReference: @unchecked Sendable {
        weak var store: Store?
        init() {}
    }

    /// Creates a store whose log goes to `observer` together with the store itself: the
    /// observer can read the state at every event, including those of the actions the install
    /// hooks dispatch while the initializer runs.
    package convenience init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>],
        resolvers: [Resolver<State, Action>],
        options: StoreOptions,
        observer: @escaping @MainActor @Sendable (Store, LogEvent<Action>) -> Void
    ) {
        let reference = TestingReference()
        self.init(
            initialState: initialState, reducers: reducers, middlewares: middlewares, resolvers: resolvers,
            options: options,
            onLog: { event in
                if let store = reference.store { observer(store, event) }
            },
            reference: reference
        )
    }

    /// The state, without registering observation interest.
    package var unobservedState: State {
        if isReducing { readWhileReducing() }
        return storage
    }

    /// Waits until `condition` holds or the store is quiescent (see ``quiescent(timeout:)``),
    /// re-checking whenever the store's settle signal pulses. Returns whether `condition` held.
    /// - Throws: ``SettleTimeoutError`` when `timeout` passes first; `CancellationError`.
    ///
    /// With `countingExempted`, tasks exempted from quiescence while they run
    /// (``exemptFromQuiescence(_:)``) keep the store from counting as quiescent: a wait for what
    /// such a task sends ends when it arrives, not at once.
    package func waitUntilQuiescent(or condition: @escaping (Store) -> Bool, timeout: Duration?, countingExempted: Bool = false) async throws -> Bool {
        var held = false
        try await wait(until: { store in
            if condition(store) { held = true; return true }
            return store.isQuiescent && !(countingExempted && store.runtime.exemptedCount > 0)
        }, timeout: timeout, running: { $0.runtime.runningCount })
        return held
    }

    /// The runtime's ids of the tasks started and not finished (effects, `.task`, `.deferred`).
    package nonisolated var inFlightTaskIDs: Set<UInt64> { runtime.unfinishedTaskIDs }

    /// Declares tasks long-lived, for good: quiescence (the test store's steps, a `TestClock`'s
    /// steps, ``quiescent(timeout:)``) waits for them only between a wake from the store's clock
    /// and what they do next (queue an action, sleep again, end). They are not cancelled, and
    /// ``settled(timeout:)`` still waits for them.
    package func exemptFromQuiescence(_ taskIDs: Set<UInt64>) {
        runtime.exemptFromQuiescence(taskIDs)
    }

    /// What started each unfinished task among `taskIDs`, in start order (the component and the
    /// action's sequence number are kept for stores made for a test store only).
    package nonisolated func describeTasks(_ taskIDs: Set<UInt64>) -> [TaskDescription] {
        runtime.descriptions(of: taskIDs)
    }

    /// The ids of the tasks in flight registered under the cancellation id `id` (``Effect/cancellable(id:cancelInFlight:)``),
    /// in the root feature or in any lifted child.
    package nonisolated func inFlightTaskIDs(cancellableWith id: some Hashable & Sendable) -> Set<UInt64> {
        runtime.unfinishedTaskIDs(registeredUnder: AnyHashable(id))
    }

    /// How many of the tasks in flight are asleep on the store's clock right now.
    package var sleepingTaskCount: Int { runtime.asleepCount }
}

/// The start order of the store-owned task running the caller (an effect, a `.task`, a
/// `.deferred` handler): tasks of every store in the process are numbered as they start (on the
/// main actor, or by the part of a concatenation before them), so the number is deterministic.
/// `nil` outside such a task. The `TestClock` wakes sleepers due at one instant in this order, so
/// what they send never depends on which thread reached its sleep first.
package enum TaskStartOrder {
    package static var current: UInt64? { EffectToken.current?.startOrder }
}

extension Store {
    /// Tasks started and not finished that are not asleep on the store's clock.
    package var runningTaskCount: Int { runtime.runningCount }

    /// Whether anything waits in the inbox or the pipeline queue.
    package var hasQueuedWork: Bool { inbox.hasPending || !pipeline.isEmpty }
}

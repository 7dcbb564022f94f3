import Observation

/// The single owner of an app's state: a value that changes only by dispatching actions
/// through a supervised pipeline of middlewares, resolvers and reducers.
///
/// Isolation: the store is isolated to the main actor; its state is read and written there only.
/// ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` can be called from any isolation without `await`.
///
/// Ordering: actions are processed one at a time, on the main actor, in FIFO order of arrival.
/// A dispatch made on the main actor outside the pipeline processes everything queued, then its
/// own action, before it returns; a dispatch made from inside the pipeline (a middleware, a
/// resolver, an observation callback) is queued behind the current action and never nested in
/// it; a dispatch from another isolation is queued for the main actor and never blocks. See
/// <doc:Dispatch> for every rule.
///
/// Observation: the store is `Observable`. Reading ``state`` (or a field through dynamic member
/// lookup, `store.count`) inside `withObservationTracking` or a SwiftUI view registers interest;
/// observers are told after the reducers ran, at most once per handled action.
///
/// Lifetime: ``invalidate()`` or the store's release cancels every task it owns and answers
/// every tracked dispatch still pending with ``DispatchOutcome/cancelled``.
///
/// The data model is ReduxCore's value state with `inout` reducers; the pipeline is TinyRedux's
/// supervised middleware → resolver → reducer flow.
@MainActor
@dynamicMemberLookup
public final class Store<State: Sendable, Action: Sendable> {
    /// The log handler's type: called on the main actor, synchronously, for every event.
    public typealias LogHandler = @MainActor @Sendable (LogEvent<Action>) -> Void

    /// The state. Written only by reducers, read only on the main actor, never while a reducer
    /// runs (the pipeline is not re-entrant), so the per-access exclusivity check is skipped.
    @exclusivity(unchecked) @usableFromInline var storage: State
    @usableFromInline let reducers: ContiguousArray<Reducer<State, Action>>
    @usableFromInline let middlewares: ContiguousArray<Middleware<State, Action>>
    @usableFromInline let resolvers: ContiguousArray<Resolver<State, Action>>
    @usableFromInline nonisolated let onLog: LogHandler?
    @usableFromInline nonisolated let clock: StoreClock
    @usableFromInline nonisolated let queue: ActionQueue<State, Action>
    @usableFromInline nonisolated let runtime: EffectRuntime
    @usableFromInline nonisolated let settle: SettleSignal
    /// Actions suspended in `.deferred` handlers, answered at once on invalidation or release.
    @usableFromInline nonisolated let suspended = SuspendedActions<Action>()
    @usableFromInline let registrar = ObservationRegistrar()
    /// Built once: a key path literal in a generic class is instantiated on every evaluation.
    @usableFromInline let stateKeyPath: KeyPath<Store, State>
    /// True while the pipeline runs; dispatches made then are queued, not nested.
    @exclusivity(unchecked) @usableFromInline var isProcessing = false
    /// True once ``state`` was read since the last notification: only then is the registrar paid.
    @exclusivity(unchecked) @usableFromInline var observedSinceNotification = false
    @exclusivity(unchecked) @usableFromInline var isInvalidated = false
    /// The current pass's run record, created when a middleware starts a `.task` in it.
    @exclusivity(unchecked) @usableFromInline var currentRun: ActionRun<State, Action>?
    /// Cancelled terminals of suspended actions, held while a pass runs (see `invalidate()`).
    @usableFromInline var deferredCancellations: [(UInt64, Action)] = []
    /// Reused between drains so taking the queue does not allocate.
    @usableFromInline var batch: [QueueEntry<State, Action>] = []

    /// Creates a store whose pipeline is live at once.
    ///
    /// Middleware install hooks run at the end, in chain order; what they dispatch is processed
    /// before the initializer returns.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - reducers: the reducer chain, run in order for every action that reaches it.
    ///   - middlewares: the middleware chain, run in order before the reducers.
    ///   - resolvers: the resolver chain, consulted in order when an error is raised.
    ///   - options: the clock and other settings.
    ///   - onLog: receives typed events on the main actor; with `nil`, no event is built and no
    ///     clock is read.
    public init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil
    ) {
        self.stateKeyPath = \Store.state
        self.storage = initialState
        self.reducers = ContiguousArray(reducers)
        self.middlewares = ContiguousArray(middlewares)
        self.resolvers = ContiguousArray(resolvers)
        self.onLog = onLog
        self.clock = StoreClock(options.clock, measuring: onLog != nil)
        self.queue = ActionQueue()
        let settle = SettleSignal()
        self.settle = settle
        self.runtime = EffectRuntime(settle: settle)
        installMiddlewares()
    }

    /// Creates a store with one plain ReduxCore-style reducer that handles every action.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - options: the clock and other settings.
    ///   - onLog: receives typed events on the main actor.
    ///   - reduce: mutates the state in place for each action, on the main actor.
    public convenience init(
        initialState: State,
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil,
        reduce: @escaping @Sendable (inout State, Action) -> Void
    ) {
        self.init(
            initialState: initialState,
            reducers: [Reducer(id: "reduce", handlingAll: reduce)],
            options: options,
            onLog: onLog
        )
    }

    /// Runs on whatever thread releases the store: it only closes the queue, cancels the
    /// store-owned tasks and answers waiters, touching no main-actor state.
    deinit {
        shutDown()
    }

    /// The current state.
    ///
    /// Reading it on the main actor registers observation interest (Observation framework), so
    /// SwiftUI views and `withObservationTracking` are told when an action changes it.
    public var state: State {
        if !observedSinceNotification { observedSinceNotification = true }
        registrar.access(self, keyPath: stateKeyPath)
        return storage
    }

    /// Reads one field of the state: `store.count` is `store.state.count`, without copying the
    /// rest of the state. Registers observation interest like ``state``.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        if !observedSinceNotification { observedSinceNotification = true }
        registrar.access(self, keyPath: stateKeyPath)
        return storage[keyPath: keyPath]
    }

    /// The state without registering observation, for the pipeline's contexts.
    @inlinable
    var currentState: State { storage }

    /// The most actions that were ever waiting in the queue at once. Also logged as
    /// `.queueHighWaterMark` when it rises. Thread-safe.
    public nonisolated var queueHighWaterMark: Int { queue.highWaterMark }

    /// `true` until ``invalidate()`` is called, `false` from then on.
    public var isValid: Bool { !isInvalidated }

    /// Cancels all store-owned work and refuses later dispatches.
    ///
    /// Queued actions are dropped and their tickets answer ``DispatchOutcome/cancelled``;
    /// `.task` and `.deferred` work is cancelled and nothing it dispatches is processed. Called
    /// from inside the pipeline, the current action finishes its synchronous pass and nothing runs
    /// after it. Calling it again does nothing.
    public func invalidate() {
        guard !isInvalidated else { return }
        isInvalidated = true
        let dropped = queue.close()
        for entry in dropped {
            if onLog != nil { logCancelled(entry) }
            entry.promise?.resolve(.cancelled)
        }
        for action in suspended.removeAll() {
            action.promise?.resolve(.cancelled)
            if onLog == nil { continue }
            // Inside a pass, its events must not be interleaved with another action's: the
            // suspended action's cancelled terminal is logged once the current pass ends.
            if isProcessing {
                deferredCancellations.append((action.sequence, action.action))
            } else {
                emit(action.sequence, action.action, .terminal(.cancelled))
            }
        }
        runtime.cancelAll()
        settle.pulse()
    }

    private func installMiddlewares() {
        isProcessing = true
        for (position, middleware) in middlewares.enumerated() {
            middleware.install?(MiddlewareInstallContext(store: self, position: position))
        }
        isProcessing = false
        drain()
    }
}

extension Store {
    /// Closes the queue and cancels the runtime; touches no main-actor state, so it is safe from
    /// a deinitializer on any thread.
    nonisolated func shutDown() {
        let dropped = queue.close()
        for entry in dropped { entry.promise?.resolve(.cancelled) }
        for action in suspended.removeAll() { action.promise?.resolve(.cancelled) }
        runtime.cancelAll()
        settle.pulse()
    }
}

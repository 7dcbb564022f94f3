import Observation

/// The single owner of an app's state: a value that changes only by dispatching actions
/// through a supervised pipeline of middlewares, resolvers and reducers.
///
/// Isolation: the store is isolated to the main actor; its state is read and written there only.
/// ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` can be called from any isolation without `await`.
///
/// Ordering: actions are processed one at a time, on the main actor, in FIFO order of arrival.
/// A dispatch made on the main actor outside the pipeline first takes, as one block, what other
/// isolations had queued before the call, processes it, then its own action, then what main-actor
/// code dispatches meanwhile, and returns without looking at the inbox again; a dispatch made from
/// inside the pipeline (a middleware, a resolver, an observation callback) is queued behind the
/// current action and never nested in it; a dispatch from another isolation is queued in the
/// inbox for a later main-actor turn and never blocks. See <doc:Dispatch> for every rule.
///
/// Observation: the store is `Observable`, member by member. Reading a field through dynamic
/// member lookup (`store.count`) inside `withObservationTracking` or a SwiftUI view tracks that
/// member, reading ``state`` the whole state; after the reducers of a handled action, observers
/// are told, at most once, when what they read changed (see <doc:Observation>).
///
/// Lifetime: ``invalidate()`` or the store's release cancels every task it owns and answers
/// every tracked dispatch still pending with ``DispatchOutcome/cancelled``; a store created with
/// a ``Persistence`` writes its pending save then, and releases the file's lock.
///
/// The data model is ReduxCore's value state with `inout` reducers; the pipeline is TinyRedux's
/// supervised middleware → resolver → reducer flow.
@MainActor
@dynamicMemberLookup
public final class Store<State: Sendable, Action: Sendable> {
    /// The log handler's type: called on the main actor, synchronously, for every event.
    public typealias LogHandler = @MainActor @Sendable (LogEvent<Action>) -> Void

    /// Whether the after-terminal steps run (the frames step, the persistence step): set while
    /// a one-shot frame request or a frame stream is registered, and for good when the store
    /// has a persistence. While it is `false` a terminal pays one test. Declared first, ahead of
    /// the generic `storage`, so that its offset is a constant.
    @exclusivity(unchecked) @usableFromInline var runsAfterTerminal = false
    /// The state. Written only by reducers, read only on the main actor, never while a reducer
    /// runs (the pipeline is not re-entrant), so the per-access exclusivity check is skipped.
    @exclusivity(unchecked) @usableFromInline var storage: State
    /// Set while a reducer runs: the state is being mutated in place (or, for a Seda-style
    /// reducer, has been moved out of ``storage`` into the call), so reading it then would see a
    /// half-made or moved-from value. The state accessors stop the program instead.
    @exclusivity(unchecked) @usableFromInline var isReducing = false
    @usableFromInline let reducers: ContiguousArray<Reducer<State, Action>>
    @usableFromInline let middlewares: ContiguousArray<Middleware<State, Action>>
    @usableFromInline let resolvers: ContiguousArray<Resolver<State, Action>>
    @usableFromInline nonisolated let onLog: LogHandler?
    @usableFromInline nonisolated let clock: StoreClock
    /// Where work from other isolations waits for a main-actor turn (locked).
    @usableFromInline nonisolated let inbox: Inbox<State, Action>
    @usableFromInline nonisolated let runtime: EffectRuntime
    /// The clock effects sleep on: ``StoreOptions/clock``, counted by the runtime.
    @usableFromInline nonisolated let effectClock: EffectClock
    /// Open throttle windows, by throttle id.
    @usableFromInline nonisolated let throttles = ThrottleGates<Action>()
    /// The pending counts and windows of rate-limited dispatches (see ``RateLimit``); touched
    /// only by a dispatch given a limit and by the limited entries it queued.
    @usableFromInline nonisolated let rateLimits: RateLimitBook<Action>
    /// Whether any reducer returns effects; if none does, reducing takes the exit-only path.
    @usableFromInline let reducersReturnEffects: Bool
    /// Live child instances with work in flight (lifted components; see <doc:Composition>).
    @usableFromInline nonisolated let instances = InstanceRegistry()
    /// Whether some component is lifted over a child that can go away: only then is the
    /// registry swept after reducer chains.
    @usableFromInline let checksLifetimes: Bool
    /// `MainActor.shared`, read once: the dispatch entry compares the caller's isolation with it
    /// on every call, and the global's accessor is a call into the concurrency runtime.
    @usableFromInline nonisolated let mainActor: MainActor = MainActor.shared
    @usableFromInline nonisolated let settle: SettleSignal
    /// Debug-build diagnostics (unhandled errors, runaway calls); `nil` when off.
    @usableFromInline nonisolated let diagnostics: DiagnosticSink?
    /// `diagnostics != nil`, as a plain flag: testing the optional would retain its closure.
    @usableFromInline nonisolated let isDiagnosing: Bool
    /// Whether an action that a lifted component skips because its child is absent is reported
    /// through ``diagnostics``: diagnostics on, no log handler (it gets `.childAbsent` events
    /// instead) and some component lifted. Tested only where a component answered `.defaultNext`.
    @usableFromInline let diagnosesAbsences: Bool
    /// Set once the current action reported an absent child, so that it reports one line however
    /// many lifted components skip it; cleared when a pass starts and when a replacement action
    /// (`.nextAs`, `.reduceAs`) takes its place, and restored when a suspended action resumes
    /// (diagnosing only).
    @exclusivity(unchecked) @usableFromInline var reportedAbsenceInPass = false
    /// The chain positions of the lifted reducers, in order.
    @usableFromInline let liftedReducerPositions: [Int]
    /// By reducer position: whether the lifted reducer's child was absent for the current action
    /// when the reducer chain started. Filled before the chain only when absences are reported
    /// (diagnosing or logging); a child that an earlier reducer of the chain removed is not
    /// reported as absent. Allocated once.
    @exclusivity(unchecked) @usableFromInline var absentAtChainStart: [Bool]
    /// Pressure diagnostics (``StoreOptions/pressureDiagnostics``); `nil` when off. While it is set,
    /// ``leavesFastPath`` is too, so the main-actor fast path never tests it.
    @usableFromInline nonisolated let pressure: PressureMonitor?
    /// Actions suspended in `.deferred` handlers, answered at once on invalidation or release.
    @usableFromInline nonisolated let suspended = SuspendedActions<State, Action>()
    @usableFromInline let registrar = ObservationRegistrar()
    /// Built once: a key path literal in a generic class is instantiated on every evaluation.
    @usableFromInline let stateKeyPath: KeyPath<Store, State>
    /// The members of the state read since they last changed (see <doc:Observation>).
    @usableFromInline let observation = MemberObservation()
    /// By member index × 2 + parity: the two paths its observers are registered under in
    /// ``registrar``, built when the member is first read. Observers register under the
    /// member's current parity; telling them flips it first, so that an observer registering
    /// again while others are told is not told twice for one action.
    @exclusivity(unchecked) @usableFromInline var memberPaths: ContiguousArray<KeyPath<Store, Int>> = []
    /// By member index: the member's current parity (0 or 1).
    @exclusivity(unchecked) @usableFromInline var memberParity: ContiguousArray<UInt8> = []
    /// The select subscriptions and state streams, in subscription order (see <doc:ReadingState>).
    @usableFromInline let subscriptions = SubscriptionList()
    /// The fire-once rules, in registration order (see <doc:Rules>); ``observedSinceNotification``
    /// stays set while one exists, so a store without rules pays nothing for them.
    @exclusivity(unchecked) @usableFromInline var rules: [RuleEntry<State, Action>] = []
    /// Rule registrations and removals a middleware call made, logged before its own event.
    @usableFromInline var pendingRuleEvents: [LogEvent<Action>.Kind] = []
    /// The state streams' `finish`, for invalidation and release.
    nonisolated let streams = StreamRegistry<Void>()
    /// The drivers' and streamers' broadcasters, finished on invalidation and release.
    nonisolated let broadcasters = BroadcasterRegistry()
    /// The one-shot frame requests waiting for their action's terminal, by sequence number.
    var frameRequests: [UInt64: FrameRequestEntry<State>] = [:]
    /// The frame streams, in creation order; finished ones are pruned at the next terminal.
    var frameStreams: [FrameStreamEntry<State>] = []
    /// The frame streams not yet finished, for invalidation, release and counting.
    nonisolated let frameRegistry = StreamRegistry<FrameStreamEnd>()
    /// The store's persistence (see <doc:PersistingState>), restored before the install hooks
    /// ran; its step follows the frames step after each terminal.
    @usableFromInline nonisolated let persistence: Persistence<State>?
    /// Set by the observation step after a handled action when the store has a persistence
    /// (which keeps ``observedSinceNotification`` set), read and cleared by the persistence step
    /// at the terminal: so the terminal hands that step nothing but the sequence number.
    @exclusivity(unchecked) @usableFromInline var persistenceSawHandled = false
    /// Whether ``state`` was read whole since the last notification.
    @exclusivity(unchecked) @usableFromInline var wholeStateRead = false
    /// The pipeline queue: entries the main actor is about to process (an inbox block, then
    /// what main-actor code appends while it runs). Empty whenever no call is processing.
    @exclusivity(unchecked) @usableFromInline var pipeline = EntryBuffer<State, Action>()
    /// A lone `.send` a pass made while nothing else was queued: then the oldest entry of the
    /// pipeline queue, kept apart so that a synchronous send costs no queue entry (only while
    /// no log handler needs its `.enqueued` event). Counted in ``pipeline``'s `count` (so
    /// `pipeline.isEmpty` covers it) and processed before its segments; empty whenever no call
    /// is processing.
    @exclusivity(unchecked) @usableFromInline var pendingSend: Action?
    /// The first effect the reducer chain of the current pass returned and its reducer's
    /// position (-1: none), until it starts; kept in the store, so that a pass needs no local
    /// to carry it.
    @exclusivity(unchecked) @usableFromInline var firstEffect = Effect<Action>.none
    @exclusivity(unchecked) @usableFromInline var firstEffectPosition = -1
    /// The effects other reducers of the chain returned after the first, with their positions
    /// (an array reused from pass to pass).
    @exclusivity(unchecked) @usableFromInline var collectedEffects: [(position: Int, effect: Effect<Action>)] = []
    /// Where ``pendingSend`` was written.
    @exclusivity(unchecked) @usableFromInline var pendingSendSite = CallSite(file: "", line: 0, onMainActor: true)
    /// True while the drain loop processes an entry of a taken segment that has entries after
    /// it: they are older than anything queued now, so a send must not take ``pendingSend``.
    @exclusivity(unchecked) @usableFromInline var hasEntriesAhead = false
    /// True while a main-actor call processes; dispatches made then are queued, not nested.
    @exclusivity(unchecked) @usableFromInline var isProcessing = false
    /// True when some reader may need telling after the next handled action: ``state`` was read
    /// whole, some member is armed, some subscription or stream exists, or some rule is registered. While it is false a
    /// handled action pays one test.
    @exclusivity(unchecked) @usableFromInline var observedSinceNotification = false
    @exclusivity(unchecked) @usableFromInline var isInvalidated = false
    /// `isInvalidated || scopesDependencies || pressure != nil`, kept as one flag: the main-actor
    /// fast path tests it instead of any of them, so binding dependencies or counting dispatches
    /// for pressure diagnostics costs that path nothing.
    @exclusivity(unchecked) @usableFromInline var leavesFastPath = false
    /// Events about other actions (refusals, cancellations) raised while a pass runs, delivered
    /// when the pass ends so that no action's events are interleaved with another's.
    @exclusivity(unchecked) @usableFromInline var heldEvents: [LogEvent<Action>] = []
    /// The current pass's run record, created when a middleware starts a `.task` in it; handed
    /// to the resumption when the action suspends, released at the terminal.
    @exclusivity(unchecked) @usableFromInline var currentRecord: RunRecord<State, Action>?
    /// The container behind ``dependencies`` when the store has one of its own (see
    /// ``followsCallerDependencies``).
    @exclusivity(unchecked) @usableFromInline var ownDependencies: Dependencies
    /// Whether the store, given no dependencies, binds its caller's container with only
    /// `\.clock` replaced by its own clock (a clock other than the default one, or a default
    /// clock created where `\.clock` is another clock); `false` once dependencies were given.
    @exclusivity(unchecked) @usableFromInline var followsCallerDependencies: Bool
    /// Whether the store said that it replaced a hand-set `\.clock` (it says so once).
    var reportedIgnoredClock = false
    /// Whether the store binds ``Dependencies/current`` to ``dependencies`` while it runs
    /// components and in the tasks it starts: set once dependencies were given (in the options
    /// or through the setter). While it is `false`, each of those places pays one test of it
    /// (the main-actor fast path none: it tests ``leavesFastPath``).
    @exclusivity(unchecked) @usableFromInline var scopesDependencies: Bool
    /// The call site of the action being processed; kept only for diagnostics (debug builds).
    @exclusivity(unchecked) @usableFromInline var passSite = CallSite(file: "", line: 0, onMainActor: true)

    // Recording and time travel (declared last, so that the fields above keep their offsets:
    // the main-actor fast path reads none of these).
    /// `takesFrames` as a stored flag, for the after-terminal step: set when a frame request or
    /// stream is registered, recomputed with ``runsAfterTerminal``.
    @exclusivity(unchecked) @usableFromInline var hasFrameWork = false
    /// The store's recorder (see <doc:RecordingHistory>), attached by `startRecording`; `nil` when the
    /// store does not record.
    @exclusivity(unchecked) @usableFromInline var activeRecorder: Recorder<State, Action>?
    /// `activeRecorder != nil`, as a plain flag.
    @exclusivity(unchecked) @usableFromInline var isRecording = false
    /// `activeRecorder != nil || travel != nil`: the drain loop tests it for every entry, and
    /// only then notes the entry's origin or holds it.
    @exclusivity(unchecked) @usableFromInline var interceptsEntries = false
    /// The origin of the action in the current pass, for the recorder step: written by the
    /// drain loop while recording, reset to `.external` after each recorded terminal (so the
    /// main-actor fast path, which never writes it, records an external action).
    @exclusivity(unchecked) @usableFromInline var passOrigin: ActionOrigin = .external
    /// The dispatch time of the action in the current pass, when it is a resumed `.deferred`
    /// action (in nanoseconds on the store's clock; `Int64.min`: none, the terminal's time is
    /// its time). Like ``passOrigin``, reset after each recorded terminal and each call.
    @exclusivity(unchecked) @usableFromInline var passDispatchedAt: Int64 = .min
    /// Time travel (see <doc:TimeTravel>): the step shown, the live state and the entries held
    /// meanwhile; `nil` while the store shows its live state.
    @exclusivity(unchecked) @usableFromInline var travel: TravelSession<State, Action>?
    /// The index the newest time-travel request targets (`nil`: live), updated when the request
    /// is made; the session follows when the request is processed.
    var requestedTravelIndex: Int?
    /// The newest recorded step's action when time travel was last requested: what the entry
    /// that returns to the live state carries (an entry needs an action of the app's type).
    var travelAction: Action?

    /// Creates a store whose pipeline is live at once.
    ///
    /// Middleware install hooks run at the end, in chain order; what they dispatch (and what that
    /// dispatches on the main actor, transitively) is processed before the initializer returns.
    /// What other isolations enqueue meanwhile waits for a later main-actor turn.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - reducers: the reducer chain, run in order for every action that reaches it.
    ///   - middlewares: the middleware chain, run in order before the reducers.
    ///   - resolvers: the resolver chain, consulted in order when an error is raised.
    ///   - options: the clock, the dependencies and other settings.
    ///   - onLog: receives typed events on the main actor; with `nil`, no event is built and no
    ///     clock is read.
    public convenience init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil
    ) {
        self.init(initialState: initialState, reducers: reducers, middlewares: middlewares, resolvers: resolvers, options: options, onLog: onLog, reference: nil)
    }

    /// The designated initializer; `reference`, when given, is pointed at the new store before
    /// the install hooks run (the testing observer reaches the store through it), and the
    /// store's tasks then keep what started them, for the test store's messages. `persistence`,
    /// when given, has already restored `initialState` (Store+Persistence.swift); it is attached
    /// before the install hooks run.
    init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>],
        resolvers: [Resolver<State, Action>],
        options: StoreOptions,
        onLog: LogHandler?,
        reference: TestingReference?,
        persistence: Persistence<State>? = nil
    ) {
        self.stateKeyPath = \Store.state
        self.storage = initialState
        self.persistence = persistence
        self.runsAfterTerminal = persistence != nil
        self.observedSinceNotification = persistence != nil
        self.reducers = ContiguousArray(reducers)
        self.reducersReturnEffects = reducers.contains { $0.effectBody != nil }
        self.liftedReducerPositions = reducers.indices.filter { reducers[$0].lift != nil }
        self.absentAtChainStart = Array(repeating: false, count: reducers.count)
        self.checksLifetimes = reducers.contains { $0.lift?.removable == true } || middlewares.contains { $0.lift?.removable == true }
        self.middlewares = ContiguousArray(middlewares)
        self.resolvers = ContiguousArray(resolvers)
        self.onLog = onLog
        self.clock = StoreClock(options.clock, measuring: onLog != nil)
        self.rateLimits = RateLimitBook()
        self.inbox = Inbox()
        let diagnostics = options.activeDiagnostics
        self.diagnostics = diagnostics
        self.isDiagnosing = diagnostics != nil
        self.pressure = options.pressureDiagnostics.map { settings in
            settings.validate()
            return PressureMonitor(settings, clock: options.clock)
        }
        self.diagnosesAbsences = diagnostics != nil && onLog == nil
            && (!liftedReducerPositions.isEmpty || middlewares.contains { $0.lift != nil } || resolvers.contains { $0.lift != nil })
        let settle = SettleSignal()
        self.settle = settle
        let runtime = EffectRuntime(settle: settle)
        runtime.describesTasks = reference != nil
        self.runtime = runtime
        let effectClock = EffectClock(options.clock, runtime: runtime)
        self.effectClock = effectClock
        // Given no dependencies, a store binds nothing when its clock and the `\.clock` of its
        // creator's scope are both a plain `ContinuousClock` (the same clock); otherwise it
        // binds its caller's container with its own clock as `\.clock`.
        let follows = options.dependencies == nil
            && !(options.clock is ContinuousClock && Dependencies.current.clock is ContinuousClock)
        let scopes = options.dependencies != nil || follows
        var values = options.dependencies ?? Dependencies()
        let replacedHandClock = options.dependencies != nil && values.bindStoreClock(effectClock)
        self.ownDependencies = values
        self.followsCallerDependencies = follows
        self.scopesDependencies = scopes
        self.leavesFastPath = scopes || pressure != nil
        if replacedHandClock { reportIgnoredClock() }
        if let virtual = options.clock as? any VirtualClock { virtual.attach(self) }
        reference?.store = self
        persistence?.attach { [weak self] in self?.storage }
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

    /// Runs on whatever thread releases the store: it closes the queue, cancels the
    /// store-owned tasks and answers waiters, touching no main-actor state. With a persistence,
    /// it then writes a pending save from the final state — read here, on the releasing thread,
    /// which holds the only reference to the store — through the `Sendable` snapshot, once the
    /// writer has drained, and releases the file's lock.
    deinit {
        // Read before any call on `self`: the deinitializer may read a `Sendable` stored
        // property only while `self` has not escaped.
        // While time-travelling, the live state is the one to save, never the one shown.
        let session = travel
        let final: State?
        if persistence == nil {
            final = nil
        } else if let session {
            final = session.live
        } else {
            final = storage
        }
        // Held while the store travelled in time: queued when it went away.
        if let held = session?.held { for entry in held { answerDropped(entry) } }
        shutDown()
        if let persistence { persistence.close(final, force: false) }
    }

    /// The whole current state.
    ///
    /// Reading it on the main actor tracks the whole state (Observation framework): SwiftUI views
    /// and `withObservationTracking` that read it are told once after every handled action, even
    /// one that changed nothing. Read a member instead (`store.count`) to be told only when that
    /// member changes; see <doc:Observation>.
    public var state: State {
        if isReducing { readWhileReducing() }
        wholeStateRead = true
        observedSinceNotification = true
        registrar.access(self, keyPath: stateKeyPath)
        return storage
    }

    /// Reads one member of the state: `store.count` is `store.state.count`, without copying the
    /// rest of the state, and tracks that member only (Observation framework): an observer of it
    /// is told after a handled action that changed it, at most once, and not for changes to
    /// other members. `store.profile.name` reads and tracks `profile`. What "changed" means
    /// depends on the member's type (value-compared, stamp-compared, or told after every handled
    /// action): see <doc:Observation>. Main actor.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        if isReducing { readWhileReducing() }
        track(observation.valueMember(keyPath))
        return storage[keyPath: keyPath]
    }

    /// The state without registering observation, for the pipeline's contexts.
    @inlinable
    var currentState: State {
        if isReducing { readWhileReducing() }
        return storage
    }

    /// Stops the program: a reducer (or code it called) read the store's state. Reducers are
    /// given the state; the store's own copy is not readable until the reducer returns.
    @usableFromInline
    func readWhileReducing() -> Never {
        preconditionFailure("Store.state was read while a reducer was running. A reducer works on the state it is given and must not read the store (a Seda-style reducer even has the state moved out of the store during its call).")
    }

    /// The most entries that were ever waiting at once, in the inbox (dispatches from other
    /// isolations, `.deferred` resumptions and task errors waiting for a main-actor turn) or in
    /// the main actor's pipeline queue (actions dispatched while a call processes). Also logged
    /// as `.queueHighWaterMark` when it rises. Thread-safe.
    public nonisolated var queueHighWaterMark: Int { inbox.highWaterMark }

    /// `true` until ``invalidate()`` is called; `false` afterwards, for good.
    public var isValid: Bool { !isInvalidated }

    /// Cancels all store-owned work and refuses later dispatches.
    ///
    /// Queued actions are dropped and their tickets answer ``DispatchOutcome/cancelled``, as do
    /// actions suspended in `.deferred`; `.task` and `.deferred` work is cancelled and nothing it
    /// dispatches is processed. Later dispatches are refused: their tickets answer
    /// `.refused(.invalidated)` and the log records one `.refused` event for each (for
    /// dispatches from other isolations, when the main actor next runs). Called from inside the
    /// pipeline, the current action finishes its synchronous pass and nothing runs after it; the
    /// log events of what was dropped follow that pass's terminal, never interleaved with it.
    /// With a ``Persistence``, the pending save is written now, synchronously (after the saves
    /// already handed to its writer), and the file's lock released; called from inside the
    /// pipeline, that happens at the current action's terminal, with that action's change
    /// included (see <doc:PersistingState>). Calling it again does nothing.
    public func invalidate() {
        guard !isInvalidated else { return }
        isInvalidated = true
        leavesFastPath = true
        // All bookkeeping first, so that a log handler called below sees the store closed.
        let dropped = inbox.close(.invalidated)
        let held = endTravelOnInvalidation()
        let suspendedActions = suspended.removeAll()
        runtime.cancelAll()
        instances.endAll()
        throttles.removeAll()
        streams.finishAll(())
        broadcasters.finishAll()
        frameRegistry.finishAll(.storeInvalidated)
        frameStreams.removeAll()
        updateRunsAfterTerminal()
        if let persistence { invalidatePersistence(persistence) }
        for entry in held { answerDropped(entry) }
        for entry in dropped { answerDropped(entry) }
        for action in suspendedActions { action.promise?.resolve(.cancelled) }
        // Task errors parked on a cancelled action's run are dropped with it.
        let parked = suspendedActions.flatMap { $0.record?.finish() ?? [] }
        if onLog != nil {
            holdingEvents {
                for entry in held { logDropped(entry) }
                for entry in dropped { logDropped(entry) }
                for action in suspendedActions {
                    emitForeign(LogEvent(sequence: action.sequence, action: action.action, kind: .terminal(.cancelled)))
                }
                for entry in parked { logDropped(entry) }
            }
        }
        settle.pulse()
    }

    private func installMiddlewares() {
        isProcessing = true
        withStoreDependencies {
            for (position, middleware) in middlewares.enumerated() {
                middleware.install?(MiddlewareInstallContext(store: self, position: position))
            }
        }
        drainPipeline()
        isProcessing = false
        finishCall()
    }
}

extension Store {
    /// Closes the inbox and cancels the runtime; touches no main-actor state, so it is safe from
    /// a deinitializer on any thread. Nothing is logged after release.
    nonisolated func shutDown() {
        let dropped = inbox.close(.storeReleased)
        for entry in dropped { answerDropped(entry) }
        for action in suspended.removeAll() {
            action.promise?.resolve(.cancelled)
            _ = action.record?.finish()
        }
        runtime.cancelAll()
        instances.endAll()
        throttles.removeAll()
        streams.finishAll(())
        broadcasters.finishAll()
        frameRegistry.finishAll(.storeReleased)
        settle.pulse()
    }
}

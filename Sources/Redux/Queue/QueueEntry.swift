/// One unit of work waiting in the store's inbox or pipeline queue: a dispatched action, the
/// resumption of a `.deferred` action, or an error thrown by a `.task`.
@usableFromInline
struct QueueEntry<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline
    enum Kind: Sendable {
        /// A fresh dispatch; `logged` says whether its `.enqueued` event was already delivered.
        case dispatch(logged: Bool)
        /// A `.deferred` handler finished; resume after middleware `index` — unless the handler
        /// was a lifted middleware's and its child instance (`lifetime`) is gone by then.
        /// `reportedAbsence`: the action's pass printed its absent-child line before it suspended.
        indirect case resume(index: Int, suspendedAt: Duration?, result: Result<DeferredExit<Action>, any Error>, lifetime: InstanceLifetime?, reportedAbsence: Bool)
        /// A `.task` started by middleware `index` threw after (or while) its action ran.
        /// An error thrown by store-owned work; `lifetime` is its child instance's, if any: the
        /// error is dropped when processed if that instance is gone by then.
        indirect case effectError(origin: ErrorOrigin, error: any Error, lifetime: InstanceLifetime?)
        /// An action sent by an effect's task: dropped when processed if the task was cancelled
        /// by then; it belongs to the task's effect group (if any) until its terminal.
        indirect case effectSend(EffectToken, logged: Bool)
        /// An action a slice of a child instance dispatched on the main actor while other actions
        /// were queued ahead of it (its `.enqueued` event delivered then): dropped when processed if that
        /// instance (`lifetime`, whose slice's child is at `path`) is gone by then, and reported
        /// like a detached slice's dispatch.
        indirect case sliceDispatch(InstanceLifetime, path: ChildPath)
        /// A fresh dispatch admitted by a ``RateLimit/limit(_:)``: it holds one of its
        /// identity's pending places until it leaves the queues (processed, dropped or
        /// refused), which gives the place back. Indirect, so an ordinary entry does not grow.
        indirect case limitedDispatch(ActionIdentity, logged: Bool)
        /// A time-travel request (``Store/jump(to:)``, ``Store/resumeLive()``): not an action of
        /// the app; its run's action is only what its log event shows. Never in the inbox.
        indirect case travel(TravelRequest)

        /// Whether this is a fresh dispatch (whose refusal a debug build reports).
        @usableFromInline var isDispatch: Bool {
            switch self {
            case .dispatch, .sliceDispatch, .limitedDispatch: true
            default: false
            }
        }
    }

    /// The action's run: sequence, actions, promise.
    @usableFromInline var run: ActionRun<State, Action>
    /// Where the action was dispatched.
    @usableFromInline var site: CallSite
    /// The run's record, for a resumption or a task error whose run started a `.task`.
    @usableFromInline var record: RunRecord<State, Action>?
    @usableFromInline var kind: Kind

    @inlinable
    init(_ run: ActionRun<State, Action>, site: CallSite, record: RunRecord<State, Action>? = nil, _ kind: Kind) {
        self.run = run
        self.site = site
        self.record = record
        self.kind = kind
    }
}

/// One unit of work waiting in the store's queue: a dispatched action, the resumption of a
/// `.deferred` action, or an error thrown by a `.task`.
@usableFromInline
struct QueueEntry<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline
    enum Kind: Sendable {
        /// A fresh dispatch; `logged` says whether its `.enqueued` event was already delivered.
        case dispatch(CallSite, logged: Bool)
        /// A `.deferred` handler finished; resume after middleware `index`.
        case resume(index: Int, dispatched: Action, suspendedAt: Duration?, result: Result<DeferredExit<Action>, any Error>, run: ActionRun<State, Action>?)
        /// A `.task` started by middleware `index` threw after its action ended.
        case effectError(index: Int, dispatched: Action, error: any Error, run: ActionRun<State, Action>?)
    }

    @usableFromInline var sequence: UInt64
    @usableFromInline var action: Action
    @usableFromInline var kind: Kind
    @usableFromInline var promise: OutcomePromise<Action>?

    @inlinable
    init(sequence: UInt64, action: Action, kind: Kind, promise: OutcomePromise<Action>?) {
        self.sequence = sequence
        self.action = action
        self.kind = kind
        self.promise = promise
    }
}

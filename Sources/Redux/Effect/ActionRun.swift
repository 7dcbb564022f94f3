/// One action's run through the pipeline, as one value: what every pipeline step needs to know
/// about the action it is handling.
///
/// Built when the action enters the pipeline, carried `inout` through middlewares, resolvers and
/// reducers, stored in a queue entry while the action is suspended in `.deferred` or while a task
/// error waits, and rebuilt from that entry when it resumes.
@usableFromInline
struct ActionRun<State: Sendable, Action: Sendable>: Sendable {
    /// The dispatch's sequence number (0 when neither a ticket nor a log handler needs one).
    @usableFromInline var sequence: UInt64
    /// The action as dispatched.
    @usableFromInline var dispatched: Action
    /// The action as it stands now (after any `.nextAs`).
    @usableFromInline var action: Action
    /// Owed the action's outcome, for a tracked dispatch.
    @usableFromInline var promise: OutcomePromise<Action>?
    /// Where the action was dispatched.
    @usableFromInline var site: CallSite
    /// Created when a middleware starts a `.task` in this run.
    @usableFromInline var record: RunRecord<State, Action>?

    @inlinable
    init(sequence: UInt64, action: Action, promise: OutcomePromise<Action>?, site: CallSite) {
        self.sequence = sequence
        self.dispatched = action
        self.action = action
        self.promise = promise
        self.site = site
        self.record = nil
    }
}

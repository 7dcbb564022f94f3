/// One action's run through the pipeline, as one value: what every pipeline step needs to know
/// about the action it is handling.
///
/// Built when the action enters the pipeline, carried `inout` through middlewares, resolvers and
/// reducers, stored in a queue entry while the action is suspended in `.deferred` or while a task
/// error waits, and rebuilt from that entry when it resumes.
///
/// Kept small on purpose: the call site lives in the queue entry (and, for diagnostics, in the
/// store's `passSite`), and the run record in the store's `currentRecord` while the pass runs
/// (and in the queue entry while it waits). A larger value is destroyed through its generic value
/// witness on the main-actor fast path (about 45 instructions per dispatch), and each reference it
/// holds costs a release there: with the record inside, P1 was 15 % slower.
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

    /// This run as an effect error's entry carries it: attributed to `action`, without the
    /// ticket (an error entry never holds the action's ticket).
    @inlinable
    func failure(of action: Action) -> ActionRun {
        var failure = self
        failure.action = action
        failure.promise = nil
        return failure
    }

    @inlinable
    init(sequence: UInt64, action: Action, promise: OutcomePromise<Action>?) {
        self.sequence = sequence
        self.dispatched = action
        self.action = action
        self.promise = promise
    }
}

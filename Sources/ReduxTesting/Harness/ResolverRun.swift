import Redux

/// What one resolver did with one error in a ``ResolverHarness``: the exit it returned, what it
/// dispatched, what reached the reducers, and the outcome.
///
/// A value, complete when ``ResolverHarness/run(_:error:origin:file:line:)`` returns (a resolver
/// is synchronous and its recoveries and dispatches are processed in the same step).
///
/// Equatable when `Action` is, with the library's rule for errors (same dynamic type, same
/// `String(describing:)` text).
public struct ResolverRun<Action: Sendable>: Sendable {
    /// The action the error was raised for (the resolver's `ResolverContext.action` and
    /// `ResolverContext.dispatchedAction`).
    public let action: Action

    /// Where the error was raised (the resolver's `ResolverContext.origin`).
    public let origin: ErrorOrigin

    /// The exit the resolver returned; `nil` if it was never consulted (the error did not arrive
    /// within the harness's timeout).
    public internal(set) var exit: LoggedExit<Action>?

    /// What the resolver dispatched through its context, in order. Not processed further (the
    /// harness tests one resolver); a `.reduceAs` recovery is not a dispatch and is not listed.
    public internal(set) var dispatched: [Action]

    /// The action that reached the reducers because of the resolver: ``action`` after
    /// `.exit(.reduce)` of a middleware's error, the replacement after `.exit(.reduceAs)` (for an
    /// effect's error, the action it enqueued); `nil` otherwise.
    public internal(set) var reduced: Action?

    /// How the action's run ended.
    ///
    /// For a `ErrorOrigin.middleware(id:position:)` origin this is the resolver's doing:
    /// `DispatchOutcome.recovered(_:reduced:)` or `DispatchOutcome.failed(_:)` (also when it
    /// declined: no other resolver takes the error). The harness's reducers accept every action,
    /// so a recovery that reduces an action reports `reduced: true`. For an effect's error
    /// (`ErrorOrigin.effect(middlewareID:position:)`, `ErrorOrigin.reducer(id:position:)`)
    /// the action had ended before the error was raised (`DispatchOutcome.reduced`); the
    /// resolver's doing is ``resolution``.
    public internal(set) var outcome: DispatchOutcome<Action>?

    /// What became of an effect's error (`nil` for a middleware's error): the store's
    /// `.effectErrorResolved` event.
    public internal(set) var resolution: EffectErrorResolution<Action>?

    init(action: Action, origin: ErrorOrigin) {
        self.action = action
        self.origin = origin
        self.dispatched = []
    }
}

extension ResolverRun: Equatable where Action: Equatable {}

import Redux

/// What one middleware did with one action in a ``MiddlewareHarness``: the exit it returned,
/// what it dispatched, the work it started, and where the action went.
///
/// A value: ``MiddlewareHarness/run(_:file:line:)`` returns the run as it stood when the call
/// returned; the harness keeps updating its own copy (``MiddlewareHarness/runs``,
/// ``MiddlewareHarness/lastRun``) as later work arrives — a `.deferred` resumption, a `.task`'s
/// dispatch after `await clock.advance(by:)`.
///
/// Equatable when `Action` is, with the library's rule for errors (same dynamic type, same
/// `String(describing:)` text).
public struct MiddlewareRun<Action: Sendable>: Sendable {
    /// The action the test ran.
    public let action: Action

    /// The exit the middleware returned, as the store logs it (a thrown error is
    /// `LoggedExit.resolve(_:)`). Its actions are the middleware's own.
    public internal(set) var exit: LoggedExit<Action>

    /// The exit a `.deferred` handler resumed the action with; `nil` until it resumes (or when
    /// the middleware did not defer). A handler that threw resumes with `LoggedExit.resolve(_:)`.
    public internal(set) var resumedExit: LoggedExit<Action>?

    /// The action that reached the reducers: ``action``, or the replacement of a `.nextAs` or an
    /// `.exit(.reduceAs)` (also after a `.deferred` resumption); `nil` when none did (consumed,
    /// failed, still suspended).
    public internal(set) var reduced: Action?

    /// How the action's run ended; `nil` while it is suspended in `.deferred`.
    ///
    /// The harness stands in for the rest of the pipeline: there are no other middlewares and
    /// no resolvers, and its reducer accepts every action without changing the state, so an
    /// action that reaches the reducers ends `DispatchOutcome.reduced` and an error ends
    /// `DispatchOutcome.failed(_:)`.
    public internal(set) var outcome: DispatchOutcome<Action>?

    /// What the middleware dispatched, in processing order (which is arrival order): through its
    /// context, from its `.task`, `.deferred` and `.effect` work (an effect's sends included),
    /// from the start of this run until the next run of the same harness started. Not processed
    /// further: the harness tests one middleware.
    public internal(set) var dispatched: [Action]

    /// The work this run's action started, in order (see ``StartedEffect``).
    public internal(set) var effectsStarted: [StartedEffect]

    /// Errors that the work this run started threw after the action's terminal, in order.
    public internal(set) var failedEffects: [FailedEffect]

    init(action: Action) {
        self.action = action
        // Replaced by the middleware's event during the synchronous pass, before `run` returns.
        self.exit = ._doNotMatchThisCase
        self.dispatched = []
        self.effectsStarted = []
        self.failedEffects = []
    }

    /// Whether the action is suspended in a `.deferred` handler: it deferred and has not resumed
    /// (or been cancelled) yet.
    public var isSuspended: Bool {
        if case .deferred = exit { return outcome == nil }
        return false
    }
}

extension MiddlewareRun: Equatable where Action: Equatable {}

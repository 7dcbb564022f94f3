/// What a middleware tells the store after it looked at an action: where the action goes next.
///
/// Follows TinyRedux's supervised pipeline. Every case states what it does to the pipeline and
/// what the log records for it (a `.middleware` event carrying a ``LoggedExit``).
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. It is an answer a middleware returns, and a hidden case
/// would be a value a middleware could return that means nothing; the log's ``LoggedExit``,
/// which readers switch over, is the one that may grow.
@frozen
public enum MiddlewareExit<State: Sendable, Action: Sendable>: Sendable {
    /// Pass the action on to the next middleware (then the reducers).
    ///
    /// Log: exit `.next`.
    case next

    /// Not this middleware's action; pass it on unchanged. Same flow as ``next``.
    ///
    /// Log: exit `.defaultNext`, recorded as declined.
    case defaultNext

    /// Pass `action` on instead: the remaining middlewares and the reducers see it, and an error
    /// raised later reports it as the current action.
    ///
    /// Log: exit `.nextAs(action)`; later events carry `action`.
    case nextAs(Action)

    /// End the middleware chain (see ``MiddlewareTerminal``).
    case exit(MiddlewareTerminal<Action>)

    /// Start fire-and-forget asynchronous work on the store-owned effect runtime; the chain
    /// continues at once as with ``next``.
    ///
    /// The work runs off the main actor and is cancelled when the store is invalidated or
    /// released. What it dispatches is queued. An error it throws reaches the resolvers after
    /// its action's terminal, with an ``ErrorOrigin/effect(middlewareID:position:)`` origin.
    /// Log: exit `.task`.
    case task(@Sendable (EffectContext<State, Action>) async throws -> Void)

    /// Start `effect` on the store's runtime (SwiftRex's effect middleware); the chain continues
    /// at once as with ``next``.
    ///
    /// The effect starts right away, during the middleware pass, and follows the same rules as
    /// a reducer's effect: cancellation ids, ``Effect/debounce(id:for:)`` and
    /// ``Effect/throttle(id:for:latest:)`` behave the same, a top-level ``Effect/send(_:file:line:)``
    /// is queued behind the current action, and an error reaches the resolvers after the
    /// action's terminal with an ``ErrorOrigin/effect(middlewareID:position:)`` origin.
    /// ``task(_:)`` is the short form for one piece of work that gets an ``EffectContext``.
    /// Log: exit `.effect`, then an `.effectStarted` event.
    case effect(Effect<Action>)

    /// Suspend this action's chain while asynchronous work runs; other actions keep flowing.
    ///
    /// The handler runs off the main actor on the store-owned effect runtime. When it returns,
    /// its ``DeferredExit`` is appended to the queue and the chain resumes after this middleware,
    /// against the state at that time: the action lands at its resume position, not its dispatch
    /// position. A thrown error (or `.exit(.resolve(_))`) goes to the resolvers with this
    /// middleware as origin. If the store is released or invalidated first, the handler is
    /// cancelled and the action's outcome is ``DispatchOutcome/cancelled`` (not a failure).
    /// Log: exit `.deferred` now, a `.resumed` event later.
    case deferred(@Sendable (EffectContext<State, Action>) async throws -> DeferredExit<Action>)
}

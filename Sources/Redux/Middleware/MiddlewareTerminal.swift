/// How a middleware (or a resumed `.deferred` handler) ends the middleware chain for an action.
///
/// Used inside ``MiddlewareExit/exit(_:)`` and ``DeferredExit/exit(_:)``. Each case skips every
/// middleware after the one that returned it.
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. The four cases are every way to end a chain: reduce, reduce
/// something else, consume, or fail.
@frozen
public enum MiddlewareTerminal<Action: Sendable>: Sendable {
    /// Skip the remaining middlewares and run the reducers on the current action.
    ///
    /// Log: the middleware event records exit `.reduce`; reducer events follow.
    case reduce

    /// Skip the remaining middlewares and run the reducers on `action` instead.
    ///
    /// Log: the middleware event records `.reduceAs(action)`; reducer events carry `action`.
    case reduceAs(Action)

    /// The middleware consumed the action: no reducer runs.
    ///
    /// Outcome: ``DispatchOutcome/consumed``. Log: exit `.done`, then the terminal event.
    case done

    /// Hand `error` to the resolvers, with this middleware as the error's origin.
    ///
    /// Same as throwing `error` from the middleware. Log: exit `.resolve(error)`, then one event
    /// per resolver consulted.
    case resolve(any Error)
}

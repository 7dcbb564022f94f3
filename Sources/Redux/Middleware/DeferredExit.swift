/// What a `.deferred` handler returns when its asynchronous work is over: how the suspended
/// action's middleware chain resumes.
///
/// The resumed chain is appended to the store's queue when the handler returns, and then runs
/// on the main actor against the state at that time, starting with the middleware after the one
/// that deferred. This is the one place where an action lands at its resume position rather
/// than its dispatch position. There is no `.defaultNext`, `.task` or nested `.deferred` here.
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. It is an answer a handler returns: go on, go on with another
/// action, or end the chain.
@frozen
public enum DeferredExit<Action: Sendable>: Sendable {
    /// Resume with the same action: the middlewares after the deferring one run, then the
    /// reducers. Log: a `.resumed` event with exit `.next`.
    case next

    /// Resume with `action` in place of the suspended one: the remaining middlewares and the
    /// reducers see `action`. Log: a `.resumed` event with exit `.nextAs(action)`.
    case nextAs(Action)

    /// End the chain as a middleware would (reduce, reduce another action, consume it, or hand
    /// an error to the resolvers with the deferring middleware as origin). Log: a `.resumed`
    /// event with the terminal's exit.
    case exit(MiddlewareTerminal<Action>)
}

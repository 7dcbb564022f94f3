/// Where a recorded action came from.
///
/// A replay re-dispatches only the ``external`` actions of a recording: the others are what the
/// store's own work made of them, and a store built the same way makes them again.
public enum ActionOrigin: String, Sendable, Hashable, CaseIterable {
    /// Dispatched from outside the pipeline: a view, a test, another thread or actor.
    case external
    /// Made by the store's own work: an effect's send, a `.task` or `.deferred` handler's
    /// dispatch, an action a middleware, an observer, a subscription or a rule dispatched while
    /// the pipeline ran, a resolver's recovery.
    case effect
}

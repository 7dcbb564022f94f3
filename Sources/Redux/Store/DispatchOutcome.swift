/// How one dispatched action's run through the pipeline ended.
///
/// Every exit path maps to exactly one outcome:
///
/// | path | outcome |
/// |---|---|
/// | reducers handled it (any middleware exits but `.exit(.done)`; also after a `.deferred` resume) | ``reduced`` |
/// | a middleware answered `.exit(.done)` (or a deferred handler resumed with it) | ``consumed`` |
/// | a resolver answered `.exit(.reduce)`, `.exit(.reduceAs(_))` or `.exit(.done)` | ``recovered(_:reduced:)`` |
/// | a resolver answered `.exit(.fail(_))`, or no resolver handled the error | ``failed(_:)`` |
/// | the reducers ran and every one answered `.defaultNext` | ``unhandled`` |
/// | the store was invalidated or released before the terminal (queued actions it dropped too) | ``cancelled`` |
public enum DispatchOutcome<Action: Sendable>: Sendable {
    /// At least one reducer handled the action (answered `.next` or `.done`).
    case reduced

    /// A middleware consumed the action: no reducer ran.
    case consumed

    /// An error was raised and a resolver recovered it.
    ///
    /// - Parameters:
    ///   - recovery: which recovery the resolver chose.
    ///   - reduced: whether a reducer then handled the action it reduced; always `false` for
    ///     ``Recovery/done``.
    case recovered(Recovery<Action>, reduced: Bool)

    /// An error was raised and not recovered; the state is unchanged by this action.
    case failed(any Error)

    /// The reducers ran and none handled the action.
    case unhandled

    /// The store was invalidated or released before the action reached its terminal.
    case cancelled

    /// The dispatch was refused: the store was already invalidated or released.
    case refused(RefusalReason)
}

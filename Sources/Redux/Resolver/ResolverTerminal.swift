/// How a resolver settles an error it took on.
///
/// Used inside ``ResolverExit/exit(_:)``. For an error from a middleware, the remaining
/// middlewares are skipped whatever the case. For an error from a `.task` (an
/// ``ErrorOrigin/effect(middlewareID:position:)`` origin) the action has already reached its
/// terminal, so the cases act differently, as each says.
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. The four cases are every way to settle an error: reduce the
/// action, reduce another, drop it, or fail.
@frozen
public enum ResolverTerminal<Action: Sendable>: Sendable {
    /// Reduce the action as it was when the error was raised (after any `.nextAs`).
    ///
    /// Effect origin: a logged no-op, since the action was already processed.
    /// Outcome: ``DispatchOutcome/recovered(_:reduced:)`` with ``Recovery/reduce``.
    case reduce

    /// Reduce `action` instead.
    ///
    /// Effect origin: `action` is enqueued as a new action and goes through the whole pipeline.
    /// Outcome: ``DispatchOutcome/recovered(_:reduced:)`` with ``Recovery/reduceAs(_:)``.
    case reduceAs(Action)

    /// The error is dealt with; nothing is reduced.
    ///
    /// Outcome: ``DispatchOutcome/recovered(_:reduced:)`` with ``Recovery/done``.
    case done

    /// Give up with `error` (which may be the original one or a replacement).
    ///
    /// Outcome: ``DispatchOutcome/failed(_:)``; the state is unchanged and the store keeps
    /// working.
    case fail(any Error)
}

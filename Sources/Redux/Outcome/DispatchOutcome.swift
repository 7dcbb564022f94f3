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
/// | the action was queued or suspended when the store was invalidated or released | ``cancelled`` |
/// | the dispatch itself was refused: the store was already invalidated or released, or the dispatch's ``RateLimit`` did not admit it | ``refused(_:)`` |
///
/// A refused action never entered the queue: no middleware, resolver or reducer saw it, and the
/// log records one `.refused` event for it, which is also its terminal.
///
/// Equatable when `Action` is: two ``failed(_:)`` outcomes are equal when their errors have the
/// same dynamic type and the same `String(describing:)` text (an `any Error` has no `==` of its
/// own), so a test can write `#expect(try await ticket.outcome == .reduced)`.
///
/// - Important: This enum may gain cases (see <doc:EnumPolicy>). Give a `switch` over it a
///   `default:` branch; the hidden case `_doNotMatchThisCase` makes the compiler ask for one.
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

    /// The action was accepted, but the store was invalidated or released while it was queued
    /// or suspended in a `.deferred` handler, before it reached its terminal.
    case cancelled

    /// The dispatch was refused, so the action was never queued and nothing ran for it: the store
    /// had already been invalidated (or released) when it was made, or the ``RateLimit`` given
    /// with it did not admit it (``RefusalReason/rateLimited``).
    ///
    /// Distinct from ``cancelled``, which is an action the store had accepted. The log records
    /// one `.refused` event, with the dispatch's call site, as the action's only event.
    case refused(RefusalReason)

    /// Not a real outcome: the library never produces it. It exists so that a `switch` over
    /// ``DispatchOutcome`` must have a `default:` branch, and adding outcomes never breaks it.
    case _doNotMatchThisCase
}

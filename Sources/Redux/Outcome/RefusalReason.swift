/// Why a store refused a dispatch, as reported by ``DispatchOutcome/refused(_:)`` and the
/// `.refused` log event.
///
/// A refused dispatch never entered the queue: no component saw the action. Refusal is decided
/// when the dispatch is made, on any isolation; the log event for a refusal made off the main
/// actor is delivered when the main actor next runs the store (and never after its release).
///
/// - Important: This enum may gain cases (see <doc:EnumPolicy>). Give a `switch` over it a
///   `default:` branch; the hidden case `_doNotMatchThisCase` makes the compiler ask for one.
public enum RefusalReason: Sendable, Hashable {
    /// ``Store/invalidate()`` had been called: the store refuses every later dispatch.
    case invalidated

    /// The store had been released: a context or effect that outlived it dispatched.
    case storeReleased

    /// The ``RateLimit`` given with the dispatch did not admit it (see <doc:RateLimits>): too
    /// many actions of its identity were pending, or one was admitted within the interval. The
    /// store is fine; a later dispatch of the identity may be admitted.
    case rateLimited

    /// Not a real reason: the library never produces it. It exists so that a `switch` over
    /// ``RefusalReason`` must have a `default:` branch, and adding reasons never breaks it.
    case _doNotMatchThisCase
}

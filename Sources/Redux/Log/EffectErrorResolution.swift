/// What became of an error thrown by a `.task` after its action had already ended, as recorded
/// by the `.effectErrorResolved` log event.
///
/// Equatable when `Action` is: two ``failed(_:)`` resolutions are equal when their errors have
/// the same dynamic type and the same `String(describing:)` text.
///
/// - Important: This enum may gain cases (see <doc:EnumPolicy>). Give a `switch` over it a
///   `default:` branch; the hidden case `_doNotMatchThisCase` makes the compiler ask for one.
public enum EffectErrorResolution<Action: Sendable>: Sendable {
    /// A resolver answered `.exit(.done)`.
    case done
    /// A resolver answered `.exit(.reduceAs(action))`: `action` was enqueued as a new action.
    case enqueued(Action)
    /// A resolver answered `.exit(.reduce)`: a no-op, the action had already reached its terminal.
    case ignoredReduce
    /// A resolver answered `.exit(.fail(error))`, or no resolver handled it.
    case failed(any Error)
    /// The store was invalidated before the error could take effect: it was still queued (or
    /// parked on an action suspended in `.deferred`) when ``Store/invalidate()`` ran, so no
    /// resolver saw it; or the resolver that saw it invalidated the store and its
    /// `.exit(.reduceAs(action))` recovery was refused. Never a second terminal of the action.
    case dropped
    /// Not a real resolution: the library never produces it. It exists so that a `switch` over
    /// ``EffectErrorResolution`` must have a `default:` branch, and adding resolutions never
    /// breaks it.
    case _doNotMatchThisCase
}

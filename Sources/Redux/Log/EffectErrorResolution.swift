/// What became of an error thrown by a `.task` after its action had already ended, as recorded
/// by the `.effectErrorResolved` log event.
public enum EffectErrorResolution<Action: Sendable>: Sendable {
    /// A resolver answered `.exit(.done)`.
    case done
    /// A resolver answered `.exit(.reduceAs(action))`: `action` was enqueued as a new action.
    case enqueued(Action)
    /// A resolver answered `.exit(.reduce)`: a no-op, the action had already reached its terminal.
    case ignoredReduce
    /// A resolver answered `.exit(.fail(error))`, or no resolver handled it.
    case failed(any Error)
    /// The error was still queued when the store was invalidated: nobody saw it.
    case dropped
}

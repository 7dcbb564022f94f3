/// One typed event from a store's pipeline, delivered to the store's `onLog` handler.
///
/// Delivery: processing events (middleware, resumed, resolver, reducer, terminal) are delivered
/// synchronously at each step, on the main actor, in pipeline order. An `.enqueued` event for a
/// dispatch made on the main actor is delivered at once; one for a dispatch made from another
/// isolation is delivered when the queue is drained, just before the action is processed.
///
/// Cost: with no handler attached no event is built and no clock is read.
///
/// Every event carries the ``sequence`` number of the dispatch it belongs to and the ``action``
/// as processed at that step (after any `.nextAs`). Sequence numbers start at 1 and grow by one
/// per dispatched action; an action enqueued by a resolver's recovery of a task error gets a new
/// one.
///
/// - Important: ``Kind`` grows as the library gains capabilities. Always give a `switch` over it
///   a `default:` branch; a hidden underscored case makes that necessary, so
///   adding kinds never breaks your code.
public struct LogEvent<Action: Sendable>: Sendable {
    /// The sequence number of the dispatch this event belongs to.
    public let sequence: UInt64
    /// The action as processed at this step.
    public let action: Action
    /// What happened.
    public let kind: Kind

    /// Creates an event.
    public init(sequence: UInt64, action: Action, kind: Kind) {
        self.sequence = sequence
        self.action = action
        self.kind = kind
    }

    /// What a ``LogEvent`` reports. Switch over it with a `default:` branch.
    public enum Kind: Sendable {
        /// The action entered the queue (or the pipeline directly) from `site`.
        case enqueued(CallSite)
        /// A middleware ran and returned `exit`.
        case middleware(ComponentStep, LoggedExit<Action>)
        /// A `.deferred` handler returned and the suspended action resumed with `exit`;
        /// the step names the deferring middleware and the time spent suspended.
        case resumed(ComponentStep, LoggedExit<Action>)
        /// A resolver was consulted about `error` and returned `exit`.
        case resolver(ComponentStep, LoggedExit<Action>)
        /// A reducer ran and returned `exit`.
        case reducer(ComponentStep, ReducerExit)
        /// The action reached its terminal with `outcome` (failures included).
        case terminal(DispatchOutcome<Action>)
        /// A `.task` threw `error` after its action had reached its terminal; resolver events
        /// and an `.effectErrorResolved` event follow.
        case effectFailed(ErrorOrigin, any Error)
        /// The resolvers settled an effect error.
        case effectErrorResolved(EffectErrorResolution<Action>)
        /// A dispatch from `site` was refused; this is also its terminal.
        case refused(RefusalReason, CallSite)
        /// The queue reached a new high-water mark (the most actions waiting at once).
        case queueHighWaterMark(Int)
        /// Not a real event: it exists so that a `switch` must have a `default:` branch.
        case _doNotMatchThisCase
    }
}

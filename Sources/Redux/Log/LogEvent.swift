/// One typed event from a store's pipeline, delivered to the store's `onLog` handler.
///
/// Delivery: processing events (middleware, resumed, resolver, reducer, terminal) are delivered
/// synchronously at each step, on the main actor, in pipeline order. An `.enqueued` event for a
/// dispatch made on the main actor is delivered at once; one for a dispatch made from another
/// isolation is delivered when the queue is drained, just before the action is processed.
///
/// Cost: with no handler attached no event is built and no clock is read.
///
/// Equatable when `Action` is, so a test can compare a whole log with `==`: errors are equal when
/// they have the same dynamic type and the same `String(describing:)` text, and durations are
/// left out.
///
/// Every event carries the ``sequence`` number of the dispatch it belongs to and the ``action``
/// as processed at that step (after any `.nextAs`). Sequence numbers come from one counter per
/// store, starting at 1. A number is drawn for every dispatch made while a log handler is
/// attached and for every tracked dispatch (it is the ticket's ``DispatchTicket/sequence``); an
/// untracked dispatch to a store without a log handler draws none. So the numbers a log shows
/// are unique and increase, but they may skip, and two dispatches made at the same moment on
/// different threads may be processed in the other order. An action enqueued by a resolver's
/// recovery of a task error gets a new number.
///
/// - Important: ``Kind`` grows as the library gains capabilities (see <doc:EnumPolicy>). Always
///   give a `switch` over it a `default:` branch; a hidden underscored case makes that
///   necessary, so adding kinds never breaks your code.
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

    /// What a ``LogEvent`` reports.
    ///
    /// Equatable when `Action` is: errors are equal when they have the same dynamic type and the
    /// same `String(describing:)` text; a ``ComponentStep``'s duration is left out.
    ///
    /// - Important: This enum gains cases as the library gains capabilities (see
    ///   <doc:EnumPolicy>). Give a `switch` over it a `default:` branch; the hidden case
    ///   `_doNotMatchThisCase` makes the compiler ask for one.
    public enum Kind: Sendable {
        /// The action entered the queue (or the pipeline directly) from `site`.
        case enqueued(CallSite)
        /// The dispatch made at `site` was refused for `reason` (the store was invalidated or
        /// released): the action never entered the queue. This one event is also the action's
        /// terminal; no `.enqueued` event precedes it. Its ticket answers
        /// ``DispatchOutcome/refused(_:)``.
        case refused(RefusalReason, CallSite)
        /// A middleware ran and returned `exit`.
        case middleware(ComponentStep, LoggedExit<Action>)
        /// A `.deferred` handler returned and the suspended action resumed with `exit`;
        /// the step names the deferring middleware and the time spent suspended.
        case resumed(ComponentStep, LoggedExit<Action>)
        /// A resolver was consulted about `error` and returned `exit`.
        case resolver(ComponentStep, LoggedExit<Action>)
        /// A reducer ran and returned `exit`.
        case reducer(ComponentStep, ReducerExit)
        /// The component at `origin` (a reducer, or a middleware's ``MiddlewareExit/effect(_:)``)
        /// started a non-empty effect for this action. A reducer's effects start after every
        /// reducer ran and observers were told, in chain order, before `.terminal`.
        case effectStarted(ErrorOrigin)
        /// A warning: a lifted component (the step, with its ``ComponentStep/path``) skipped the
        /// action because the child it is addressed to is absent — an optional child that is
        /// `nil`, an enum case that is not current, an element id not in the collection. The
        /// step's path names the missing child. It follows the component's own event (exit
        /// `.defaultNext`); nothing changed, and the other components still see the action.
        /// A lifted reducer reports it only if the child was already absent when the action
        /// entered the reducer chain: a child that an earlier reducer of the chain removed (a
        /// parent dismissing a sheet on the sheet's own action) is not reported.
        case childAbsent(ComponentStep, ChildAbsence)
        /// The action reached its terminal with `outcome` (failures included).
        case terminal(DispatchOutcome<Action>)
        /// A `.task` threw `error` after its action had reached its terminal; resolver events
        /// and an `.effectErrorResolved` event follow.
        case effectFailed(ErrorOrigin, any Error)
        /// The resolvers settled an effect error.
        case effectErrorResolved(EffectErrorResolution<Action>)
        /// The queue reached a new high-water mark (the most actions waiting at once).
        case queueHighWaterMark(Int)
        /// A warning: a detached slice — an ``OptionalSlice`` or ``ElementSlice`` whose child
        /// instance is gone (the path names it: `rows[3]`) — was asked to dispatch from `site`,
        /// and dispatched nothing. The event's ``LogEvent/action`` is the root action it would
        /// have dispatched; its ``LogEvent/sequence`` is a new number drawn for this event that
        /// no other event carries (the action never entered the queue: no `.enqueued` and no
        /// `.terminal` go with it). Delivered at once, or after the current action's terminal
        /// when the slice was used from inside the pipeline.
        case detachedSlice(ChildPath, CallSite)
        /// A warning from the store's pressure diagnostics (``StoreOptions/pressureDiagnostics``):
        /// actions of `identity` were dispatched `count` times within `window` of the store's
        /// clock, more than the threshold allows (`count` is the threshold plus one). The event's
        /// ``LogEvent/action`` and ``LogEvent/sequence`` are the dispatch that crossed the
        /// threshold; it is counted when made, and this warning changes nothing about its run.
        /// The identity then stays quiet for the cooldown. Delivered on the main actor: at once
        /// for a main-actor dispatch outside the pipeline (before its `.enqueued` event), after
        /// the current action's terminal for one made inside it, and on a main-actor turn of its
        /// own for one made from another isolation. TinyRedux calls this a high-frequency
        /// diagnostic.
        case highFrequencyAction(identity: ActionIdentity, count: Int, window: Duration)
        /// A middleware registered the fire-once rule `id` (see <doc:Rules>); `replaced` is
        /// `true` when a rule with that id was registered already and this one took its place
        /// (at the end of the order). The event's ``LogEvent/action`` and ``LogEvent/sequence``
        /// are those of the action whose middleware registered it; it precedes that
        /// middleware's own `.middleware` event.
        case ruleRegistered(id: String, replaced: Bool)
        /// The rule `id` held after this action's reducers (the event's ``LogEvent/action`` and
        /// ``LogEvent/sequence`` are the triggering action's): it was removed, and `dispatched`,
        /// the action its `then` returned, was queued behind what was already queued. Follows
        /// the reducers' events, precedes the `.enqueued` event of `dispatched`, any
        /// `.effectStarted` and the terminal.
        case ruleFired(id: String, dispatched: Action)
        /// The rule `id` was removed before it fired: a middleware unregistered it (the event's
        /// action and sequence are those of the action whose middleware unregistered it; it
        /// precedes that middleware's own event), or it was a lifted middleware's rule whose
        /// child is gone (the event's action is the handled action after which the rules step
        /// found it gone; it precedes that step's `.ruleFired` events). Unregistering an id with
        /// no rule logs nothing.
        case ruleRemoved(id: String)
        /// Time travel changed the state the store shows (see <doc:TimeTravel>): a jump to a
        /// recorded step, or the return to the live state. It is not an action: no middleware,
        /// resolver or reducer saw it. The event's `action` is the action of the step shown
        /// (for the committed state, index 0, the oldest recorded step's action; on the return
        /// to the live state, the newest step's), and its sequence number is 0.
        case timeTravel(TimeTravelStep)
        /// Not a real event: the library never produces it. It exists so that a `switch` over
        /// ``LogEvent/Kind`` must have a `default:` branch, and adding kinds never breaks it.
        case _doNotMatchThisCase
    }
}

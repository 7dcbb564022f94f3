/// What a Seda-style reducer returns besides the new state: the follow-up work of an action.
///
/// The idea and the case names are Seda's `Command`; here every command is an ``Effect`` of the
/// store's one runtime (see ``effect``), started after the reducers ran, with the store's
/// ordering and lifetime rules:
///
/// - ``none``: nothing.
/// - ``ofAction(_:)``: the action is queued behind the current one (FIFO) and processed in the
///   same dispatch call, after whatever was already queued — never run nested inside the
///   current action. Seda dispatches it depth-first, at once; code that relied on that order
///   sees the action later here, after the actions queued before it.
/// - ``batch(_:)``: the commands, merged (each asynchronous one in its own task).
/// - ``ofAsyncAction(_:)``: asynchronous work in a store-owned task that hands actions back
///   through `fulfill` (each is queued like a `Send`); cancelled when the store is released.
public enum Command<Action: Sendable>: Sendable {
    /// No follow-up work.
    case none
    /// Dispatch `action` next (queued FIFO, in the same call; never nested).
    case ofAction(Action)
    /// Run every command; asynchronous ones run concurrently.
    case batch([Command])
    /// Run `work` in a store-owned task; each action it passes to `fulfill` is dispatched
    /// (queued) in the order it is passed.
    case ofAsyncAction(@Sendable (_ fulfill: Send<Action>) async -> Void)

    /// The command as an ``Effect``: `.none`, `.send`, `.merge` and `.run`.
    @inlinable
    public var effect: Effect<Action> {
        switch self {
        case .none: .none
        case .ofAction(let action): .send(action)
        case .batch(let commands): .merge(commands.map(\.effect))
        case .ofAsyncAction(let work): .run { send in await work(send) }
        }
    }
}

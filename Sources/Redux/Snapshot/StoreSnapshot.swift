/// The store's state at one moment, with a way to dispatch to that store: a value to hand to
/// code that should read the state and send actions, and nothing else (ReduxCore's
/// `StoreSnapshot`).
///
/// ```swift
/// let snapshot = store.snapshot
/// snapshot.state                          // the whole state, as it was when taken
/// snapshot.count                          // one member (dynamic member lookup)
/// snapshot.dispatch(.increment)           // sent to the store
/// snapshot.dispatch(.increment, .reset)   // several, in order
/// ```
///
/// - **It does not update.** ``state`` is the state when the snapshot was taken
///   (``Store/snapshot``), and stays that value for good. To see later states, take a new
///   snapshot, or subscribe: a select subscription, a state stream (``Store/updates()``), or a
///   driver or streamer (``Store/subscribe(driver:)``), which deliver a new snapshot after each
///   handled action.
/// - **Its state is a second reference.** The state's buffers (arrays, strings, dictionaries)
///   are shared with the store, not copied; while a snapshot is alive, the store's next in-place
///   write into one of those buffers copies it once (see <doc:Pipeline>). Keep snapshots for as
///   long as they are needed, not longer, and prefer a member (`snapshot.count`) to the whole
///   state where a small value will do.
/// - **It holds its store weakly.** A snapshot never keeps a store alive. Once the store is
///   released or invalidated the snapshot is *detached* (``isDetached``): its state can still be
///   read, ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` sends nothing, and
///   ``dispatchTracked(_:file:line:isolation:)`` answers `.refused(.storeReleased)` or
///   `.refused(.invalidated)`.
///
/// Isolation: a snapshot is `Sendable` and may be used anywhere. Dispatching from it is the
/// store's ``Store/dispatch(_:file:line:isolation:)-(Action,_,_,_)`` with the caller's
/// isolation: on the main actor it is processed as a main-actor dispatch (before the call
/// returns when made outside the pipeline, queued behind the current action inside it); from
/// any other isolation it is queued in the store's inbox for a later main-actor turn and never
/// blocks. See <doc:Dispatch>.
///
/// Names: a member of the state called `state`, `isDetached`, `dispatch` or `dispatchTracked`
/// is hidden by the snapshot's own; read it as `snapshot.state.state`.
@dynamicMemberLookup
public struct StoreSnapshot<State: Sendable, Action: Sendable>: Sendable {
    /// The state when the snapshot was taken. It never changes.
    public let state: State

    /// The store the snapshot was taken from; weak, so that a snapshot never keeps it alive.
    weak let store: Store<State, Action>?

    /// A snapshot of `state` dispatching to `store` (held weakly).
    init(state: State, store: Store<State, Action>?) {
        self.state = state
        self.store = store
    }

    /// Whether the snapshot's store was released or invalidated: then dispatching on the
    /// snapshot sends nothing. Once `true`, `true` for good. Any isolation; a dispatch made from
    /// another isolation may still race the store's invalidation, and its ticket says which
    /// came first.
    public var isDetached: Bool {
        guard let store else { return true }
        return store.inbox.isClosed
    }

    /// One member of the state: `snapshot.count` is `snapshot.state.count`. Reads the value
    /// the snapshot holds; no observation is tracked, and the store is not touched.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        state[keyPath: keyPath]
    }

    /// Sends `action` to the snapshot's store, exactly as
    /// ``Store/dispatch(_:file:line:isolation:)-(Action,_,_,_)`` from the caller's isolation.
    ///
    /// Does nothing once the store is released. On an invalidated store the action is refused
    /// as the store refuses it (one `.refused` log event, or a diagnostic line when the store
    /// prints diagnostics and has no log handler); it never reaches a component.
    ///
    /// - Parameters:
    ///   - action: the action to send.
    ///   - file: the call site's file, for the log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    ///   - isolation: the caller's isolation, filled in by the compiler; do not pass it.
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) {
        guard let store else { return }
        store.dispatch(action, file: file, line: line, isolation: isolation)
    }

    /// Sends several actions to the snapshot's store, in order, as if dispatched one after the
    /// other by the same caller (the store's variadic `dispatch(_:file:line:isolation:)`):
    /// from another isolation they enter the store's queue together, with nothing in between.
    /// Does nothing once the store is released; refused, each, on an invalidated store.
    public func dispatch(
        _ actions: Action...,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) {
        guard let store else { return }
        store.dispatch(contentsOf: actions, file: file, line: line, isolation: isolation)
    }

    /// Sends `action` like ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` and returns a
    /// ticket whose ``DispatchTicket/outcome`` says how its run ended
    /// (``Store/dispatchTracked(_:file:line:isolation:)``).
    ///
    /// Once the store is released the ticket is answered at once with
    /// `.refused(.storeReleased)` (its ``DispatchTicket/sequence`` is 0: nothing was
    /// dispatched); once it is invalidated, with `.refused(.invalidated)`. The ticket never
    /// keeps the store alive.
    @discardableResult
    public func dispatchTracked(
        _ action: Action,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> DispatchTicket<Action> {
        guard let store else { return DispatchTicket(refused: .storeReleased) }
        return store.dispatchTracked(action, file: file, line: line, isolation: isolation)
    }
}

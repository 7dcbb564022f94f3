/// Dispatching: the public entry points into the pipeline.
extension Store {
    /// Sends `action` into the pipeline; callable from any isolation without `await`.
    ///
    /// - On the main actor, outside the pipeline: first takes, as one block, everything other
    ///   isolations had queued in the inbox before the call; processes that, then `action`, then
    ///   whatever main-actor code dispatches meanwhile (middlewares, resolvers, observation
    ///   callbacks, resolver recoveries, released task errors), transitively; then returns
    ///   without looking at the inbox again. When it returns the state reflects `action`, unless
    ///   a middleware suspended it with `.deferred` (it then lands at its resume position, on a
    ///   later main-actor turn). What other isolations enqueue meanwhile — a `.task`'s or a
    ///   `.deferred` handler's dispatch, a background thread — waits for a later turn, so the
    ///   result right after the call never depends on timing.
    /// - On the main actor, inside the pipeline (a middleware, a resolver, an observation
    ///   callback): queued behind the current action, processed after that action's terminal,
    ///   in the same call.
    /// - From any other isolation (another actor, a detached task, a plain thread): only
    ///   appended to the inbox, never blocking on the pipeline; a scheduled main-actor turn
    ///   processes at most 1,024 inbox entries, then yields. Order is kept per caller. A
    ///   dispatch from a nonisolated helper called by a middleware passes `#isolation == nil`
    ///   and takes this route too.
    ///
    /// The bound of one main-actor call is the backlog at the moment it was called plus its own
    /// consequences, not a constant. A main-actor observer that dispatches on every change keeps
    /// its call from ever returning (debug builds warn once after ``Store/runawayCallThreshold``
    /// such actions).
    ///
    /// After ``invalidate()`` the action is refused: a tracked dispatch answers
    /// `.refused(.invalidated)` and the log records one `.refused` event.
    ///
    /// - Parameters:
    ///   - action: the action to process.
    ///   - file: the call site's file, for the `.enqueued` log event (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    ///   - isolation: the caller's isolation, filled in by the compiler; do not pass it.
    ///
    /// - Complexity: O(middlewares + reducers) per action on the main actor; O(1) amortised to
    ///   enqueue from elsewhere.
    @inlinable
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) {
        if let isolation, isolation === mainActor {
            onMainActor((action, file, line)) { store, call in
                store.dispatchOnMainActor(call.0, file: call.1, line: call.2, promise: nil)
            }
        } else {
            enqueueRemote(action, file: file, line: line, promise: nil)
        }
    }

    /// Sends several actions, in order, as if dispatched one after the other by the same caller;
    /// from another isolation they enter the queue together, with nothing in between.
    @inlinable
    public func dispatch(
        _ actions: Action...,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) {
        dispatch(contentsOf: actions, file: file, line: line, isolation: isolation)
    }

    /// Sends every action of `actions`, in order, as if dispatched one after the other by the
    /// same caller; from another isolation they enter the queue together, with nothing in between.
    ///
    /// - Complexity: O(n) to enqueue; processing as for ``dispatch(_:file:line:isolation:)-(Action,_,_,_)``.
    @inlinable
    public func dispatch(
        contentsOf actions: some Sequence<Action>,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) {
        let batch = Array(actions)
        if let isolation, isolation === mainActor {
            onMainActor((batch, file, line)) { store, call in
                store.dispatchBatchOnMainActor(call.0, file: call.1, line: call.2)
            }
        } else {
            enqueueRemote(contentsOf: batch, file: file, line: line)
        }
    }

    /// Sends `action` like ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` and returns a ticket whose
    /// ``DispatchTicket/outcome`` says how the action's run ended.
    ///
    /// The ticket does not keep the store alive; if the store goes away while the action is
    /// queued or suspended the outcome is ``DispatchOutcome/cancelled``, and a dispatch made after
    /// ``invalidate()`` answers ``DispatchOutcome/refused(_:)`` at once.
    @inlinable
    public func dispatchTracked(
        _ action: Action,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> DispatchTicket<Action> {
        if let isolation, isolation === mainActor {
            return onMainActor((action, file, line)) { store, call in
                store.dispatchTrackedOnMainActor(call.0, file: call.1, line: call.2)
            }
        }
        let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
        enqueueRemote(action, file: file, line: line, promise: OutcomePromise(box: box))
        return DispatchTicket(box: box)
    }

    /// A tracked dispatch known to run on the main actor, for ``dispatchTracked(_:file:line:isolation:)``
    /// and the middleware and resolver contexts: draws the ticket's sequence number, then
    /// dispatches like `dispatchOnMainActor` (processed at once outside the pipeline, queued
    /// behind the current action inside it).
    @usableFromInline
    func dispatchTrackedOnMainActor(_ action: Action, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
        dispatchOnMainActor(action, file: file, line: line, promise: OutcomePromise(box: box))
        return DispatchTicket(box: box)
    }

    /// Runs `body` synchronously, treating the current context as the main actor, and returns
    /// what it returns.
    ///
    /// Audited unchecked step: callers check `isolation === MainActor.shared` first (the compiler
    /// does not narrow isolation after that test). `body` is a non-capturing closure literal, so
    /// the cast costs no allocation and its state accesses stay compiler-checked.
    @inlinable
    nonisolated func onMainActor<Call>(_ call: Call, _ body: @escaping @MainActor (Store, Call) -> Void) {
        #if DEBUG
        MainActor.assertIsolated("Store.dispatch: isolation said main actor, but not running there")
        #endif
        let unchecked = unsafeBitCast(body, to: ((Store, Call) -> Void).self)
        unchecked(self, call)
    }

    /// ``onMainActor(_:_:)`` for a body that returns a value (a tracked dispatch's ticket). Kept
    /// apart so that the untracked dispatch, P1, is not generic over its result.
    @inlinable
    nonisolated func onMainActor<Call, Value>(_ call: Call, _ body: @escaping @MainActor (Store, Call) -> Value) -> Value {
        #if DEBUG
        MainActor.assertIsolated("Store.dispatch: isolation said main actor, but not running there")
        #endif
        let unchecked = unsafeBitCast(body, to: ((Store, Call) -> Value).self)
        return unchecked(self, call)
    }
}

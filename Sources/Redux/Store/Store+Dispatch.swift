/// Dispatching: the public entry points into the pipeline.
extension Store {
    /// Sends `action` into the pipeline; callable from any isolation without `await`.
    ///
    /// - On the main actor, outside the pipeline: processes everything already queued, then
    ///   `action`, then whatever those dispatch, before returning. When it returns the state
    ///   reflects `action`, unless a middleware suspended it with `.deferred` (it then lands at
    ///   its resume position).
    /// - On the main actor, inside the pipeline (a middleware, a resolver, an observation
    ///   callback): queued behind the current action, processed after that action's terminal.
    /// - From any other isolation (another actor, a detached task, a plain thread): only
    ///   enqueued, never blocking on the pipeline; the main actor drains the queue on its next
    ///   turn. Order is kept per caller.
    ///
    /// After ``invalidate()`` the action is dropped.
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
        if let isolation, isolation === MainActor.shared {
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
        if let isolation, isolation === MainActor.shared {
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
    /// The ticket does not keep the store alive; if the store goes away first the outcome is
    /// ``DispatchOutcome/cancelled``.
    @inlinable
    public func dispatchTracked(
        _ action: Action,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> DispatchTicket<Action> {
        let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
        let promise = OutcomePromise(box: box)
        if let isolation, isolation === MainActor.shared {
            onMainActor((action, file, line, promise)) { store, call in
                store.dispatchOnMainActor(call.0, file: call.1, line: call.2, promise: call.3)
            }
        } else {
            enqueueRemote(action, file: file, line: line, promise: promise)
        }
        return DispatchTicket(box: box)
    }

    /// Runs `body` synchronously, treating the current context as the main actor.
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
}

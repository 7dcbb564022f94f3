import Foundation

/// State frames: JSON encodings of a projection of the state, taken right after an action's
/// terminal (TinyRedux's "snapshot API"). See <doc:StateFrames>.
extension Store {
    /// Dispatches `action` and returns a frame of `projection` taken at that action's terminal.
    ///
    /// The request is registered under the action's sequence number before the action is
    /// dispatched; the frame is taken in the frames step of the pipeline, right after the
    /// action's terminal and before the next queued action runs — after its reducers (handled
    /// or not), at a middleware's `.exit(.done)`, at a resolver's recovery, or after a
    /// `.deferred` resume (its terminal comes then).
    ///
    /// - **Answers**: `.success` with the frame; ``FrameError/failed(_:)`` for an unresolved
    ///   error or a resolver's `.fail`; ``FrameError/refused(_:)`` at once on an invalidated
    ///   store; ``FrameError/cancelled`` if the store is invalidated before the terminal or the
    ///   awaiting task is cancelled; ``FrameError/timedOut(after:)`` once `timeout` passes on
    ///   the store's clock (``StoreOptions/clock``: deterministic under a test clock);
    ///   ``FrameError/encoding(_:)`` if the projection cannot be encoded. Every path removes the
    ///   request.
    /// - **Lifetime**: like any async method, this call keeps the store alive while it waits, so
    ///   it cannot see the store's release. Without a timeout, an action suspended by a
    ///   `.deferred` handler that never resumes keeps it waiting until the store is invalidated:
    ///   pass a timeout where that can happen, or use
    ///   ``dispatchTrackingFrame(_:as:timeout:file:line:)``, whose ticket does not hold the store
    ///   and answers ``FrameError/cancelled`` when it is released.
    /// - **Ordering**: dispatched like ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` on the
    ///   main actor: processed at once outside the pipeline; from inside it (a task started by
    ///   an observation callback that runs while a call processes) queued behind the current
    ///   action like any main-actor dispatch made there.
    ///
    /// Main actor. The projection's ``StateProjection/init(state:)`` runs on the main actor;
    /// the encoding too. The idea is TinyRedux's snapshot API.
    public func dispatchForFrame<P: StateProjection>(
        _ action: Action,
        as projection: P.Type,
        timeout: Duration? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> Result<StateFrame, FrameError> where P.State == State {
        let ticket = dispatchTrackingFrame(action, as: projection, timeout: timeout, file: file, line: line)
        let answer = await ticket.request.wait(cancellingAnswers: true)
        removeFrameRequest(ticket.sequence)
        return answer
    }

    /// Dispatches `action` and returns a frame of the whole state taken at that action's
    /// terminal; as ``dispatchForFrame(_:as:timeout:file:line:)`` in every other respect.
    public func dispatchForFrame(
        _ action: Action,
        timeout: Duration? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> Result<StateFrame, FrameError> where State: Encodable {
        let ticket = dispatchTrackingFrame(action, timeout: timeout, file: file, line: line)
        let answer = await ticket.request.wait(cancellingAnswers: true)
        removeFrameRequest(ticket.sequence)
        return answer
    }

    /// Dispatches `action` and returns a ticket for a frame of `projection` taken at that
    /// action's terminal, without waiting.
    ///
    /// The frame and its answers are those of ``dispatchForFrame(_:as:timeout:file:line:)``;
    /// the ticket does not keep the store alive, so it also answers ``FrameError/cancelled``
    /// when the store is released before the terminal. The request is removed once it is
    /// answered (a timeout's removal reaches the main actor on its next turn).
    ///
    /// Main actor; the ticket may be awaited anywhere.
    @discardableResult
    public func dispatchTrackingFrame<P: StateProjection>(
        _ action: Action,
        as projection: P.Type,
        timeout: Duration? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> FrameTicket where P.State == State {
        let encode: (State) throws(StateCodingError) -> Data = { state throws(StateCodingError) in
            try encodeFrame(P(state: state))
        }
        return requestFrame(action, encode: encode, timeout: timeout, file: file, line: line)
    }

    /// Dispatches `action` and returns a ticket for a frame of the whole state taken at that
    /// action's terminal; as ``dispatchTrackingFrame(_:as:timeout:file:line:)`` otherwise.
    @discardableResult
    public func dispatchTrackingFrame(
        _ action: Action,
        timeout: Duration? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> FrameTicket where State: Encodable {
        let encode: (State) throws(StateCodingError) -> Data = { state throws(StateCodingError) in
            try encodeFrame(state)
        }
        return requestFrame(action, encode: encode, timeout: timeout, file: file, line: line)
    }

    /// Registers the request under a fresh sequence number, dispatches, and starts the timeout.
    private func requestFrame(
        _ action: Action,
        encode: @escaping (State) throws(StateCodingError) -> Data,
        timeout: Duration?,
        file: StaticString,
        line: UInt
    ) -> FrameTicket {
        let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
        let sequence = box.sequence
        let request = FrameRequest()
        box.whenResolved { outcome in request.answer(outcome: outcome) }
        frameRequests[sequence] = FrameRequestEntry(request: request, encode: encode)
        hasFrameWork = true
        runsAfterTerminal = true
        dispatchOnMainActor(action, file: file, line: line, promise: OutcomePromise(box: box))
        if request.isAnswered {
            removeFrameRequest(sequence)  // refused, or its terminal already came
            return FrameTicket(request: request, sequence: sequence)
        }
        if let limit = timeout {
            let timer = frameTimer(on: effectClock, after: limit) { [weak self] in
                request.answer(.failure(.timedOut(after: limit)))
                guard let store = self else { return }
                Task { @MainActor [weak store] in store?.removeFrameRequest(sequence) }
            }
            box.whenResolved { _ in timer.cancel() }
        }
        return FrameTicket(request: request, sequence: sequence)
    }

    /// Forgets the one-shot request of `sequence`, if it is still registered.
    func removeFrameRequest(_ sequence: UInt64) {
        guard frameRequests.removeValue(forKey: sequence) != nil else { return }
        updateRunsAfterTerminal()
    }

    /// A stream of frames of `spec`'s projection, one each time its change key changes after an
    /// action's terminal, until a limit of the spec or the store ends it.
    ///
    /// ```swift
    /// let stream = store.frames(spec, arming: .add("tea", price: 3))
    /// ```
    ///
    /// The stream is registered first — its first key computed from the current state, its
    /// initial frame (if the spec asks for one) emitted now with sequence 0, counting toward the
    /// count — and only then is `action` (the arming action) dispatched, like
    /// ``dispatch(_:file:line:isolation:)-(Action,_,_,_)``: so the arming action's own frame is
    /// never missed. Frames are taken in the frames step of the pipeline, right after each
    /// action's terminal, before the next queued action runs; see ``FrameSpec`` for when a frame
    /// is emitted and how the buffer is bounded.
    ///
    /// The stream finishes with a ``FrameStreamEnd``: the count reached, the duration elapsed
    /// (store clock, from now), the consumer cancelled, the store released or invalidated, or
    /// the arming action refused. On an invalidated store it finishes at once
    /// (``FrameStreamEnd/armingActionRefused(_:)`` with an arming action,
    /// ``FrameStreamEnd/storeInvalidated`` without).
    ///
    /// Main actor; the stream may be consumed anywhere. `changeKey`, the projection's
    /// ``StateProjection/init(state:)`` and the encoding run on the main actor.
    ///
    /// - Complexity: O(1) per action's terminal for an unchanged key (plus `changeKey`), plus
    ///   the projection and its encoding for a frame.
    public func frames<P>(
        _ spec: FrameSpec<State, P>,
        arming action: Action? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> FrameStream {
        let storage = FrameStreamStorage(count: spec.count, bufferLimit: spec.bufferLimit)
        let stream = FrameStream(storage: storage)
        if isInvalidated {
            storage.finish(action == nil ? .storeInvalidated : .armingActionRefused(.invalidated))
            return stream
        }
        let encode: (State) throws(StateCodingError) -> Data = { state throws(StateCodingError) in
            try encodeFrame(P(state: state))
        }
        let state = currentState
        let key = frameRegistry.add { storage.finish($0) }
        storage.whenFinished { [weak registry = frameRegistry] in registry?.remove(key) }
        if spec.initialFrame { storage.deliver(frame(of: state, sequence: 0, encode)) }
        if !storage.isFinished {
            let changeKey = spec.changeKey
            frameStreams.append(FrameStreamEntry(storage: storage, changeKey: { AnyHashable(changeKey($0)) }, encode: encode, lastKey: AnyHashable(changeKey(state))))
            hasFrameWork = true
            runsAfterTerminal = true
            if let duration = spec.duration {
                let timer = frameTimer(on: effectClock, after: duration) { storage.finish(.durationElapsed) }
                storage.whenFinished { timer.cancel() }
            }
        }
        if let action {
            let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
            box.whenResolved { outcome in
                if case .refused(let reason) = outcome { storage.finish(.armingActionRefused(reason)) }
            }
            dispatchOnMainActor(action, file: file, line: line, promise: OutcomePromise(box: box))
        }
        return stream
    }

    /// The frame streams registered and not yet finished (by a limit, the store, or their
    /// consumer stopping). Any isolation.
    public nonisolated var frameStreamCount: Int { frameRegistry.count }
}

/// A task that calls `fire` once `duration` passes on `clock`, counted from now, unless it is
/// cancelled first. It sleeps outside the store's runtime: a test clock sees it as a sleeper.
func frameTimer<C: Clock<Duration>>(on clock: C, after duration: Duration, _ fire: @escaping @Sendable () -> Void) -> Task<Void, Never> {
    let deadline = clock.now.advanced(by: duration)
    return Task.detached {
        do {
            try await clock.sleep(until: deadline, tolerance: nil)
        } catch {
            return
        }
        fire()
    }
}

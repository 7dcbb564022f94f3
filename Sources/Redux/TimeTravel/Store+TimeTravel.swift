/// Time travel on a live store: showing a recorded state, stepping through the recording, and
/// returning to the live state (see <doc:TimeTravel>).
extension Store {
    /// The index of the recorded state the store shows (0 is the recorder's committed state,
    /// ``Recorder/count`` its newest step), or `nil` while it shows its live state. Main actor.
    public var travelIndex: Int? { travel?.index }

    /// The live state: the one shown, or while time-travelling the one the store left.
    @inlinable
    var liveState: State {
        if let travel { return travel.live }
        return currentState
    }

    /// Whether the store shows a recorded state rather than its live one. Main actor.
    public var isTravelling: Bool { travel != nil }

    /// The actions held while the store travels, in arrival order, not yet processed —
    /// dispatches and effects' sends that arrived meanwhile, and the resumptions of actions a
    /// `.deferred` middleware had suspended before; ``resumeLive()`` processes them. Empty while
    /// the store is live. Main actor.
    public var heldActions: [Action] { travel?.held.map(\.run.action) ?? [] }

    /// Shows the recorder's state at `index`: 0 is the committed state, ``Recorder/count`` the
    /// newest step.
    ///
    /// The state is replaced by a time-travel entry of its own (not an action of the app: no
    /// middleware, resolver or reducer sees it). Observers, subscriptions and state streams are
    /// told of the change as after a handled action, and the log records a `.timeTravel` event;
    /// rules are not checked, no state frame is taken, no save is scheduled, and child work is
    /// not swept (travelling to a state without a row does not end the row's effects).
    ///
    /// From then until ``resumeLive()``, every action that arrives — from views, effects, other
    /// threads — is held, not processed (see ``heldActions``); effects keep running. Called
    /// from inside the pipeline (a middleware, an observer), the jump is queued behind the
    /// current action; otherwise it happens before the call returns. Main actor.
    ///
    /// - Throws: ``TimeTravelError/notRecording``, ``TimeTravelError/statesNotKept``,
    ///   ``TimeTravelError/nothingRecorded``,
    ///   ``TimeTravelError/indexOutOfRange(index:newest:)`` or ``TimeTravelError/storeInvalidated``;
    ///   nothing changes then.
    public func jump(to index: Int) throws(TimeTravelError) {
        let recorder = try travelRecorder()
        guard index >= 0, index <= recorder.count else { throw .indexOutOfRange(index: index, newest: recorder.count) }
        requestedTravelIndex = index
        enqueueTravel(.jump(stepID: index == 0 ? 0 : recorder.step(at: index).id), recorder: recorder)
    }

    /// Shows the state before the one shown: from the live state, the newest step's
    /// predecessor. See ``jump(to:)``; called from inside the pipeline, "the one shown" is what
    /// the store shows when the request is carried out.
    ///
    /// - Throws: ``TimeTravelError/atOldestStep`` at index 0, or what ``jump(to:)`` throws.
    public func stepBack() throws(TimeTravelError) {
        let recorder = try travelRecorder()
        let shown = requestedTravelIndex ?? recorder.count
        guard shown > 0 else { throw .atOldestStep }
        requestedTravelIndex = min(shown - 1, recorder.count)
        enqueueTravel(.stepBack, recorder: recorder)
    }

    /// Shows the state after the one shown. See ``jump(to:)`` and ``stepBack()``.
    ///
    /// - Throws: ``TimeTravelError/notTravelling`` while live, ``TimeTravelError/atNewestStep``
    ///   at the newest step, or what ``jump(to:)`` throws.
    public func stepForward() throws(TimeTravelError) {
        let recorder = try travelRecorder()
        guard let shown = requestedTravelIndex else { throw .notTravelling }
        guard shown < recorder.count else { throw .atNewestStep }
        requestedTravelIndex = shown + 1
        enqueueTravel(.stepForward, recorder: recorder)
    }

    /// Shows the live state again, then processes the held actions in arrival order, each
    /// against the live state as if just dispatched: nothing that arrived while travelling is
    /// lost. Observers, subscriptions and streams are told of the return; the log records a
    /// `.timeTravel(.resumedLive)` event. Like a jump, queued behind the current action when
    /// called from inside the pipeline. Does nothing while the store is live. Main actor.
    public func resumeLive() {
        guard requestedTravelIndex != nil || travel != nil, let action = travelAction, !isInvalidated else { return }
        requestedTravelIndex = nil
        enqueueTravel(.resume, action: action)
    }

    /// The recorder time travel reads, or why there is none to read.
    private func travelRecorder() throws(TimeTravelError) -> Recorder<State, Action> {
        guard !isInvalidated else { throw .storeInvalidated }
        guard let recorder = activeRecorder else { throw .notRecording }
        guard recorder.keepsStates else { throw .statesNotKept }
        guard recorder.count > 0 else { throw .nothingRecorded }
        return recorder
    }

    /// Queues a time-travel request; its entry carries the newest step's action (an entry needs
    /// one of the app's actions; the log event shows the action of the step shown).
    private func enqueueTravel(_ request: TravelRequest, recorder: Recorder<State, Action>) {
        let action = recorder.step(at: recorder.count).action
        travelAction = action
        enqueueTravel(request, action: action)
    }

    /// Queues a time-travel entry behind the current action, or processes it now.
    private func enqueueTravel(_ request: TravelRequest, action: Action) {
        let entry = Entry(ActionRun(sequence: 0, action: action, promise: nil), site: CallSite(file: #fileID, line: #line, onMainActor: true), .travel(request))
        if isProcessing {
            pipeline.append(entry)
            inbox.notePipelineDepth(pipeline.count)
        } else {
            processCall { pipeline.append(entry) }
        }
    }

    /// Carries out a time-travel entry, in the drain loop, against the recorder as it is now.
    @usableFromInline @inline(never)
    func performTravel(_ request: TravelRequest, action: Action) {
        if case .resume = request {
            guard let session = travel else { return }
            travel = nil
            activeRecorder?.shownIndex = nil
            storage = session.live
            updateInterception()
            updateFastPath()
            if onLog != nil { emit(0, action, .timeTravel(.resumedLive(heldActions: session.held.count))) }
            notifyAfterTravel()
            processHeld(session.held)
            return
        }
        guard let recorder = activeRecorder, recorder.keepsStates, recorder.count > 0 else { return }  // stopped meanwhile
        let shown = travel?.index
        let index: Int
        switch request {
        case .jump(let id): index = recorder.index(ofStepID: id)
        case .stepBack: index = max((shown ?? recorder.count) - 1, 0)
        case .stepForward:
            guard let shown else { return }
            index = min(shown + 1, recorder.count)
        case .resume: return
        }
        guard let state = recorder.state(at: index) else { return }
        if travel == nil {
            travel = TravelSession(index: index, live: storage)
            updateInterception()
            leavesFastPath = true
        } else {
            travel!.index = index
        }
        recorder.shownIndex = index
        requestedTravelIndex = index
        storage = state
        if onLog != nil { emit(0, recorder.step(at: max(index, 1)).action, .timeTravel(.jumped(to: index))) }
        notifyAfterTravel()
    }

    /// Processes the entries held while travelling, now, in arrival order: they are older than
    /// anything still queued, so a `.send` they make is queued as an entry (never taken ahead).
    private func processHeld(_ held: [Entry]) {
        let ahead = hasEntriesAhead
        hasEntriesAhead = true
        defer { hasEntriesAhead = ahead }
        for index in held.indices {
            if isInvalidated {
                dropAfterInvalidation(held[index...])
                return
            }
            process(held[index])
        }
    }

    /// Ends time travel for good on invalidation: the live state comes back (silently: the store
    /// is closing) so that a pending save writes it, and the held entries are dropped.
    func endTravelOnInvalidation() -> [Entry] {
        guard let session = travel else { return [] }
        travel = nil
        activeRecorder?.shownIndex = nil
        requestedTravelIndex = nil
        storage = session.live
        updateInterception()
        return session.held
    }

    /// Recomputes ``leavesFastPath`` from everything that keeps dispatches off the fast path.
    func updateFastPath() {
        leavesFastPath = isInvalidated || scopesDependencies || pressure != nil || travel != nil
    }
}

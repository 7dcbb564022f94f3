/// Time travel on a live store: showing a recorded state, stepping through the recording, and
/// returning to the live state (see <doc:TimeTravel>).
extension Store {
    /// The index of the recorded state the store shows (0 is the recorder's committed state,
    /// ``Recorder/count`` its newest step), or `nil` while it shows its live state. Main actor.
    public var travelIndex: Int? { travel?.index }

    /// Whether the store shows a recorded state rather than its live one. Main actor.
    public var isTravelling: Bool { travel != nil }

    /// The actions that arrived while the store travelled, in arrival order: held, not yet
    /// processed; ``resumeLive()`` processes them. Empty while the store is live. Main actor.
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
    /// - Throws: ``TimeTravelError/notRecording``, ``TimeTravelError/nothingRecorded``,
    ///   ``TimeTravelError/indexOutOfRange(index:newest:)`` or ``TimeTravelError/storeInvalidated``;
    ///   nothing changes then.
    public func jump(to index: Int) throws(TimeTravelError) {
        let recorder = try travelRecorder()
        guard index >= 0, index <= recorder.count else { throw .indexOutOfRange(index: index, newest: recorder.count) }
        requestTravel(to: index, in: recorder)
    }

    /// Shows the state before the one shown: from the live state, the newest step's
    /// predecessor. See ``jump(to:)``.
    ///
    /// - Throws: ``TimeTravelError/atOldestStep`` at index 0, or what ``jump(to:)`` throws.
    public func stepBack() throws(TimeTravelError) {
        let recorder = try travelRecorder()
        let shown = requestedTravelIndex ?? recorder.count
        guard shown > 0 else { throw .atOldestStep }
        requestTravel(to: min(shown - 1, recorder.count), in: recorder)
    }

    /// Shows the state after the one shown. See ``jump(to:)``.
    ///
    /// - Throws: ``TimeTravelError/notTravelling`` while live, ``TimeTravelError/atNewestStep``
    ///   at the newest step, or what ``jump(to:)`` throws.
    public func stepForward() throws(TimeTravelError) {
        let recorder = try travelRecorder()
        guard let shown = requestedTravelIndex else { throw .notTravelling }
        guard shown < recorder.count else { throw .atNewestStep }
        requestTravel(to: shown + 1, in: recorder)
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

    private func requestTravel(to index: Int, in recorder: Recorder<State, Action>) {
        requestedTravelIndex = index
        // The action the time-travel entry carries (and its log event shows): the step shown.
        let action = recorder.step(at: max(index, 1)).action
        travelAction = recorder.step(at: recorder.count).action
        enqueueTravel(.jump(index), action: action)
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

    /// Carries out a time-travel entry, in the drain loop.
    @usableFromInline @inline(never)
    func performTravel(_ request: TravelRequest, action: Action) {
        switch request {
        case .jump(let requested):
            guard let recorder = activeRecorder, recorder.count > 0 else { return }  // stopped meanwhile
            let index = min(requested, recorder.count)
            guard let shown = recorder.state(at: index) else { return }
            if travel == nil {
                travel = TravelSession(index: index, live: storage)
                updateInterception()
                leavesFastPath = true
            } else {
                travel!.index = index
            }
            storage = shown
            if onLog != nil { emit(0, action, .timeTravel(.jumped(to: index))) }
            notifyAfterTravel()
        case .resume:
            guard let session = travel else { return }
            travel = nil
            storage = session.live
            updateInterception()
            updateFastPath()
            if onLog != nil { emit(0, action, .timeTravel(.resumedLive(heldActions: session.held.count))) }
            notifyAfterTravel()
            processHeld(session.held)
        }
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

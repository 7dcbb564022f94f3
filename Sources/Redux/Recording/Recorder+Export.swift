import Foundation

/// Export to Redux DevTools' lifted-state document, and loading one back for time travel.
extension Recorder {
    /// The history as a ``Recording``: one entry per kept step after the `@@INIT` entry (the
    /// committed state), each action's `type` its ``ActionIdentity`` and its `payload` its
    /// `Encodable` encoding (no payload for an action that is not `Encodable`), each state
    /// encoded now — as itself, or through the recorder's projection — with the deterministic
    /// ``CanonicalJSONEncoder``. `currentStateIndex` is the index the store shows while it
    /// time-travels (``shownIndex``) unless `currentStateIndex` says otherwise, the newest step
    /// otherwise. Main actor.
    ///
    /// - Throws: ``RecordingError/unencodableState(stepID:_:)`` naming the first step whose state
    ///   cannot be encoded (id 0: the committed state; a NaN, a throwing `encode(to:)`), or
    ///   ``RecordingError/unencodableAction(stepID:_:)``. Nothing is returned then.
    /// - Complexity: O(size of every kept state), once per call.
    public func recording(currentStateIndex: Int? = nil) throws(RecordingError) -> Recording {
        let committedJSON = try encode(kept(at: 0), stepID: 0)
        var drafts: [Recording.StepDraft] = []
        drafts.reserveCapacity(count)
        for step in steps {
            let stateJSON = try encode(step.kept, stepID: step.id)
            drafts.append(Recording.StepDraft(
                id: step.id, type: identify(step.action).path, payload: try payload(of: step),
                timestamp: step.timestamp, outcome: step.outcomeDescription, origin: step.origin,
                clock: step.clockOffset, state: stateJSON
            ))
        }
        return Recording(
            committedState: committedJSON, statesAreFull: statesAreFull, initTimestamp: startMilliseconds,
            steps: drafts, currentStateIndex: (currentStateIndex ?? shownIndex).map { min(max($0, 0), count) }
        )
    }

    /// The history as the bytes of a Redux DevTools lifted-state file (compact JSON, plain: no
    /// `$jsan` keys), ready to write to disk and to import in Redux DevTools or read back with
    /// ``Recording/init(importing:)``. See ``recording(currentStateIndex:)``.
    public func export(currentStateIndex: Int? = nil) throws(RecordingError) -> Data {
        try recording(currentStateIndex: currentStateIndex).exported()
    }

    private func encode(_ kept: KeptState<State>, stepID: Int) throws(RecordingError) -> Data {
        do {
            switch kept {
            case .state(let state): return try encodeState(state)
            case .projection(let projection): return try CanonicalJSONEncoder().encode(projection)
            }
        } catch {
            throw .unencodableState(stepID: stepID, error)
        }
    }

    private func payload(of step: RecordedStep<State, Action>) throws(RecordingError) -> Data? {
        guard let encodable = step.action as? any Encodable else { return nil }
        do {
            return try CanonicalJSONEncoder().encode(encodable)
        } catch {
            throw .unencodableAction(stepID: step.id, error)
        }
    }
}

extension Recorder where State: Decodable, Action: Decodable {
    /// Replaces the recorder's history with an imported recording, so that the store can travel
    /// through it (``Store/jump(to:)``): each state is decoded from the file as the store's
    /// `State`, each action from its `payload` as the store's `Action`.
    ///
    /// Only a recording whose states are the state's own encoding can drive time travel (one
    /// this store type exported with ``Store/startRecording(maxAge:filter:startDate:)``); any
    /// other is view-only. The newest `maxAge - 1` steps are kept. Main actor; call it while the
    /// store is live (not travelling).
    ///
    /// - Throws: ``RecordingError/storeIsTravelling`` while the store shows one of this
    ///   recorder's steps (resume live first); ``RecordingError/viewOnly(reason:)`` when the states are a projection or the
    ///   file does not say, or when a state, an action or an action's payload is missing or does
    ///   not decode (the reason names the step). The history is unchanged then.
    public func load(_ recording: Recording) throws(RecordingError) {
        guard shownIndex == nil else { throw .storeIsTravelling }
        guard keepsStates else {
            throw .viewOnly(reason: "this recorder keeps only projections of the states")
        }
        guard recording.statesAreFull else {
            throw .viewOnly(reason: recording.viewOnlyReason ?? "the states are not the state's own encoding")
        }
        let decoder = CanonicalJSONDecoder()
        func decodeState(_ json: Data, _ id: Int) throws(RecordingError) -> State {
            do {
                return try decoder.decode(State.self, from: json)
            } catch {
                throw .viewOnly(reason: "the state of step \(id) does not decode as \(State.self): \(error)")
            }
        }
        guard let first = recording.steps.first else {
            throw .viewOnly(reason: "the recording has no @@INIT step")
        }
        let committed = try decodeState(first.stateJSON, first.id)
        var loaded: [RecordedStep<State, Action>] = []
        for step in recording.steps.dropFirst() {
            guard let payload = step.payload else {
                throw .viewOnly(reason: "step \(step.id) (\(step.type)) has no payload to decode its action from")
            }
            let action: Action
            do {
                action = try decoder.decode(Action.self, from: payload)
            } catch {
                throw .viewOnly(reason: "the action of step \(step.id) does not decode as \(Action.self): \(error)")
            }
            loaded.append(RecordedStep(
                id: step.id, action: action, outcome: nil, origin: step.origin ?? .external,
                clockOffset: step.clock ?? .zero, timestamp: step.timestamp,
                kept: .state(try decodeState(step.stateJSON, step.id)), loadedOutcome: step.outcome
            ))
        }
        replaceHistory(committed: committed, steps: loaded, nextID: recording.nextActionId)
    }
}

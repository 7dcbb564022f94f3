import Foundation

/// Recording: attaching a ``Recorder`` and its step after each terminal (see <doc:RecordingHistory>).
extension Store {
    /// Starts recording the store's actions and states, each state kept as itself and exported
    /// as its own `Encodable` encoding — so an exported file can drive time travel again
    /// (``Recorder/load(_:)``).
    ///
    /// The committed state is the state now; every action whose run ends from now on is recorded
    /// after its terminal (after the state-frames step, before the persistence step), unless
    /// `filter` drops it. Isolation: main actor.
    ///
    /// - Parameters:
    ///   - maxAge: the most entries kept, the committed state included; at least 2 (default 50,
    ///     as in Redux DevTools). Older steps fold into the committed state.
    ///   - filter: which actions are recorded, by identity (default: all).
    ///   - startDate: the wall-clock time of the recording's start; timestamps count from it on
    ///     the store's clock (default: now). Give a fixed date for reproducible files.
    /// - Returns: the recorder, also reachable as ``recorder``.
    /// - Throws: ``RecordingError/invalidMaxAge(_:)``, ``RecordingError/invalidPattern(_:reason:)``,
    ///   or ``RecordingError/alreadyRecording``; no recorder is attached then.
    @discardableResult
    public func startRecording(
        maxAge: Int = 50,
        filter: RecordingFilter = .all,
        startDate: Date = Date()
    ) throws(RecordingError) -> Recorder<State, Action> where State: Encodable {
        try attachRecorder(maxAge: maxAge, filter: filter, startDate: startDate, statesAreFull: true) { state throws(StateCodingError) in
            try CanonicalJSONEncoder().encode(state)
        }
    }

    /// Starts recording with each state exported as `projection(state)`: a smaller or redacted
    /// view (drop caches, blank out tokens). The recorder still keeps the states themselves and
    /// calls `projection` only on export, so live time travel is unaffected; an exported file is
    /// view-only (``Recording/statesAreFull`` is `false`).
    ///
    /// Keeping a state shares its buffers with the store, so the next in-place write into one of
    /// them copies it (see <doc:RecordingHistory>); for a large state written often, record with
    /// ``startRecording(maxAge:filter:startDate:keeping:)`` instead.
    ///
    /// See ``startRecording(maxAge:filter:startDate:)`` for the parameters, the return value and
    /// the errors.
    @discardableResult
    public func startRecording<Projection: Encodable>(
        maxAge: Int = 50,
        filter: RecordingFilter = .all,
        startDate: Date = Date(),
        exporting projection: @escaping @MainActor (State) -> Projection
    ) throws(RecordingError) -> Recorder<State, Action> {
        try attachRecorder(maxAge: maxAge, filter: filter, startDate: startDate, statesAreFull: false) { state throws(StateCodingError) in
            try CanonicalJSONEncoder().encode(projection(state))
        }
    }

    /// Starts recording only `projection(state)` for each step, computed when the step is
    /// recorded (once per recorded action, on the main actor) and encoded on export; the states
    /// themselves are not kept. Nothing then shares the state's buffers, so the reducers' next
    /// in-place writes copy nothing — the route for a large state written often. The price: the
    /// store cannot travel to these steps (``TimeTravelError/statesNotKept``), and an exported
    /// file is view-only.
    ///
    /// Keep the projection small and cheap: a count, a few fields, a summary.
    ///
    /// See ``startRecording(maxAge:filter:startDate:)`` for the parameters, the return value and
    /// the errors.
    @discardableResult
    public func startRecording<Projection: Encodable & Sendable>(
        maxAge: Int = 50,
        filter: RecordingFilter = .all,
        startDate: Date = Date(),
        keeping projection: @escaping @MainActor (State) -> Projection
    ) throws(RecordingError) -> Recorder<State, Action> {
        try attachRecorder(maxAge: maxAge, filter: filter, startDate: startDate, statesAreFull: false, keep: { projection($0) }) { state throws(StateCodingError) in
            try CanonicalJSONEncoder().encode(projection(state))
        }
    }

    /// The recorder started by `startRecording`, until ``stopRecording()``. Main actor.
    public var recorder: Recorder<State, Action>? { activeRecorder }

    /// Stops recording: the recorder keeps its history (it can still export) but records
    /// nothing more. A store that is time-travelling returns to its live state first, and what
    /// it held is processed (see ``resumeLive()``). Main actor; does nothing when not recording.
    public func stopRecording() {
        guard activeRecorder != nil else { return }
        if requestedTravelIndex != nil || travel != nil { resumeLive() }
        activeRecorder = nil
        isRecording = false
        passOrigin = .external
        updateInterception()
        updateRunsAfterTerminal()
    }

    /// Sets ``interceptsEntries`` from the recorder and the travel session.
    func updateInterception() {
        interceptsEntries = activeRecorder != nil || travel != nil
    }

    private func attachRecorder(
        maxAge: Int,
        filter: RecordingFilter,
        startDate: Date,
        statesAreFull: Bool,
        keep: ((State) -> any Encodable & Sendable)? = nil,
        encode: @escaping (State) throws(StateCodingError) -> Data
    ) throws(RecordingError) -> Recorder<State, Action> {
        guard activeRecorder == nil else { throw .alreadyRecording }
        let recorder = try Recorder<State, Action>(
            state: storage, maxAge: maxAge, filter: filter, startDate: startDate,
            clockOrigin: effectClock.now.offset, statesAreFull: statesAreFull, keep: keep, encodeState: encode
        )
        activeRecorder = recorder
        isRecording = true
        passOrigin = .external
        updateInterception()
        updateRunsAfterTerminal()
        return recorder
    }

    /// The recorder step: after an action's terminal and the frames step, before the
    /// persistence step. Reads the store's clock once.
    @inlinable
    func recordStep(_ outcome: DispatchOutcome<Action>, action: Action) {
        let origin = passOrigin
        passOrigin = .external
        // A resumed `.deferred` action is dated when it was dispatched (read at its suspension).
        let dispatchedAt = passDispatchedAt
        passDispatchedAt = .min
        guard let recorder = activeRecorder else { return }
        let clock = dispatchedAt == .min ? effectClock.now.offset : .nanoseconds(dispatchedAt)
        recorder.record(action, outcome: outcome, origin: origin, state: storage, clock: clock)
    }

    /// The store clock's time now, in nanoseconds, for a suspended action's dispatch time.
    func clockNanoseconds() -> Int64 {
        let (seconds, attoseconds) = effectClock.now.offset.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// While recording or time-travelling, for each entry the drain loop takes: while the
    /// store travels, holds it (a time-travel entry excepted); otherwise notes its origin for
    /// the recorder step. Returns `true` when the entry was held.
    @usableFromInline @inline(never)
    func intercept(_ entry: Entry) -> Bool {
        if case .travel = entry.kind { return false }
        if travel != nil {
            travel!.held.append(entry)
            return true
        }
        switch entry.kind {
        case .effectSend: passOrigin = .effect
        case .effectError: break  // resolved without a terminal of its own
        default: passOrigin = entry.site.fromStoreWork ? .effect : .external
        }
        passDispatchedAt = entry.site.dispatchedAt
        return false
    }

    /// Marks an entry made on the main actor while the pipeline runs as the store's own work,
    /// when recording (its origin for the recorder step).
    @inlinable
    func markedAsStoreWork(_ entry: Entry) -> Entry {
        guard isRecording else { return entry }
        var marked = entry
        marked.site.fromStoreWork = true
        return marked
    }
}

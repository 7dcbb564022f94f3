import Foundation
import Redux
import ReduxClocks

/// The determinism check: a recording's external actions dispatched again, at their recorded
/// times, against a fresh store on a `TestClock` must give the recorded entries again.
extension Recording {
    /// Replays the recording's external actions (`meta.origin` `external`, or no origin, as in a
    /// file from another tool) against a fresh store and compares every entry: the action's type
    /// and the state it left.
    ///
    /// The fresh store is made by `makeStore` from options holding a new `TestClock` and a
    /// `.test` dependency container — so the built-in `\.uuid` counts from
    /// `00000000-0000-0000-0000-000000000000` and `\.date` is ``DateGenerator/testDate`` — which
    /// the factory may extend (its own services) but should pass on. The check then records the
    /// fresh store with `record` and, for each external entry in the order they were dispatched
    /// (by `meta.clock`, which dates a step at its dispatch, then by position), moves the clock to
    /// the entry's offset, decodes its `payload` as `Action` and dispatches it; effects run as
    /// they would, and what they send is recorded as their own entries. At the end the clock
    /// moves to the last entry's offset, then from deadline to deadline while the replay has
    /// fewer entries than the recording (a `.deferred` action resuming later), and the store
    /// settles. Two external actions dispatched at the same instant, the first of them
    /// suspended by a `.deferred` middleware, replay in recorded (terminal) order.
    ///
    /// The recorded and the replayed entries are compared in order, from the committed state on:
    /// the first entry whose type or state JSON differs (or that one side lacks) is the
    /// divergence, reported with a structural diff of the two states. A recording whose oldest
    /// entries folded away (`maxAge`) starts from a committed state the fresh store may not
    /// have: that shows as a divergence at entry 0.
    ///
    /// Isolation: main actor (the store's). Dispatches are made on the main actor, so an action
    /// recorded from another thread is replayed from the main actor.
    ///
    /// - Parameters:
    ///   - timeout: the longest real time the store may take to settle after each dispatch.
    ///   - makeStore: builds the fresh store from the given options.
    ///   - record: starts the fresh store's recorder the way the original was recorded (the same
    ///     projection, if it had one); `maxAge` must hold every entry.
    /// - Returns: the report; ``ReplayReport/isDeterministic`` is `true` when every entry matched.
    /// - Throws: ``ReplayError`` when the recording cannot be replayed at all.
    @MainActor
    public func replayCheck<State, Action: Decodable>(
        timeout: Duration = .seconds(60),
        makeStore: @MainActor (StoreOptions) throws -> Store<State, Action>,
        record: @MainActor (Store<State, Action>) throws(RecordingError) -> Recorder<State, Action>
    ) async throws(ReplayError) -> ReplayReport {
        let clock = TestClock()
        let store: Store<State, Action>
        do {
            store = try makeStore(StoreOptions(clock: clock, dependencies: Dependencies(context: .test)))
        } catch {
            throw .storeFactoryFailed(reason: "\(error)")
        }
        defer { store.invalidate() }
        let recorder: Recorder<State, Action>
        do {
            recorder = try record(store)
        } catch {
            throw .recording(error)
        }
        // The external entries, in the order they were dispatched: by their clock (a step is
        // dated at its dispatch, so a `.deferred` action's date is earlier than its position
        // says), the recorded order breaking ties.
        var external: [(index: Int, step: Step)] = []
        var lastClock = Duration.zero
        for (index, step) in steps.enumerated().dropFirst() {
            if let offset = step.clock { lastClock = max(lastClock, offset) }
            guard step.origin == nil || step.origin == .external else { continue }
            guard step.clock != nil else { throw .missingClock(index: index, id: step.id) }
            external.append((index, step))
        }
        external.sort { ($0.step.clock!, $0.index) < ($1.step.clock!, $1.index) }
        var replayed = 0
        for (index, step) in external {
            let action = try Self.action(Action.self, of: step, index: index)
            await clock.advance(to: TestClock.Instant(offset: step.clock!))
            store.dispatch(action)
            replayed += 1
            do {
                try await store.quiescent(timeout: timeout)
            } catch {
                throw .didNotSettle(index: index, timeout: timeout)
            }
        }
        await clock.advance(to: TestClock.Instant(offset: lastClock))
        // Work still asleep (a `.deferred` action resuming later, a delayed effect) is woken
        // deadline by deadline while the replay has fewer entries than the recording.
        var wakes = 0
        while recorder.count < steps.count - 1, clock.sleeperCount > 0, wakes < steps.count {
            await clock.run(maxSteps: 1)
            wakes += 1
        }
        do {
            try await store.quiescent(timeout: timeout)
        } catch {
            throw .didNotSettle(index: steps.count - 1, timeout: timeout)
        }
        let replay: Recording
        do {
            replay = try recorder.recording()
        } catch {
            throw .recording(error)
        }
        return ReplayReport(
            comparedEntries: max(steps.count, replay.steps.count),
            replayedActions: replayed,
            divergence: firstDivergence(from: replay)
        )
    }

    /// ``replayCheck(timeout:makeStore:record:)`` for a recording of the state's own encoding:
    /// the fresh store records every entry as itself.
    @MainActor
    public func replayCheck<State: Encodable, Action: Decodable>(
        timeout: Duration = .seconds(60),
        makeStore: @MainActor (StoreOptions) throws -> Store<State, Action>
    ) async throws(ReplayError) -> ReplayReport {
        let start = Date(timeIntervalSince1970: Double(steps.first?.timestamp ?? 0) / 1_000)
        return try await replayCheck(timeout: timeout, makeStore: makeStore) { store throws(RecordingError) in
            try store.startRecording(maxAge: Int.max, startDate: start)
        }
    }

    /// The action of an external entry, decoded from its payload.
    private static func action<Action: Decodable>(_: Action.Type, of step: Step, index: Int) throws(ReplayError) -> Action {
        guard let payload = step.payload else {
            throw .undecodableAction(index: index, id: step.id, reason: "the entry has no payload (the action type is not Encodable)")
        }
        do {
            return try CanonicalJSONDecoder().decode(Action.self, from: payload)
        } catch {
            throw .undecodableAction(index: index, id: step.id, reason: "\(error)")
        }
    }

    /// The first index where this (recorded) and `replay` differ in type or state.
    func firstDivergence(from replay: Recording) -> ReplayDivergence? {
        for index in 0..<max(steps.count, replay.steps.count) {
            let recorded = index < steps.count ? steps[index] : nil
            let replayed = index < replay.steps.count ? replay.steps[index] : nil
            guard let recorded, let replayed else {
                return ReplayDivergence(
                    index: index, recordedID: recorded?.id, recordedType: recorded?.type, replayedType: replayed?.type,
                    reason: recorded == nil
                        ? "the replay made an entry the recording does not have (\(replayed?.type ?? ""))"
                        : "the replay ended before the recording's \(recorded?.type ?? "") entry",
                    stateDiff: nil
                )
            }
            let sameType = recorded.type == replayed.type
            let sameState = recorded.stateJSON == replayed.stateJSON
            if sameType && sameState { continue }
            var reasons: [String] = []
            if !sameType { reasons.append("the recording has \(recorded.type), the replay \(replayed.type)") }
            if !sameState { reasons.append(index == 0 ? "the fresh store's initial state is not the committed state" : "the state differs") }
            return ReplayDivergence(
                index: index, recordedID: recorded.id, recordedType: recorded.type, replayedType: replayed.type,
                reason: reasons.joined(separator: "; "),
                stateDiff: sameState ? nil : Self.stateDiff(recorded: recorded.stateJSON, replayed: replayed.stateJSON)
            )
        }
        return nil
    }

    /// The structural diff of two JSON states, recorded as expected (`-`), replayed as actual
    /// (`+`); the raw texts when one does not parse.
    static func stateDiff(recorded: Data, replayed: Data) -> String {
        guard let expected = JSONTree(parsing: recorded), let actual = JSONTree(parsing: replayed),
              let diff = structuralDiff(expected: expected.value, actual: actual.value)
        else {
            return "- \(String(decoding: recorded, as: UTF8.self))\n+ \(String(decoding: replayed, as: UTF8.self))"
        }
        return diff
    }
}

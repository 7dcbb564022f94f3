import Foundation

extension Recording {
    /// Builds a recording from a recorder's history, writing every entry in one canonical form.
    ///
    /// The `@@INIT` step comes first (id 0, at `initTimestamp`, with `committedState` as its
    /// state), then one step per draft, in order. Each entry is written compactly with its keys in
    /// this order:
    /// `{"type":"PERFORM_ACTION","action":{"type":…,"payload":…},"timestamp":…,"meta":{"outcome":…,"origin":…,"clock":…}}`
    /// (no `payload` key when the draft has none; `clock` in milliseconds, an integer when whole,
    /// otherwise the exact decimal). The `@@INIT` entry is
    /// `{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":…,"meta":{"states":"state"}}`,
    /// with `"projection"` instead of `"state"` when `statesAreFull` is false. No action is
    /// skipped; `nextActionId` is the largest id plus one.
    ///
    /// A pure function of its arguments: call it from any isolation. It copies the JSON pieces
    /// without reading them, so they must be valid, compact, plain JSON (debug builds check).
    ///
    /// - Parameters:
    ///   - committedState: The raw JSON of the state before the first draft (the starting state,
    ///     or the state into which actions beyond the history's bound were folded).
    ///   - statesAreFull: Whether the states are the state type's own `Codable` encoding (true) or
    ///     a projection of it (false, which makes the recording view-only).
    ///   - initTimestamp: When the recording began, in milliseconds since 1970.
    ///   - drafts: The handled actions, oldest first, with positive ids in increasing order.
    ///   - currentStateIndex: The index into ``steps`` of the state shown; nil means the last.
    ///   - isLocked: Written as `isLocked`.
    ///   - isPaused: Written as `isPaused`.
    /// - Precondition: ids positive and increasing; every `clock` not negative;
    ///   `currentStateIndex`, when given, in `0...steps.count`.
    /// - Complexity: O(n) in the total size of the JSON pieces.
    public init(
        committedState: Data, statesAreFull: Bool, initTimestamp: Int64, steps drafts: [StepDraft],
        currentStateIndex: Int? = nil, isLocked: Bool = false, isPaused: Bool = false
    ) {
        var steps: [Step] = []
        steps.reserveCapacity(drafts.count + 1)
        var initEntry = Array(#"{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":"#.utf8)
        initEntry += Array(String(initTimestamp).utf8)
        initEntry += Array(#","meta":{"states":"#.utf8)
        initEntry += Array((statesAreFull ? #""state"}}"# : #""projection"}}"#).utf8)
        Self.debugCheck(committedState, "committedState")
        steps.append(Step(
            id: 0, type: "@@INIT", timestamp: initTimestamp, outcome: nil, origin: nil, clock: nil,
            payload: nil, isSkipped: false, actionJSON: Data(initEntry), stateJSON: committedState,
            computedStateJSON: Self.computedState(committedState)
        ))
        var previousId = 0
        for draft in drafts {
            precondition(draft.id > previousId, "Recording: step ids must be positive and increasing (\(draft.id) after \(previousId))")
            precondition(draft.clock >= .zero, "Recording: step \(draft.id)'s clock is negative")
            previousId = draft.id
            var entry = Array(#"{"type":"PERFORM_ACTION","action":{"type":"#.utf8)
            RecordingJSONText.appendQuoted(draft.type, to: &entry)
            if let payload = draft.payload {
                Self.debugCheck(payload, "step \(draft.id)'s payload")
                entry += Array(#","payload":"#.utf8)
                entry += payload
            }
            entry += Array(#"},"timestamp":"#.utf8)
            entry += Array(String(draft.timestamp).utf8)
            entry += Array(#","meta":{"outcome":"#.utf8)
            RecordingJSONText.appendQuoted(draft.outcome, to: &entry)
            entry += Array(#","origin":"#.utf8)
            RecordingJSONText.appendQuoted(draft.origin.rawValue, to: &entry)
            entry += Array(#","clock":"#.utf8)
            entry += Array(RecordingJSONText.milliseconds(draft.clock).utf8)
            entry += Array("}}".utf8)
            Self.debugCheck(draft.state, "step \(draft.id)'s state")
            steps.append(Step(
                id: draft.id, type: draft.type, timestamp: draft.timestamp, outcome: draft.outcome,
                origin: draft.origin, clock: draft.clock, payload: draft.payload, isSkipped: false,
                actionJSON: Data(entry), stateJSON: draft.state, computedStateJSON: Self.computedState(draft.state)
            ))
        }
        if let currentStateIndex {
            precondition(steps.indices.contains(currentStateIndex), "Recording: currentStateIndex \(currentStateIndex) is outside 0..<\(steps.count)")
        }
        self.init(
            steps: steps, skippedActionIds: [], committedStateJSON: committedState,
            currentStateIndex: currentStateIndex ?? steps.count - 1, nextActionId: previousId + 1,
            isLocked: isLocked, isPaused: isPaused, statesAreFull: statesAreFull, declaresProjection: !statesAreFull
        )
    }

    /// `{"state":<state>}`, the `computedStates` element the builder writes.
    private static func computedState(_ state: Data) -> Data {
        Data(Array(#"{"state":"#.utf8)) + state + Data("}".utf8)
    }

    /// In debug builds, stops at a JSON piece that a reader of the export would refuse.
    private static func debugCheck(_ json: Data, _ what: @autoclosure () -> String) {
        assert(
            {
                guard let value = try? RecordingJSONScanner.parse(Array(json)) else { return false }
                return value.range == 0..<json.count && value.firstJSANKeyPath(at: "") == nil
            }(),
            "Recording: \(what()) is not one plain JSON value without surrounding whitespace"
        )
    }
}

import Foundation
import Redux
import Testing

/// Export → import → export gives the same bytes for a file this library wrote, and the
/// imported recording equals the one built.
@Suite("Recording: round trip")
struct RecordingRoundTripTests {
    @Test func builtRecordingImportsEqualAndReExportsByteIdentical() throws {
        let recording = RecordingFixtures.counterSession()
        let exported = recording.exported()
        let imported = try Recording(importing: exported)
        #expect(imported == recording)
        #expect(imported.exported() == exported)
    }

    @Test func payloadsEscapesAndFractionalClocksRoundTrip() throws {
        let recording = Recording(
            committedState: Data(#"{"text":"a\"b\\c\nd","list":[1,2.5,-3e2,null,true]}"#.utf8),
            statesAreFull: true,
            initTimestamp: 1_700_000_000_000,
            steps: [
                Recording.StepDraft(
                    id: 1, type: "rename \"x\"\n", payload: Data(#"{"name":"\u00e9\ud83c\udf89","tags":[]}"#.utf8),
                    timestamp: 1_700_000_000_001, outcome: "reduced", origin: .external,
                    clock: .nanoseconds(1), state: Data(#"{"name":"é🎉"}"#.utf8)
                ),
                Recording.StepDraft(
                    id: 2, type: "clear", payload: Data("null".utf8), timestamp: 1_700_000_000_002,
                    outcome: "refused(rule)", origin: .effect, clock: .nanoseconds(1_234_567_891),
                    state: Data("{}".utf8)
                ),
            ],
            currentStateIndex: 1
        )
        let exported = recording.exported()
        let imported = try Recording(importing: exported)
        #expect(imported == recording)
        #expect(imported.exported() == exported)
        #expect(imported.steps[2].payload == Data("null".utf8))
        #expect(imported.steps[1].clock == .nanoseconds(1))
    }

    @Test func skippedIdsRoundTripInTheirOrder() throws {
        let file = Data(#"{"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1,"meta":{"states":"state"}},"1":{"type":"PERFORM_ACTION","action":{"type":"a"},"timestamp":2,"meta":{"outcome":"reduced","origin":"external","clock":0.25}},"2":{"type":"PERFORM_ACTION","action":{"type":"b"},"timestamp":3,"meta":{"outcome":"reduced","origin":"external","clock":0.5}}},"computedStates":[{"state":0},{"state":1},{"state":1}],"stagedActionIds":[0,1,2],"skippedActionIds":[2,1],"nextActionId":3,"currentStateIndex":0,"committedState":0,"isLocked":true,"isPaused":false}"#.utf8)
        let imported = try Recording(importing: file)
        #expect(imported.exported() == file)
        #expect(imported.skippedActionIds == [2, 1])
        #expect(imported.steps.map(\.isSkipped) == [false, true, true])
        #expect(imported.isLocked && !imported.isPaused)
        #expect(imported.currentStateIndex == 0)
        #expect(imported.steps[1].clock == .microseconds(250))
        let again = try Recording(importing: imported.exported())
        #expect(again == imported)
    }
}

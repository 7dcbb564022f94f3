import Foundation
import Redux
import Testing

/// The builder writes every entry in one canonical compact form, and the export lays out the
/// lifted-state document in a fixed key order.
@Suite("Recording: builder and export")
struct RecordingBuilderTests {
    @Test func counterSessionExportsTheGoldenFileByteForByte() throws {
        let golden = try Data(contentsOf: RecordingFixtures.folder.appendingPathComponent("Golden/counter-session.json"))
        let exported = RecordingFixtures.counterSession().exported()
        #expect(exported == golden, "\(String(decoding: exported, as: UTF8.self))")
    }

    @Test func builderFillsTheTypedFieldsNextActionIdAndTheLastIndex() {
        let recording = RecordingFixtures.counterSession()
        #expect(recording.steps.map(\.id) == [0, 1, 2])
        #expect(recording.steps.map(\.type) == ["@@INIT", "increment", "add"])
        #expect(recording.steps[0].stateJSON == recording.committedStateJSON)
        #expect(recording.steps[0].origin == nil && recording.steps[0].clock == nil && recording.steps[0].outcome == nil)
        #expect(recording.steps[1].payload == nil)
        #expect(recording.steps[2].payload == Data(#"{"amount":1}"#.utf8))
        #expect(recording.steps[2].origin == .effect)
        #expect(recording.steps[2].clock == .microseconds(1_500_500))
        #expect(recording.steps[2].computedStateJSON == Data(#"{"state":{"count":2}}"#.utf8))
        #expect(recording.nextActionId == 3)
        #expect(recording.currentStateIndex == 2)
        #expect(recording.skippedActionIds.isEmpty && !recording.steps.contains(where: \.isSkipped))
        #expect(recording.statesAreFull && recording.viewOnlyReason == nil)
        #expect(!recording.isLocked && !recording.isPaused)
    }

    @Test func nextActionIdFollowsTheLargestIdAfterFoldedHistory() {
        let recording = Recording(
            committedState: Data("5".utf8), statesAreFull: true, initTimestamp: 0,
            steps: [Recording.StepDraft(id: 48, type: "a", timestamp: 1, outcome: "reduced", origin: .external, clock: .zero, state: Data("6".utf8))],
            currentStateIndex: 0, isLocked: true, isPaused: true
        )
        #expect(recording.nextActionId == 49)
        #expect(recording.currentStateIndex == 0)
        #expect(String(decoding: recording.exported(), as: UTF8.self).hasSuffix(#""stagedActionIds":[0,48],"skippedActionIds":[],"nextActionId":49,"currentStateIndex":0,"committedState":5,"isLocked":true,"isPaused":true}"#))
    }

    @Test func projectionRecordingWritesStatesProjectionAndIsViewOnly() {
        let recording = Recording(committedState: Data("{}".utf8), statesAreFull: false, initTimestamp: 7, steps: [])
        #expect(recording.steps[0].actionJSON == Data(#"{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":7,"meta":{"states":"projection"}}"#.utf8))
        #expect(!recording.statesAreFull)
        #expect(recording.viewOnlyReason?.contains("projection") == true)
        #expect(recording.nextActionId == 1 && recording.currentStateIndex == 0)
    }

    /// Whole milliseconds as integers, fractions as exact trimmed decimals, down to an attosecond.
    @Test(arguments: [
        (Duration.zero, "0"),
        (.milliseconds(1500), "1500"),
        (.microseconds(1500), "1.5"),
        (.nanoseconds(1), "0.000001"),
        (Duration(secondsComponent: 0, attosecondsComponent: 1), "0.000000000000001"),
        (Duration(secondsComponent: 86_400, attosecondsComponent: 120_000_000_000_000_000), "86400120"),
        (.nanoseconds(1_234_567_891), "1234.567891"),
    ])
    func clockIsWrittenInMillisecondsExactly(clock: Duration, text: String) throws {
        let recording = Recording(
            committedState: Data("0".utf8), statesAreFull: true, initTimestamp: 0,
            steps: [Recording.StepDraft(id: 1, type: "t", timestamp: 0, outcome: "reduced", origin: .external, clock: clock, state: Data("0".utf8))]
        )
        #expect(String(decoding: recording.steps[1].actionJSON, as: UTF8.self).hasSuffix(#""clock":\#(text)}}"#))
        let imported = try Recording(importing: recording.exported())
        #expect(imported.steps[1].clock == clock)
    }

    @Test func typeAndOutcomeAreJSONEscaped() throws {
        let type = "say \"hi\"\\ \n\t\r\u{8}\u{C}\u{1}\u{1F} / é 🎉"
        let recording = Recording(
            committedState: Data("0".utf8), statesAreFull: true, initTimestamp: 0,
            steps: [Recording.StepDraft(id: 1, type: type, timestamp: 0, outcome: "failed(\"x\")", origin: .external, clock: .zero, state: Data("0".utf8))]
        )
        let entry = String(decoding: recording.steps[1].actionJSON, as: UTF8.self)
        #expect(entry.contains(#""type":"say \"hi\"\\ \n\t\r\b\f\u0001\u001f / é 🎉""#))
        #expect(entry.contains(#""outcome":"failed(\"x\")""#))
        let imported = try Recording(importing: recording.exported())
        #expect(imported.steps[1].type == type)
        #expect(imported.steps[1].outcome == "failed(\"x\")")
        #expect(try JSONSerialization.jsonObject(with: recording.exported()) is [String: Any])
    }
}

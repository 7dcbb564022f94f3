import Foundation
import Redux
import Testing

/// A file written by Redux DevTools (no `meta`, its own spacing and key order, extra keys) imports
/// as view-only and keeps its entries and states verbatim.
@Suite("Recording: files from Redux DevTools")
struct RecordingForeignFileTests {
    static let entry1 = #"{ "type": "PERFORM_ACTION", "action": { "type": "todos/add", "payload": { "text": "milk" } }, "timestamp": 1700000000123.5, "stack": null }"#
    static let entry0 = #"{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1700000000000}"#
    static let state1 = #"{ "state": { "todos": [ "milk" ] }, "error": null }"#
    static let file = """
    {
      "monitorState": {},
      "actionsById": { "1": \(entry1), "0": \(entry0) },
      "computedStates": [ {"state":{"todos":[]}}, \(state1) ],
      "currentStateIndex": 1,
      "nextActionId": 2,
      "skippedActionIds": [],
      "stagedActionIds": [ 0, 1 ],
      "committedState": {"todos":[]}
    }
    """

    @Test func fileWithoutMetaImportsAsViewOnlyWithAReason() throws {
        let recording = try Recording(importing: Data(Self.file.utf8))
        #expect(!recording.statesAreFull)
        let reason = try #require(recording.viewOnlyReason)
        #expect(reason.contains("meta.states"))
        #expect(recording.steps.map(\.type) == ["@@INIT", "todos/add"])
        #expect(recording.steps[1].timestamp == 1_700_000_000_123)
        #expect(recording.steps[1].origin == nil && recording.steps[1].clock == nil && recording.steps[1].outcome == nil)
        #expect(recording.steps[1].payload == Data(#"{ "text": "milk" }"#.utf8))
        #expect(recording.steps[1].stateJSON == Data(#"{ "todos": [ "milk" ] }"#.utf8))
        #expect(!recording.isLocked && !recording.isPaused, "absent isLocked / isPaused read as false")
    }

    @Test func foreignEntriesAndStatesAreReEmittedVerbatimInStagedOrder() throws {
        let exported = try Recording(importing: Data(Self.file.utf8)).exported()
        let expected = #"{"actionsById":{"0":\#(Self.entry0),"1":\#(Self.entry1)},"computedStates":[{"state":{"todos":[]}},\#(Self.state1)],"stagedActionIds":[0,1],"skippedActionIds":[],"nextActionId":2,"currentStateIndex":1,"committedState":{"todos":[]},"isLocked":false,"isPaused":false}"#
        #expect(String(decoding: exported, as: UTF8.self) == expected)
        #expect(try Recording(importing: exported).exported() == exported)
    }

    @Test func projectionFileIsViewOnlyAndSaysItIsAProjection() throws {
        let file = RecordingFixtures.valid(replacing: #""states":"state""#, with: #""states":"projection""#)
        let recording = try Recording(importing: file)
        #expect(!recording.statesAreFull)
        #expect(recording.viewOnlyReason?.contains("projection") == true)
        #expect(recording.exported() == file)
    }

    @Test func validFixtureImportsAsFull() throws {
        let recording = try Recording(importing: Data(RecordingFixtures.valid.utf8))
        #expect(recording.statesAreFull && recording.viewOnlyReason == nil)
        #expect(recording.steps[1].payload == Data("3".utf8))
        #expect(recording.steps[1].clock == .milliseconds(1))
    }
}

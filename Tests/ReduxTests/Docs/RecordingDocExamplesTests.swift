import Foundation
import Redux
import ReduxDevTools
import Testing

/// The Recording History and Time Travel articles' examples, and the README's, do what their comments say.
@Suite("Recording History and Time Travel article examples", .timeLimit(.minutes(2)))
@MainActor
struct RecordingDocExamplesTests {
    typealias Blocks = RecordingHistoryBlocks

    /// The nine top-level keys of Redux DevTools' lifted state, as the articles list them.
    static let liftedStateKeys: Set<String> = [
        "actionsById", "computedStates", "stagedActionIds", "skippedActionIds", "nextActionId",
        "currentStateIndex", "committedState", "isLocked", "isPaused",
    ]

    static func topLevelKeys(_ data: Data) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return Set(object.keys)
    }

    @Test func theDeckRecordsEachActionWithTheStateItLeft() throws {
        let store = Blocks().makeDeck()
        let recorder = try Blocks().recordDeck(store)
        #expect(recorder.count == 2)
        #expect(recorder.state(at: 0)?.cards == [], "index 0 is the committed state")
        #expect(recorder.state(at: 1)?.cards == ["ace"])
        #expect(recorder.steps.map(\.action) == [.add("ace"), .add("king")])
        #expect(recorder.steps.allSatisfy { $0.origin == .external && $0.outcome == .reduced })
        store.invalidate()
    }

    @Test func theFiltersAllowTheNamedIdentitiesAndDenyThePattern() throws {
        let store = Blocks().makeDeck()
        let recorder = try store.startRecording(filter: Blocks().cardsOnly)
        store.dispatch(.add("ace"), .remove(0))
        #expect(recorder.steps.map(\.action) == [.add("ace"), .remove(0)], "add and remove are allowed")
        store.stopRecording()
        let unfiltered = try store.startRecording(filter: Blocks().noTimers)
        store.dispatch(.add("king"))
        #expect(unfiltered.count == 1, "the pattern is valid and denies only timer actions")
        store.stopRecording()
        #expect(throws: RecordingError.self) { try store.startRecording(filter: .denying(matching: "(")) }
        store.invalidate()
    }

    @Test func theKeepingRouteKeepsOnlyTheSummaryAndCannotTravel() throws {
        let store = Blocks().makeDeck()
        let recorder = try Blocks().recordSummaries(store)
        store.dispatch(.add("ace"), .add("king"))
        #expect(recorder.keepsStates == false)
        #expect(recorder.steps.map { ($0.projection as? Blocks.DeckSummary)?.top } == ["ace", "king"])
        #expect(recorder.steps.allSatisfy { $0.state == nil })
        #expect(throws: TimeTravelError.statesNotKept) { try store.jump(to: 1) }
        let recording = try Recording(importing: recorder.export())
        #expect(recording.statesAreFull == false, "a projection's file is view-only")
        #expect(recording.viewOnlyReason != nil)
        store.invalidate()
    }

    @Test func theExportedFileHasTheLiftedStateKeysAndRoundTripsByteForByte() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("deck.json")
        let store = Blocks().makeDeck()
        let recorder = try Blocks().recordDeck(store)
        try Blocks().saveAndReload(recorder, file: file)
        let data = try Data(contentsOf: file)
        #expect(try Self.topLevelKeys(data) == Self.liftedStateKeys)
        let recording = try Recording(importing: data)
        #expect(recording.steps.map(\.type) == ["@@INIT", "add", "add"])
        #expect(recording.exported() == data, "export → import → export gives the same bytes")
        #expect(recording.statesAreFull)
        #expect(recorder.count == 2, "the loaded file replaced the history with the same steps")
        try store.jump(to: 1)
        #expect(store.cards == ["ace"], "the loaded states drive time travel")
        store.resumeLive()
        store.invalidate()
    }

    @Test func aJumpShowsTheRecordedStateAndTheHeldActionRunsOnResume() throws {
        let store = Blocks().makeDeck()
        var delivered: [[String]] = []
        let subscription = store.subscribe(select: \.cards) { delivered.append($0) }
        try TimeTravelBlocks().travel(store)
        #expect(delivered == [
            [], ["ace"], ["ace", "king"],          // live
            ["ace"], [], ["ace"],                  // jump(to: 1), stepBack, stepForward
            ["ace", "king"],                       // resumeLive: the live state
            ["ace", "king", "queen"],              // then the held action
        ])
        #expect(store.cards == ["ace", "king", "queen"])
        #expect(store.heldActions.isEmpty)
        #expect(store.recorder?.steps.last?.action == .add("queen"), "the held action is recorded once processed")
        subscription.cancel()
        store.invalidate()
    }

    @Test func theDecksReplayCheckIsDeterministic() async throws {
        let store = Blocks().makeDeck()
        let recorder = try Blocks().recordDeck(store)
        let recording = try Recording(importing: recorder.export())
        store.invalidate()
        #expect(try await Blocks().checkReplay(of: recording))
    }

    @Test func theReadmeMixtapeExportsTravelsAndReplays() async throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("mixtape.json")
        let report = try await recordMixtape(to: file)
        let data = try Data(contentsOf: file)
        #expect(try Self.topLevelKeys(data) == Self.liftedStateKeys)
        #expect(report.isDeterministic, "\(report)")
        #expect(report.description == "replay matches the recording: 3 entries, 2 external actions re-dispatched")
    }
}

import Foundation
import Redux
import ReduxDevTools
import Testing

/// The Inspecting Recordings article's example, and the README's, write the pages their comments
/// describe.
@Suite("Inspecting Recordings examples", .timeLimit(.minutes(2)))
@MainActor
struct InspectingRecordingsDocExamplesTests {
    @Test func theArticlesPageHoldsInitAndTheTwoActionsWithTheirStates() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("deck.html")
        let store = RecordingHistoryBlocks().makeDeck()
        try InspectingRecordingsBlocks().writeInspectorPage(of: store, to: file)
        let recording = try #require(try store.recorder?.recording())
        store.invalidate()

        let page = String(decoding: try fileContents(file), as: UTF8.self)
        #expect(page == InspectorPage(recording: recording, title: "Deck").html(), "the file is the page, byte for byte")
        #expect(recording.steps.map(\.type) == ["@@INIT", "add", "add"], "3 entries: @@INIT and the two actions")
        #expect(page.contains(#"data-entries="3""#))
        #expect(page.contains("<title>Deck · 3 entries</title>"))
        #expect(page.contains(#"{"cards":["ace"]}"#), "step 1's state, after \"ace\", is in the page")
        #expect(page.contains(#"{"cards":["ace","king"]}"#))
    }

    @Test func theReadmeMixtapePageHoldsStepOneAfterSoWhat() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("mixtape.html")
        try inspectMixtape(to: file)
        let page = String(decoding: try fileContents(file), as: UTF8.self)
        #expect(page.contains(#"data-entries="3""#))
        #expect(page.contains("<title>Mixtape · 3 entries</title>"))
        #expect(page.contains(#"{"songs":["So What"]}"#), "step 1's state")
        #expect(page.contains(#"{"songs":["So What","Blue in Green"]}"#))
    }
}

import Foundation
import Redux
import ReduxDevTools

// Sources/Redux/Redux.docc/InspectingRecordings.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; InspectingRecordingsDocExamplesTests runs them). The deck is the Recording
// article's.

struct InspectingRecordingsBlocks {
    typealias Deck = RecordingHistoryBlocks.Deck
    typealias DeckAction = RecordingHistoryBlocks.DeckAction

    @MainActor
    func writeInspectorPage(of store: Store<Deck, DeckAction>, to file: URL) throws {
        let recorder = try store.startRecording()
        store.dispatch(.add("ace"), .add("king"))
        let page = InspectorPage(recording: try recorder.recording(), title: "Deck")
        try page.data().write(to: file)   // open file#step=1 to see the state after "ace"
        print(page.entryCount)            // 3: @@INIT and the two actions
    }
}

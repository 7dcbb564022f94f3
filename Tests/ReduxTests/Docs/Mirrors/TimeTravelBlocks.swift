import Foundation
import Redux

// Sources/Redux/Redux.docc/TimeTravel.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; RecordingDocExamplesTests runs them). The deck is the Recording article's.

struct TimeTravelBlocks {
    typealias Deck = RecordingHistoryBlocks.Deck
    typealias DeckAction = RecordingHistoryBlocks.DeckAction

    @MainActor
    func travel(_ store: Store<Deck, DeckAction>) throws {
        try store.startRecording()
        store.dispatch(.add("ace"), .add("king"))
        try store.jump(to: 1)            // shows the state after the first step: ["ace"]
        store.dispatch(.add("queen"))    // held, not processed: store.heldActions
        try store.stepBack()             // index 0, the committed state: []
        try store.stepForward()          // index 1 again: ["ace"]
        store.resumeLive()               // the live state, then the held .add("queen")
        print(store.cards)               // ["ace", "king", "queen"]
    }
}

import Foundation
import Redux
import ReduxDevTools

// Sources/Redux/Redux.docc/RecordingHistory.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; RecordingDocExamplesTests runs them).

struct RecordingHistoryBlocks {
    struct Deck: Codable, Sendable, Equatable {
        var cards: [String] = []
    }

    enum DeckAction: Codable, Sendable, Equatable {
        case add(String)
        case remove(Int)
    }

    @MainActor
    func makeDeck(options: StoreOptions = StoreOptions()) -> Store<Deck, DeckAction> {
        Store(initialState: Deck(), options: options) { state, action in
            switch action {
            case .add(let card): state.cards.append(card)
            case .remove(let index): state.cards.remove(at: index)
            }
        }
    }

    @MainActor
    func recordDeck(_ store: Store<Deck, DeckAction>) throws(RecordingError) -> Recorder<Deck, DeckAction> {
        let recorder = try store.startRecording(maxAge: 100)
        store.dispatch(.add("ace"), .add("king"))
        print(recorder.count)                        // 2 steps
        print(recorder.state(at: 0)?.cards ?? [])    // []: the committed state
        print(recorder.state(at: 1)?.cards ?? [])    // ["ace"]
        return recorder
    }

    let cardsOnly = RecordingFilter.allowing("add", "remove")    // these identities only
    let noTimers = RecordingFilter.denying(matching: "^timer\\.") // every action but the timer's

    struct DeckSummary: Encodable, Sendable {
        let count: Int
        let top: String?
    }

    @MainActor
    func recordSummaries(_ store: Store<Deck, DeckAction>) throws(RecordingError) -> Recorder<Deck, DeckAction> {
        try store.startRecording(keeping: { DeckSummary(count: $0.cards.count, top: $0.cards.last) })
    }

    @MainActor
    func saveAndReload(_ recorder: Recorder<Deck, DeckAction>, file: URL) throws {
        let data = try recorder.export()
        try data.write(to: file)                        // open it in Redux DevTools: Import
        let recording = try Recording(importing: Data(contentsOf: file))
        print(recording.steps.map(\.type))              // ["@@INIT", "add", "add"]
        print(recording.exported() == data)             // true: the same bytes
        try recorder.load(recording)                    // its states can be travelled through again
    }

    @MainActor
    func checkReplay(of recording: Recording) async throws -> Bool {
        let report = try await recording.replayCheck { options in makeDeck(options: options) }
        print(report)   // replay matches the recording: 3 entries, 2 external actions re-dispatched
        return report.isDeterministic
    }
}

import Foundation
import Redux
import Testing

/// The Persisting State article's and the README's persistence examples do what they say.
@Suite("Persisting State article examples", .timeLimit(.minutes(2)))
@MainActor
struct PersistingStateDocExamplesTests {
    typealias Blocks = PersistingStateBlocks

    @Test func theShelfIsSavedAndRestoredByTheNextStore() async throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("shelf.json")
        do {
            let store = try Blocks().openShelf(at: file)
            store.dispatch(.add("Dune"))
            store.invalidate()  // writes the pending save
        }
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == #"{"state":{"books":["Dune"]},"version":1}"#,
                "the file the article shows")
        let store = try Blocks().openShelf(at: file)
        #expect(store.books == ["Dune"])
        store.invalidate()
    }

    @Test func theMigrationSplitsTheVersionOneLine() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("shelf.json")
        try Data(#"{"state":{"titles":"Dune,Emma"},"version":1}"#.utf8).write(to: file)
        let persistence = Blocks().shelfPersistence(file: file)
        let store = try Store<Blocks.Shelf, Blocks.ShelfAction>(initialState: Blocks.Shelf(), persistence: persistence) { state, action in
            switch action {
            case .add(let title): state.books.append(title)
            }
        }
        #expect(store.books == ["Dune", "Emma"])
        #expect(persistence.status == .migrated(from: 1, to: 2))
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == #"{"state":{"books":["Dune","Emma"]},"version":2}"#)
        store.invalidate()
    }

    @Test func theJournalStartsFreshThenRestores() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("journal.json")
        do {
            let store = try openJournal(file)
            store.dispatch("first entry")
        }  // released: the pending save is written
        let store = try openJournal(file)
        #expect(store.entries == ["first entry"])
        store.invalidate()
    }
}

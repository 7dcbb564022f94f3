import Foundation
import Redux

// Sources/Redux/Redux.docc/PersistingState.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; PersistingStateDocExamplesTests runs them).

struct PersistingStateBlocks {
    struct Shelf: Codable, Sendable, Equatable {
        var books: [String] = []
    }

    enum ShelfAction: Sendable {
        case add(String)
    }

    @MainActor
    func openShelf(at file: URL) throws(PersistenceError) -> Store<Shelf, ShelfAction> {
        let persistence = Persistence<Shelf>(file: file, interval: .milliseconds(500))
        return try Store(initialState: Shelf(), persistence: persistence) { state, action in
            switch action {
            case .add(let title): state.books.append(title)
            }
        }
    }

    struct ShelfV1: Codable {
        var titles: String  // version 1 kept one comma-separated line
    }

    func shelfPersistence(file: URL) -> Persistence<Shelf> {
        Persistence<Shelf>(file: file, version: 2, migrate: { saved in
            let old = try saved.decode(ShelfV1.self)
            return Shelf(books: old.titles.split(separator: ",").map(String.init))
        })
    }
}

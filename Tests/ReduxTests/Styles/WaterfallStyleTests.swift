import Testing
import ReduxTesting

/// SwiftUIRedux's waterfall: state-tree nodes reduce themselves and hand the action down.
enum ShelfAction: Equatable, Sendable {
    case label(String), tick, bump(id: Int)
}

struct Book: StateNode, Equatable, Sendable, Identifiable {
    let id: Int
    var trail: [String] = []
    var ticks = 0
    mutating func reduce(_ action: ShelfAction) {
        switch action {
        case .label(let text): trail.append("book \(id): \(text)")
        case .tick: ticks += 1
        case .bump(let target) where target == id: ticks += 100
        default: break
        }
    }
}

struct Shelf: StateNode, Equatable, Sendable {
    var trail: [String] = []
    var books: [Book]
    var featured: IdentifiedArray<Book> = []
    var loose: Book?
    mutating func reduce(_ action: ShelfAction) {
        if case .label(let text) = action { trail.append("shelf: \(text)") }
        reduceEach(&books, action)
        reduceEach(&featured, action)
        reduceEach(&loose, action)
    }
}

struct Library: StateNode, Equatable, Sendable {
    var trail: [String] = []
    var shelf: Shelf
    var counts: [Int] = Array(repeating: 0, count: 1_000_000)
    mutating func reduce(_ action: ShelfAction) {
        if case .label(let text) = action { trail.append("library: \(text)") }
        if case .tick = action { counts[0] += 1 }
        shelf.reduce(action)
    }
}

@MainActor
@Suite struct WaterfallStyleTests {
    static func library() -> Library {
        Library(shelf: Shelf(books: [Book(id: 1), Book(id: 2)], featured: [Book(id: 3)], loose: Book(id: 4)))
    }

    @Test func aThreeLevelTreeReducesTopDown() {
        let store = Store<Library, ShelfAction>(initialState: Self.library())
        store.dispatch(.label("x"))
        #expect(store.trail == ["library: x"])
        #expect(store.shelf.trail == ["shelf: x"])
        #expect(store.shelf.books.map(\.trail) == [["book 1: x"], ["book 2: x"]])
        #expect(store.shelf.featured[id: 3]?.trail == ["book 3: x"])
        #expect(store.shelf.loose?.trail == ["book 4: x"])
    }

    @Test func aTreeReducesInPlace() {
        let store = Store<Library, ShelfAction>(initialState: Self.library())
        let before = store.counts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        store.dispatch(.tick)
        let after = store.counts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(store.counts[0] == 1)
    }

    @Test func aWaterfallFeatureIsTestedWithTheTestStore() async {
        let store = TestStore<Shelf, ShelfAction>(initialState: Shelf(books: [Book(id: 1)]))
        let step = await store.send(.bump(id: 1)) { $0.books[0].ticks = 100 }
        #expect(step.outcome == .reduced)
        await store.send(.bump(id: 9))   // nobody's: still handled, nothing changes
        await store.finish()
    }

    @Test func aNodeReducerLiftsIntoAParent() {
        struct Hall: Sendable, Equatable { var shelf = Shelf(books: [Book(id: 1)]) }
        enum HallAction: Sendable, Equatable { case shelf(ShelfAction) }
        let lifted = Reducer<Shelf, ShelfAction>(node: Shelf.self).lift(
            state: \Hall.shelf,
            action: Embedding(extract: { if case .shelf(let action) = $0 { action } else { nil } }, embed: HallAction.shelf)
        )
        let store = Store(initialState: Hall(), reducers: [lifted])
        store.dispatch(.shelf(.tick))
        #expect(store.shelf.books[0].ticks == 1)
    }
}

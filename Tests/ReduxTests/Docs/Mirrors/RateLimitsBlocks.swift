import Redux

// Sources/Redux/Redux.docc/RateLimits.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; RateLimitsDocExamplesTests runs them).

struct RateLimitsBlocks {
    enum SearchAction: Sendable {
        case search(String)
        case clear
    }

    @MainActor
    func searchAsTyped(_ store: Store<String, SearchAction>, _ text: String) -> Bool {
        // At most one search per 300 ms, whatever the text.
        store.dispatch(.search(text), rate: .minimumInterval(.milliseconds(300)))
    }

    enum SaveAction: Sendable, Equatable {
        case saveAll
        case save
    }

    @MainActor
    func savesAfterSaveAll() -> Int {
        // A middleware of `.saveAll` asks for three saves; only one may wait in the queue.
        let fanOut = Middleware<Int, SaveAction>(id: "fan out") { context in
            if context.action == .saveAll {
                for _ in 0..<3 { context.dispatch(.save, rate: .limit(1)) }
            }
            return .next
        }
        let store = Store<Int, SaveAction>(
            initialState: 0,
            reducers: [Reducer(id: "saves") { count, action in
                if action == .save { count += 1 }
                return .next
            }],
            middlewares: [fanOut]
        )
        store.dispatch(.saveAll)
        return store.state               // 1: two of the three saves were refused
    }
}

// Sources/Redux/Redux.docc/GettingStarted.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; DocExamplesTests runs them).
import Redux

struct GettingStartedBlocks {
    struct Counter: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment, decrement
    }

    @MainActor
    func makeStore() -> Store<Counter, CounterAction> {
        Store<Counter, CounterAction>(initialState: Counter()) { state, action in
            switch action {
            case .increment: state.count += 1
            case .decrement: state.count -= 1
            }
        }
    }

    @MainActor
    func dispatchAndRead() -> Store<Counter, CounterAction> {
        let store = makeStore()
        store.dispatch(.increment)
        print(store.count)        // 1 — `store.count` reads `store.state.count`
        return store
    }
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

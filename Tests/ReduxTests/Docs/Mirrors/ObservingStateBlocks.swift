import Observation
import Redux

// Sources/Redux/Redux.docc/ObservingState.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; DocExamplesTests runs them). The imports above are the article's first block.

struct ObservingStateBlocks {
    struct Counter: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment
    }

    @MainActor
    func watchCount(of store: Store<Counter, CounterAction>) {
        withObservationTracking {
            _ = store.count
        } onChange: {
            print("count changed")
        }
        store.dispatch(.increment)   // prints "count changed"
    }

    @MainActor
    func makeStore() -> Store<Counter, CounterAction> {
        Store<Counter, CounterAction>(initialState: Counter()) { state, _ in state.count += 1 }
    }
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

// Sources/Redux/Redux.docc/Redux.md's (the landing page's) Swift block, verbatim
// (DocBlocksCompiledTests keeps it so; DocExamplesTests runs it).
import Redux

struct ReduxBlocks {
    struct Counter: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment, decrement
    }

    @MainActor
    func landingPage() -> Store<Counter, CounterAction> {
        let store = Store<Counter, CounterAction>(initialState: Counter()) { state, action in
            switch action {
            case .increment: state.count += 1
            case .decrement: state.count -= 1
            }
        }
        store.dispatch(.increment)   // from any isolation, no await
        return store
    }
}

// Sources/Redux/Redux.docc/LoggingEvents.md's Swift block, verbatim (DocBlocksCompiledTests
// keeps it so; DocExamplesTests runs it).
import Redux

struct LoggingEventsBlocks {
    struct Counter: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment
    }

    let counterReducer = Reducer<Counter, CounterAction>(id: "counter") { state, _ in
        state.count += 1
        return .next
    }

    @MainActor
    func printTerminals() -> Store<Counter, CounterAction> {
        let store = Store(initialState: Counter(), reducers: [counterReducer], onLog: { event in
            switch event.kind {
            case .terminal(let outcome): print("#\(event.sequence) \(event.action): \(outcome)")
            default: break
            }
        })
        store.dispatch(.increment)
        return store
    }
}

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

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

import Redux
import Testing

/// A reducer can be called directly, without a store: `reducer.reduce(&state, action)` mutates
/// the state in place and returns a `Reduction` with the exit and whether it handled the action.
@Suite("Calling a reducer directly")
struct ReductionTests {
    private let counter = Reducer<PipeState, PipeAction>(id: "counter") { state, action in
        switch action {
        case .increment:
            state.count += 1
            return .next
        case .add(let amount):
            state.count += amount
            return .done
        default:
            return .defaultNext
        }
    }

    @Test func reducerCanBeCalledWithoutAStore() {
        var state = PipeState()
        let reduction = counter.reduce(&state, .increment)
        #expect(state.count == 1)
        #expect(reduction.exit == .next)
        #expect(reduction.isHandled)
    }

    @Test func reductionReportsTheReducersExit() {
        var state = PipeState(count: 2)
        let done = counter.reduce(&state, .add(3))
        #expect(done.exit == .done)
        #expect(done.isHandled)
        let declined = counter.reduce(&state, .tag("other"))
        #expect(declined.exit == .defaultNext)
        #expect(!declined.isHandled)
        #expect(state.count == 5, "a declined action leaves the state as it was")
    }

    @Test func handlingAllReducerReportsNextForEveryAction() {
        let all = Reducer<PipeState, PipeAction>(id: "all", handlingAll: { state, _ in state.count += 10 })
        var state = PipeState()
        #expect(all.reduce(&state, .ignored).exit == .next)
        all.reduce(&state, .increment)
        #expect(state.count == 20)
    }

    @Test @MainActor func directCallMatchesWhatTheStoreReduces() {
        var state = PipeState()
        for action in [PipeAction.increment, .add(4), .tag("x"), .increment] { counter.reduce(&state, action) }
        let store = Store(initialState: PipeState(), reducers: [counter])
        store.dispatch(contentsOf: [.increment, .add(4), .tag("x"), .increment])
        #expect(store.state == state)
    }

    /// Runs off the main actor: the body has no isolation of its own.
    @Test func reducerCanBeCalledFromAnyIsolation() async {
        let counter = self.counter
        let count = await Task.detached {
            var state = PipeState()
            counter.reduce(&state, .increment)
            return state.count
        }.value
        #expect(count == 1)
    }
}

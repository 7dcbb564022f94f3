import Testing
import ReduxTesting

/// A feature whose `load` effect sends `loaded(5)`, whose reduction starts an effect sending `set(100)`.
struct ChainState: Equatable, Sendable {
    var value = 0
    var isLoading = false
}

enum ChainAction: Equatable, Sendable {
    case load, loaded(Int), set(Int), a, b, c, tick, stop
}

let chainReducer = Reducer<ChainState, ChainAction>(id: "chain", effects: { state, action in
    switch action {
    case .load:
        state.isLoading = true
        return .run { send in send(.loaded(5)) }
    case .loaded(let value):
        state.isLoading = false
        state.value = value
        return .run { send in send(.set(100)) }
    case .set(let value):
        state.value = value
        return .none
    case .a, .b, .c:
        return .merge(.send(.set(1)), .send(.set(2)), .send(.set(3)))
    case .tick:
        state.value += 1
        return .none
    case .stop:
        return .cancel(id: "timer")
    }
})

@MainActor
@Suite struct TestStoreChainTests {
    @Test func chainIsAssertedStepByStepAndEndsWithNothingPending() async {
        let store = TestStore(initialState: ChainState(), reducers: [chainReducer])
        let step = await store.send(.load) { $0.isLoading = true }
        #expect(step.outcome == .reduced)
        await store.receive(.loaded(5)) {
            $0.isLoading = false
            $0.value = 5
        }
        await store.receive(.set(100)) { $0.value = 100 }
        await store.finish()
        #expect(store.state == ChainState(value: 100, isLoading: false))
    }

    @Test func threeMergedSendsAreReceivedInOrder() async {
        let store = TestStore(initialState: ChainState(), reducers: [chainReducer])
        await store.send(.a)
        await store.receive(.set(1)) { $0.value = 1 }
        await store.receive(.set(2)) { $0.value = 2 }
        await store.receive(.set(3)) { $0.value = 3 }
        await store.finish()
    }

    @Test func wrongExpectedStateIsReported() async {
        let store = TestStore(initialState: ChainState(), reducers: [chainReducer])
        await withKnownIssue {
            await store.send(.set(3)) { $0.value = 4 }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("value") && text.contains("4") && text.contains("3")
        }
        await store.finish()
    }

    @Test func unassertedReceivedActionIsReported() async {
        let store = TestStore(initialState: ChainState(), reducers: [chainReducer])
        await store.send(.load) { $0.isLoading = true }
        await withKnownIssue {
            await store.finish()
        }
    }

    @Test func receiveTimeoutIsReported() async {
        let store = TestStore(initialState: ChainState(), reducers: [chainReducer])
        await store.send(.set(1)) { $0.value = 1 }
        await withKnownIssue {
            await store.receive(.set(2), timeout: .milliseconds(50))
        }
        await store.finish()
    }

    @Test func followUpChangeIsAssertedInItsReceiveNonExhaustively() async {
        let store = TestStore(initialState: ChainState(), reducers: [chainReducer], exhaustivity: .off)
        await store.send(.load)
        await store.receive(.set(100)) { $0.value = 100 }
        await store.finish()
    }
}

import Redux
import ReduxTesting
import Testing

/// A test store sees a rule's dispatch as a received action.
@Suite("Rules: test store", .timeLimit(.minutes(5)))
@MainActor
struct RuleTestStoreTests {
    @Test func aRulesDispatchIsAReceivedActionOfATestStore() async {
        let store = TestStore(
            initialState: RuleCount(),
            reducers: [ruleCountReducer],
            middlewares: ruleCountMiddlewares { context in
                guard context.action == .increment else { return }
                context.registerRule(id: "back", when: { $0.counter == 1 }, then: { _ in .decrement })
            }
        )
        await store.send(.increment) { $0.counter = 1 }
        await store.receive(.decrement) { $0.counter = 0 }
        #expect(store.state.counter == 0, "the rule's .decrement was received and reduced")
        await store.finish()
    }
}

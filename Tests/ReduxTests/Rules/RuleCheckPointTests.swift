import Redux
import Testing

/// Rules are checked after each handled action — whatever path reduced it — and only then.
@Suite("Rules: when they are checked", .timeLimit(.minutes(5)))
@MainActor
struct RuleCheckPointTests {
    /// A store whose hook registers an always-holding rule "r" (→ `.mark("fired")`) on `trigger`.
    func storeRegistering(on trigger: RuleCountAction) -> RuleCountStore {
        makeRuleCountStore { context in
            guard context.action == trigger else { return }
            context.registerRule(id: "r", when: { _ in true }, then: { _ in .mark("fired") })
        }
    }

    @Test func aRuleRegisteredWhileAnActionRunsIsFirstCheckedAfterThatActionsReducers() {
        let store = makeRuleCountStore { context in
            guard context.action == .increment else { return }
            // Before the reducers the counter is 0; after them it is 1.
            context.registerRule(id: "one", when: { $0.counter == 1 }, then: { _ in .mark("fired at one") })
        }
        store.dispatch(.increment)
        #expect(store.state.record == ["fired at one"])
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func aRuleIsNotCheckedAfterAnActionEveryReducerDeclined() {
        let store = storeRegistering(on: .ignored)
        store.dispatch(.ignored)
        #expect(store.state.record.isEmpty)
        #expect(store.ruleIDs == ["r"])
        store.dispatch(.increment)
        #expect(store.state.record == ["fired"])
    }

    @Test func aRuleIsNotCheckedAfterExitDone() {
        let store = storeRegistering(on: .consumed)
        store.dispatch(.consumed)
        #expect(store.state.record.isEmpty)
        #expect(store.ruleIDs == ["r"])
        store.dispatch(.increment)
        #expect(store.state.record == ["fired"])
    }

    @Test func aRuleIsCheckedAfterAResolverRecoveryThatReduced() {
        let store = storeRegistering(on: .failing)
        store.dispatch(.failing)
        #expect(store.state.record == ["failing", "fired"])
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func aRuleIsCheckedAfterADeferredResumeThatReduced() async throws {
        let store = storeRegistering(on: .deferred)
        let ticket = store.dispatchTracked(.deferred)
        #expect(store.ruleIDs == ["r"])
        try await expectOutcome(ticket, "reduced")
        try await store.settled(timeout: patience)
        #expect(store.state.record == ["deferred", "fired"])
        #expect(store.ruleIDs.isEmpty)
    }
}

import Redux
import Testing

/// Fire-once rules fire when their condition holds after a handled action, once, in
/// registration order, queued behind what is already queued.
@Suite("Rules: firing")
@MainActor
struct RuleFiringTests {
    @Test func aRuleRegisteredOnTheFirstIncrementWhenCounterIsThreeThenDecrementLeavesTwoAndIsGone() {
        let hooks = RuleHookState()
        let store = makeRuleCountStore { context in
            guard context.action == .increment, !hooks.registered else { return }
            hooks.registered = true
            context.registerRule(id: "atThree", when: { $0.counter == 3 }, then: { _ in .decrement })
        }
        store.dispatch(.increment)
        #expect(store.ruleIDs == ["atThree"])
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state.counter == 2)
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func aRuleRegisteredAndRemovedAtOnceNeverFires() {
        let store = makeRuleCountStore { context in
            guard context.action == .increment else { return }
            context.registerRule(id: "never", when: { _ in true }, then: { _ in .mark("fired") })
            context.unregisterRule(id: "never")
        }
        store.dispatch(.increment)
        store.dispatch(.mark("later"))
        #expect(store.state.record == ["later"])
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func aRuleWhenCounterAtLeastTwoThenIncrementFiresOnceOnly() {
        let hooks = RuleHookState()
        let store = makeRuleCountStore { context in
            guard context.action == .increment, !hooks.registered else { return }
            hooks.registered = true
            context.registerRule(id: "atLeastTwo", when: { $0.counter >= 2 }, then: { _ in .increment })
        }
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state.counter == 3)
        #expect(store.ruleIDs.isEmpty)
        store.dispatch(.mark("after"))
        #expect(store.state.counter == 3)
    }

    @Test func twoRulesThatHoldOnTheSameActionFireInRegistrationOrder() {
        let store = makeRuleCountStore { context in
            guard context.action == .mark("arm") else { return }
            context.registerRule(id: "second-by-name", when: { _ in true }, then: { _ in .mark("first registered") })
            context.registerRule(id: "first-by-name", when: { _ in true }, then: { _ in .mark("second registered") })
        }
        store.dispatch(.mark("arm"))
        #expect(store.state.record == ["arm", "first registered", "second registered"])
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func aRuleThatDoesNotHoldStaysRegisteredUntilItHolds() {
        let store = makeRuleCountStore { context in
            guard context.action == .mark("arm") else { return }
            context.registerRule(id: "atTwo", when: { $0.counter == 2 }, then: { _ in .mark("fired") })
        }
        store.dispatch(.mark("arm"))
        store.dispatch(.increment)
        #expect(store.ruleIDs == ["atTwo"])
        #expect(store.state.record == ["arm"])
        store.dispatch(.increment)
        #expect(store.state.record == ["arm", "fired"])
    }

    @Test func aRulesActionIsQueuedBehindWhatIsAlreadyQueuedAndProcessedInTheSameCall() {
        let store = makeRuleCountStore { context in
            guard context.action == .mark("start") else { return }
            context.dispatch(.mark("queued by the middleware"))
            context.registerRule(id: "now", when: { _ in true }, then: { _ in .mark("rule") })
        }
        store.dispatch(.mark("start"))
        #expect(store.state.record == ["start", "queued by the middleware", "rule"])
    }

    @Test func theRuleStepComesAfterSubscriptionsAndBeforeEffectsStart() {
        let sending = Reducer<RuleCount, RuleCountAction>(id: "sends", effects: { _, action in
            action == .mark("send") ? .send(.mark("effect")) : .none
        })
        let store = makeRuleCountStore(reducers: [ruleCountReducer, sending]) { context in
            guard context.action == .mark("send") else { return }
            context.registerRule(id: "step", when: { _ in true }, then: { _ in .mark("rule") })
        }
        var subscriptionDispatched = false
        let subscription = store.subscribe(select: \.record) { record in
            if record == ["send"], !subscriptionDispatched {
                subscriptionDispatched = true
                store.dispatch(.mark("subscription"))
            }
        }
        store.dispatch(.mark("send"))
        #expect(store.state.record == ["send", "subscription", "rule", "effect"])
        subscription.cancel()
    }

    @Test func aRuleReadsTheStateTheActionLeftInBothConditionAndAction() {
        let store = makeRuleCountStore { context in
            guard context.action == .increment else { return }
            context.registerRule(id: "copy", when: { $0.counter == 1 }, then: { .mark("saw \($0.counter)") })
        }
        store.dispatch(.increment)
        #expect(store.state.record == ["saw 1"])
    }
}

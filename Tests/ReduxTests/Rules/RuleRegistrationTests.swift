import Redux
import Testing

/// Registering by id replaces, unregistering removes, and a fired rule may register itself again.
@Suite("Rules: registration")
@MainActor
struct RuleRegistrationTests {
    @Test func registeringAnExistingIDReplacesTheRuleAndMovesItToTheEndOfTheOrder() {
        let store = makeRuleCountStore { context in
            guard context.action == .mark("arm") else { return }
            context.registerRule(id: "a", when: { _ in true }, then: { _ in .mark("old a") })
            context.registerRule(id: "b", when: { _ in true }, then: { _ in .mark("b") })
            context.registerRule(id: "a", when: { _ in true }, then: { _ in .mark("new a") })
        }
        store.dispatch(.mark("arm"))
        #expect(store.state.record == ["arm", "b", "new a"])
    }

    @Test func ruleIDsListTheRulesInRegistrationOrderWithAReplacementLast() {
        let store = makeRuleCountStore { context in
            guard context.action == .mark("arm") else { return }
            for id in ["c", "a", "b", "c"] {
                context.registerRule(id: id, when: { _ in false }, then: { _ in .increment })
            }
        }
        store.dispatch(.mark("arm"))
        #expect(store.ruleIDs == ["a", "b", "c"])
    }

    @Test func unregisteringRemovesTheRule() {
        let store = makeRuleCountStore { context in
            switch context.action {
            case .mark("arm"): context.registerRule(id: "r", when: { $0.counter >= 1 }, then: { _ in .mark("fired") })
            case .mark("disarm"): context.unregisterRule(id: "r")
            default: break
            }
        }
        store.dispatch(.mark("arm"))
        store.dispatch(.mark("disarm"))
        #expect(store.ruleIDs.isEmpty)
        store.dispatch(.increment)
        #expect(store.state.record == ["arm", "disarm"])
    }

    @Test func unregisteringAnUnknownIDDoesNothing() {
        let store = makeRuleCountStore { context in
            guard context.action == .mark("arm") else { return }
            context.registerRule(id: "kept", when: { $0.counter >= 1 }, then: { _ in .mark("fired") })
            context.unregisterRule(id: "unknown")
        }
        store.dispatch(.mark("arm"))
        store.dispatch(.increment)
        #expect(store.state.record == ["arm", "fired"])
    }

    @Test func aRuleCanReRegisterItselfFromTheMiddlewareThatHandlesItsFiredAction() {
        let hooks = RuleHookState()
        let store = makeRuleCountStore { context in
            let register = {
                context.registerRule(id: "again", when: { $0.counter >= 1 }, then: { _ in .mark("fired") })
            }
            switch context.action {
            case .increment:
                register()
            case .mark("fired"):
                hooks.fires += 1
                if hooks.fires < 3 { register() }
            default:
                break
            }
        }
        store.dispatch(.increment)
        #expect(store.state.record == ["fired", "fired", "fired"])
        #expect(store.ruleIDs.isEmpty)
    }

    /// Keeps the context past its call (a misuse), so that a condition can register through it.
    @MainActor final class KeptContext {
        var context: MiddlewareContext<RuleCount, RuleCountAction>?
    }

    @Test func aConditionThatRegistersARuleCannotMakeAnotherRuleFire() {
        let kept = KeptContext()
        var fired: [String] = []
        let arm = Middleware<RuleCount, RuleCountAction>(id: "arm") { context in
            guard context.action == .increment, context.counter == 0 else { return .next }
            kept.context = context
            context.registerRule(id: "A", when: { _ in
                kept.context?.registerRule(id: "A", when: { _ in false }, then: { _ in .decrement })
                return true
            }, then: { _ in
                fired.append("A")
                return .decrement
            })
            context.registerRule(id: "B", when: { _ in false }, then: { _ in
                fired.append("B")
                return .decrement
            })
            return .next
        }
        let store = Store(initialState: RuleCount(), reducers: [ruleCountReducer], middlewares: [arm])
        store.dispatch(.increment)
        #expect(fired == ["A"], "only the rule whose condition held fires")
        #expect(store.ruleIDs == ["B", "A"], "B stays; the A registered by the condition stays")
        kept.context = nil
        store.invalidate()
    }
}

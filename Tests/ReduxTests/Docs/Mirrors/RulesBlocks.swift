import Redux

// Sources/Redux/Redux.docc/Rules.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps them
// so; RulesDocExamplesTests runs them).

struct RulesBlocks {
    struct Onboarding: Sendable, Equatable {
        var stepsDone = 0
        var badge = false
    }

    enum OnboardingAction: Sendable, Equatable {
        case begin
        case completeStep
        case awardBadge
    }

    let onboardingReducer = Reducer<Onboarding, OnboardingAction>(id: "onboarding") { state, action in
        switch action {
        case .begin: state.stepsDone = 0
        case .completeStep: state.stepsDone += 1
        case .awardBadge: state.badge = true
        }
        return .next
    }

    let badgeRule = Middleware<Onboarding, OnboardingAction>(id: "badgeRule") { context in
        if context.action == .begin {
            context.registerRule(id: "badge", when: { $0.stepsDone >= 3 }, then: { _ in .awardBadge })
        }
        return .next
    }

    @MainActor
    func finishOnboarding() -> Store<Onboarding, OnboardingAction> {
        let store = Store(initialState: Onboarding(), reducers: [onboardingReducer], middlewares: [badgeRule])
        store.dispatch(.begin)              // store.ruleIDs == ["badge"]
        store.dispatch(.completeStep)
        store.dispatch(.completeStep)
        store.dispatch(.completeStep)       // 3 steps: the rule fires, .awardBadge runs in this call
        store.dispatch(.completeStep)       // the rule is gone: nothing more is dispatched
        return store                        // badge == true, ruleIDs == []
    }
}

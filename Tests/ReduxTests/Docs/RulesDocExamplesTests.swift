import Foundation
import Redux
import Testing

/// The Rules article's and the README's rule examples do what their comments say.
@Suite("Rules article examples")
@MainActor
struct RulesDocExamplesTests {
    @Test func theReadmeUploadFinishesOnceNoPartIsLeftAndTheRuleIsGone() {
        let store = uploadTwoParts()
        #expect(store.state == Upload(parts: 0, finished: true))
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func theReadmeRuleIsArmedByStart() {
        let store = Store(initialState: Upload(), reducers: [uploadReducer], middlewares: [finishWhenDone])
        store.dispatch(.start(parts: 2))
        #expect(store.ruleIDs == ["finish"])
        #expect(!store.state.finished)
    }

    @Test func theOnboardingExampleAwardsTheBadgeOnceAndForgetsTheRule() {
        let store = RulesBlocks().finishOnboarding()
        #expect(store.state == RulesBlocks.Onboarding(stepsDone: 4, badge: true))
        #expect(store.ruleIDs.isEmpty)
    }

    @Test func theArticlesLogSampleIsWhatTheThirdStepLogs() {
        let blocks = RulesBlocks()
        let log = LogRecorder<RulesBlocks.OnboardingAction>()
        let store = Store(
            initialState: RulesBlocks.Onboarding(), reducers: [blocks.onboardingReducer], middlewares: [blocks.badgeRule],
            onLog: log.handler
        )
        store.dispatch(.begin)
        #expect(store.ruleIDs == ["badge"])
        store.dispatch(.completeStep)
        store.dispatch(.completeStep)
        store.dispatch(.completeStep)
        let lines = log.events.filter { $0.sequence >= 4 }.map { "\($0)" }
        let shortened = lines.prefix(6).map { line in
            line.replacingOccurrences(of: #" at .*$"#, with: " at …", options: .regularExpression)
                .replacingOccurrences(of: #" \([^()]*\)$"#, with: " (…)", options: .regularExpression)
        }
        #expect(shortened == [
            "#4 completeStep: enqueued at …",
            "#4 completeStep: middleware badgeRule#0 → next (…)",
            "#4 completeStep: reducer onboarding#0 → next (…)",
            "#4 completeStep: rule \"badge\" fired: dispatched awardBadge",
            "#5 awardBadge: enqueued at …",
            "#4 completeStep: terminal: reduced",
        ])
    }
}

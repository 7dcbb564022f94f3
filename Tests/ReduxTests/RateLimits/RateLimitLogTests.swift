import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// How a rate-limited refusal is reported: one `.refused(.rateLimited, site)` event, no
/// `.enqueued`, no diagnostic line; from another isolation, logged when the main actor runs.
@Suite("Rate limits: refusals in the log", .timeLimit(.minutes(5)))
@MainActor
struct RateLimitLogTests {
    @Test func aRefusedDispatchLogsOneRateLimitedEventAndNoEnqueued() async throws {
        let recorder = LogRecorder<LimitAction>()
        let store = makeLimitStore(recorder: recorder)
        store.dispatch(.increment, rate: .minimumInterval(.seconds(1)))
        let before = recorder.events.count
        let line: UInt = #line; let ticket = store.dispatchTracked(.increment, rate: .minimumInterval(.seconds(1)))
        let after = Array(recorder.events[before...])
        #expect(after.count == 1, "\(after.map(\.eventLabel))")
        #expect(after.first?.sequence == ticket.sequence)
        #expect(after.first?.action == .increment)
        #expect(after.first?.refusal?.reason == "rateLimited")
        #expect(after.first?.refusal?.site.line == line)
        #expect(after.first?.refusal?.site.onMainActor == true)
        #expect(!after.contains { $0.enqueuedSite != nil })
        #expect(try await ticket.outcome == .refused(.rateLimited))
    }

    @Test func aRefusalInsideAPassIsLoggedAfterThatPass() {
        let recorder = LogRecorder<LimitAction>()
        let store = makeLimitStore(middlewares: [burstMiddleware { context in
            context.dispatch(.increment, rate: .limit(0))
        }], recorder: recorder)
        store.dispatch(.burst)
        let labels = recorder.events.map(\.eventLabel)
        let refusal = try? #require(recorder.events.firstIndex { $0.refusal != nil })
        let burstTerminal = recorder.events.lastIndex { $0.action == .burst }
        #expect(refusal != nil && burstTerminal != nil && refusal! > burstTerminal!, "\(labels)")
        #expect(recorder.events.filter { $0.action == .increment }.count == 1, "\(labels)")
    }

    @Test func aRefusalOffTheMainActorIsLoggedWhenTheMainActorRuns() async throws {
        let recorder = LogRecorder<LimitAction>()
        let store = makeLimitStore(recorder: recorder)
        let lines = SharedList<UInt>()
        #expect(runOnThreadAndWait {
            store.dispatch(.increment, rate: .limit(1))
            store.dispatch(.increment, rate: .limit(1)); lines.append(#line)
        })
        #expect(!recorder.events.contains { $0.refusal != nil }, "not logged before the main actor runs")
        try await store.settled(timeout: patience)
        for _ in 0..<10_000 where !recorder.events.contains(where: { $0.refusal != nil }) { await Task.yield() }
        let refusals = recorder.events.filter { $0.refusal != nil }
        #expect(refusals.count == 1)
        #expect(refusals.first?.refusal?.reason == "rateLimited")
        #expect(refusals.first?.refusal?.site.line == lines.values.first)
        #expect(refusals.first?.refusal?.site.onMainActor == false)
        #expect(recorder.events.filter { $0.enqueuedSite != nil }.count == 1, "only the admitted increment")
        #expect(store.count == 1)
    }

    @Test func aRateLimitedRefusalPrintsNoDiagnosticLine() async throws {
        let lines = DiagnosticLines()
        let store = makeLimitStore(diagnostics: lines)
        #expect(!store.dispatch(.increment, rate: .limit(0)))
        #expect(runOnThreadAndWait { store.dispatch(.increment, rate: .limit(0)) })
        try await store.settled(timeout: patience)
        #expect(lines.lines.isEmpty, "\(lines.lines)")
        store.invalidate()
        store.dispatch(.increment, rate: .limit(0))
        #expect(lines.lines.count == 1, "the sink works: an invalidated store's refusal prints")
    }
}

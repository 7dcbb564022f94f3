@testable import Redux
import ReduxTesting
import Testing

/// Issue 7, optional child: an action for a `nil` child is skipped with a warning; a child
/// dismissed while its effect runs loses the effect and its late action; a replaced child's
/// old instance never gets its results.
@Suite("Optional child lifetime", .timeLimit(.minutes(1)))
@MainActor
struct OptionalChildLifetimeTests {
    @Test func actionForANilChildIsSkippedWithAWarningAndChangesNothing() async throws {
        let clock = TestClock()
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: clock, onLog: log.record)
        let ticket = store.dispatchTracked(.sheet(.increment))
        #expect(try await ticket.outcome == .unhandled)
        #expect(store.state == Home())
        let warnings = log.events.compactMap { event -> String? in
            if case let .childAbsent(step, absence) = event.kind { return "\(step.path) \(absence)" }
            return nil
        }
        #expect(warnings == ["sheet is nil"])
    }

    @Test func dismissingAChildWhileItsEffectRunsCancelsItAndItsLateActionIsNotReduced() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.start))
        #expect(store.instances.count == 1)
        store.dispatch(.dismissSheet)
        #expect(store.instances.count == 0)
        store.dispatch(.showSheet(1))
        await clock.advance(by: jobDuration)
        try await store.settled(timeout: patience)
        #expect(store.state.sheet == Job(id: 1))
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func aChildActionAndItsDismissalInOneCallInEitherOrderLeaveNothingReduced() async throws {
        for childFirst in [true, false] {
            let clock = TestClock()
            let store = makeHomeStore(clock: clock)
            store.dispatch(.showSheet(1))
            let batch: [HomeAction] = childFirst ? [.sheet(.start), .dismissSheet] : [.dismissSheet, .sheet(.start)]
            store.dispatch(contentsOf: batch)
            store.dispatch(.showSheet(1))
            await clock.advance(by: jobDuration * 2)
            try await store.settled(timeout: patience)
            #expect(store.state.sheet == Job(id: 1), "childFirst: \(childFirst)")
            #expect(store.instances.count == 0)
        }
    }
}

@testable import Redux
import ReduxTesting
import Testing

/// Issue 7, enum-case child (a destination): an action for a case that is not current is
/// skipped with a warning; when the case changes, the old case's effects are cancelled and
/// nothing they send is reduced.
@Suite("Enum-case child lifetime", .timeLimit(.minutes(5)))
@MainActor
struct EnumCaseChildLifetimeTests {
    @Test func anActionForACaseThatIsNotCurrentIsSkippedWithAWarning() async throws {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        store.dispatch(.showDetail(1))
        let ticket = store.dispatchTracked(.edit(.increment))
        #expect(try await ticket.outcome == .unhandled)
        #expect(store.state.destination == .detail(Job(id: 1)))
        #expect(log.childAbsentWarnings == ["edit is another case"])
        store.dispatch(.detail(.increment))
        #expect(store.state.destination == .detail(Job(id: 1, count: 1)))
    }

    @Test func switchingTheCaseCancelsTheOldCasesEffectAndItsLateActionIsNotReduced() async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(.showDetail(1))
        store.dispatch(.detail(.start))
        #expect(await probe.waitStarted())
        store.dispatch(.showEdit(1))
        #expect(store.instances.count == 0)
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(store.state.destination == .edit(Job(id: 1)))
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func dismissingTheDestinationCancelsItsEffect() async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(.showEdit(2))
        store.dispatch(.edit(.start))
        #expect(await probe.waitStarted())
        store.dispatch(.dismissDestination)
        store.dispatch(.showEdit(2))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 2) == ["start", "cancelled", "sent"])
        #expect(store.state.destination == .edit(Job(id: 2)))
    }

    @Test func aCaseThatStaysCurrentKeepsItsEffect() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        store.dispatch(.showDetail(1))
        store.dispatch(contentsOf: [.detail(.start), .detail(.increment), .note("unrelated")])
        try await finishJobs(store, clock)
        #expect(store.state.destination == .detail(Job(id: 1, count: 101, log: ["start", "finished"])))
    }

    @Test func aSynchronousSendOfTheOldCaseIsDroppedEvenWhenTheSameCaseAndIdCameBack() async throws {
        let store = makeHomeStore(clock: TestClock())
        store.dispatch(.showDetail(1))
        // `.echo` sends `.finished` in the pass: it is queued behind the batch, so the case is
        // gone (and back, as a new instance) when it is processed.
        store.dispatch(contentsOf: [.detail(.echo), .showEdit(1), .showDetail(1)])
        #expect(store.state.destination == .detail(Job(id: 1)))
        store.dispatch(contentsOf: [.detail(.echo), .dismissDestination, .showDetail(1)])
        #expect(store.state.destination == .detail(Job(id: 1)))
        #expect(store.instances.count == 0)
    }
}

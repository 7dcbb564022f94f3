@testable import Redux
import ReduxTesting
import Testing

/// Collection of children: an action for a missing id is skipped with a warning; a removed
/// element's effects are cancelled; moving elements neither cancels nor restarts their effects;
/// a row is its id — an element removed and re-inserted with the same id by a later action never
/// gets its old effects' results, while one removed and re-inserted within one reducer chain is
/// the same instance and gets them.
@Suite("Collection child lifetime", .timeLimit(.minutes(5)))
@MainActor
struct CollectionChildLifetimeTests {
    @Test func anActionForAMissingIdIsSkippedWithAWarning() async throws {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        store.dispatch(.addRow(1))
        let ticket = store.dispatchTracked(.rows(.element(id: 9, action: .increment)))
        #expect(try await ticket.outcome == .unhandled)
        #expect(store.state.rows[id: 1] == Job(id: 1))
        #expect(log.childAbsentWarnings == ["rows[9] has no element 9"])
        store.dispatch(.rows(.element(id: 1, action: .increment)))
        #expect(store.state.rows[id: 1]?.count == 1)
    }

    @Test func removingAnElementCancelsItsEffectOnly() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 2)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .addRow(2), .rows(.element(id: 1, action: .start)), .rows(.element(id: 2, action: .start))])
        #expect(await probe.waitStarted())
        store.dispatch(.removeRow(1))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(probe.events(of: 2) == ["start", "done", "sent"])
        #expect(store.state.rows.ids == [2])
        #expect(store.state.rows[id: 2]?.count == 100)
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func reorderingKeepsEffectsRunningUncancelledAndReducedIntoTheMovedRow() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 3)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .addRow(2), .addRow(3)])
        store.dispatch(contentsOf: [1, 2, 3].map { .rows(.element(id: $0, action: .start)) })
        #expect(await probe.waitStarted())
        store.dispatch(.moveRow(from: 0, to: 2))
        store.dispatch(.moveRow(from: 1, to: 0))
        #expect(store.state.rows.ids == [3, 2, 1])
        #expect(store.instances.count == 3, "moving ended no instance")
        try await finishJobs(store, clock)
        for id in [1, 2, 3] {
            #expect(probe.events(of: id) == ["start", "done", "sent"], "row \(id)")
            #expect(store.state.rows[id: id] == Job(id: id, count: 100, log: ["start", "finished"]), "row \(id)")
        }
        #expect(probe.count("start") == 3, "no job restarted")
        #expect(store.state.rows.ids == [3, 2, 1])
    }

    @Test func anElementRemovedAndReAddedWithTheSameIdNeverGetsTheOldEffectsResult() async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .rows(.element(id: 1, action: .start))])
        #expect(await probe.waitStarted())
        store.dispatch(.removeRow(1))
        store.dispatch(.addRow(1))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(store.state.rows[id: 1] == Job(id: 1))
    }

    @Test func anElementRemovedAndReAddedWithinOneReducerChainIsTheSameInstanceAndGetsItsEffectsResult() async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .rows(.element(id: 1, action: .start))])
        #expect(await probe.waitStarted())
        store.dispatch(.replaceRow(1))
        #expect(store.instances.count == 1, "the id is there at the end of the chain: the instance goes on")
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "done", "sent"])
        #expect(store.state.rows[id: 1] == Job(id: 1, count: 100, log: ["finished"]), "the job's result lands in the row that holds the id")
        #expect(store.instances.count == 0)
    }

    @Test func aSynchronousSendOfARemovedElementIsDroppedWhenALaterActionBringsTheIdBackAndLandsWhenOneReducerDoes() async throws {
        let store = makeHomeStore(clock: TestClock())
        store.dispatch(.addRow(1))
        store.dispatch(contentsOf: [.rows(.element(id: 1, action: .echo)), .removeRow(1), .addRow(1)])
        #expect(store.state.rows[id: 1] == Job(id: 1), "removed by one action, added by the next: a new instance")
        store.dispatch(contentsOf: [.rows(.element(id: 1, action: .echo)), .replaceRow(1)])
        #expect(store.state.rows[id: 1]?.count == 100, "removed and added within one reducer: the same instance gets its send")
        store.dispatch(.rows(.element(id: 1, action: .echo)))
        #expect(store.state.rows[id: 1]?.count == 200, "a live element gets its own send")
    }
}

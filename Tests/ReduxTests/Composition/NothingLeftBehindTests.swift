@testable import Redux
import ReduxTesting
import Testing

/// Issue 7: after an instance is removed the library keeps nothing for it — showing and
/// removing a list of 7 children 10 times, each running its job, leaves no registered instance
/// (`store.instances.count`), no task or id membership (`store.runtime.bookkeepingCount`), and
/// the public debugging count, `store.bookkeeping`, is empty.
@Suite("Nothing left behind", .timeLimit(.minutes(5)))
@MainActor
struct NothingLeftBehindTests {
    private let ids = Array(1...7)

    @Test func showingAndRemovingSevenRowsTenTimesLeavesNothingBehind() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 70)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        for round in 1...10 {
            store.dispatch(contentsOf: ids.map { .addRow($0) } + ids.map { .rows(.element(id: $0, action: .start)) })
            #expect(store.instances.count == 7, "round \(round)")
            let deadline = ContinuousClock.now + patience  // a guard against a hang, not a proof
            while probe.count("start") < 7 * round, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
            #expect(probe.count("start") == 7 * round, "round \(round): every job ran")
            store.dispatch(contentsOf: ids.map { .removeRow($0) })
            #expect(store.instances.count == 0, "round \(round)")
        }
        try await finishJobs(store, clock)
        #expect(probe.count("cancelled") == 70)
        #expect(probe.count("done") == 0)
        #expect(store.state.rows.ids.isEmpty)
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.bookkeeping.isEmpty, "public count: \(store.bookkeeping)")
    }

    @Test func showingAndDismissingAParentOfSevenRowsTenTimesLeavesNothingBehind() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        for _ in 1...10 {
            store.dispatch(contentsOf: [.showPanel] + ids.map { .panel(.addRow($0)) } + ids.map { .panel(.rows(.element(id: $0, action: .start))) })
            store.dispatch(.dismissPanel)
            #expect(store.instances.count == 0)
        }
        try await finishJobs(store, clock)
        #expect(store.state.panel == nil)
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.bookkeeping.isEmpty, "public count: \(store.bookkeeping)")
    }

    @Test func rowsWhoseJobsFinishedKeepNoBookkeepingWhileTheyStay() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        store.dispatch(contentsOf: ids.map { .addRow($0) } + ids.map { .rows(.element(id: $0, action: .start)) })
        try await finishJobs(store, clock)
        store.dispatch(.note("a chain after the jobs ended"))
        #expect(ids.allSatisfy { store.state.rows[id: $0]?.count == 100 })
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.bookkeeping.isEmpty, "public count: \(store.bookkeeping)")
    }

    @Test func childrenShownAndDismissedInEveryFormLeaveNothingBehind() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        for _ in 1...10 {
            store.dispatch(contentsOf: [.showSheet(1), .sheet(.start), .present(2), .presented(.start), .showDetail(3), .detail(.start)])
            store.dispatch(contentsOf: [.dismissSheet, .dismissPresented, .dismissDestination])
            #expect(store.instances.count == 0)
        }
        try await finishJobs(store, clock)
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.bookkeeping.isEmpty, "public count: \(store.bookkeeping)")
    }
}

@testable import Redux
import ReduxTesting
import Testing

/// Issue 7, the races: a child action that starts an effect and the parent action that
/// dismisses that child, processed back to back in the same main-actor call
/// (`dispatch(contentsOf:)`), in both orders, for every removable kind of child. The effect must
/// not escape cancellation (its task never runs, or runs and sees the cancellation — it never
/// sleeps through) and nothing it sends is reduced, even into a new instance shown right after.
@Suite("Dismissal races", .timeLimit(.minutes(5)))
@MainActor
struct DismissalRaceTests {
    /// One kind of child: how to show it, the child's start action, how to dismiss it, and the
    /// job count of the child shown again afterwards (`nil` when it is not there).
    struct Form: Sendable, CustomStringConvertible {
        let description: String
        let show: [HomeAction]
        let start: HomeAction
        let dismiss: HomeAction
        let count: @Sendable (Home) -> Int?
    }

    nonisolated static let forms: [Form] = [
        Form(description: "optional", show: [.showSheet(1)], start: .sheet(.start), dismiss: .dismissSheet) { $0.sheet?.count },
        Form(description: "presented", show: [.present(1)], start: .presented(.start), dismiss: .dismissPresented) { $0.presented?.value.count },
        Form(description: "enum case", show: [.showDetail(1)], start: .detail(.start), dismiss: .showEdit(1)) { home in
            if case .detail(let job) = home.destination { job.count } else { nil }
        },
        Form(description: "collection", show: [.addRow(1)], start: .rows(.element(id: 1, action: .start)), dismiss: .removeRow(1)) { $0.rows[id: 1]?.count },
        Form(description: "collection in an optional", show: [.showPanel, .panel(.addRow(1))], start: .panel(.rows(.element(id: 1, action: .start))), dismiss: .dismissPanel) {
            $0.panel?.rows[id: 1]?.count
        },
    ]

    @Test(arguments: forms)
    func aChildActionThenItsDismissalInOneCallLeaveNothingReduced(_ form: Form) async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock, onLog: log.record)
        store.dispatch(contentsOf: form.show)
        store.dispatch(contentsOf: [form.start, form.dismiss])
        let started = log.events.filter { if case .effectStarted = $0.kind { true } else { false } }.count
        #expect(started == 1, "the child's effect did start")
        #expect(store.instances.count == 0, "the dismissal ended the instance in the same call")
        store.dispatch(contentsOf: form.show)
        try await finishJobs(store, clock)
        let events = probe.events(of: 1)
        #expect(events == [] || events == ["start", "cancelled", "sent"], "\(events)")
        #expect(probe.count("done") == 0, "the job escaped cancellation")
        #expect(form.count(store.state) == 0, "the old instance's action was reduced into the new one")
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test(arguments: forms)
    func aDismissalThenTheChildActionInOneCallStartNothing(_ form: Form) async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock, onLog: log.record)
        store.dispatch(contentsOf: form.show)
        store.dispatch(contentsOf: [form.dismiss, form.start])
        #expect(log.childAbsentWarnings.isEmpty == false, "the child action was skipped with a warning")
        #expect(store.runtime.bookkeepingCount == 0, "no task was started")
        store.dispatch(contentsOf: form.show)
        try await finishJobs(store, clock)
        #expect(probe.events.values == [])
        #expect(form.count(store.state) == 0)
        #expect(store.instances.count == 0)
    }

    @Test(arguments: forms)
    func aChildActionItsDismissalAndANewInstanceInOneCallLeaveTheNewOneUntouched(_ form: Form) async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: form.show)
        store.dispatch(contentsOf: [form.start, form.dismiss] + form.show)
        try await finishJobs(store, clock)
        #expect(probe.count("done") == 0)
        #expect(form.count(store.state) == 0)
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test(arguments: forms)
    func aRunningJobDismissedSeesTheCancellation(_ form: Form) async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: form.show + [form.start])
        #expect(await probe.waitStarted())
        store.dispatch(contentsOf: [form.dismiss] + form.show)
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(form.count(store.state) == 0)
    }
}

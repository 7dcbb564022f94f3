@testable import Redux
import ReduxTesting
import Testing

private struct SweepBoom: Error {}

/// Issue 7, lifetimes: the store checks its live instances after every reducer chain that ran —
/// a parent's dismissal, a resolver's `reduceAs`, an effect-error recovery — and a nested child
/// (a collection inside an optional child) goes with its parent.
@Suite("Lifetime sweep", .timeLimit(.minutes(5)))
@MainActor
struct LifetimeSweepTests {
    /// Turns every `SweepBoom` into a parent `.dismissSheet`.
    private let dismissOnBoom = Resolver<Home, HomeAction>(id: "dismiss-on-boom") { context in
        context.error is SweepBoom ? .exit(.reduceAs(.dismissSheet)) : .defaultNext
    }

    @Test func aResolversReduceAsThatDismissesTheChildEndsIt() async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let raises = Middleware<Home, HomeAction>(id: "raises") { context in
            if context.action == .note("boom") { throw SweepBoom() }
            return .next
        }
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock, middlewares: [raises], resolvers: [dismissOnBoom])
        store.dispatch(contentsOf: [.showSheet(1), .sheet(.start)])
        #expect(await probe.waitStarted())
        store.dispatch(.note("boom"))
        #expect(store.state.sheet == nil)
        #expect(store.instances.count == 0, "swept after the resolver's reduceAs chain")
        store.dispatch(.showSheet(1))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(store.state.sheet == Job(id: 1))
    }

    @Test func anEffectErrorRecoveryThatDismissesTheChildEndsIt() async throws {
        let clock = TestClock()
        let probe = JobProbe()
        let failing = Reducer<Home, HomeAction>(id: "failing", effects: { _, action in
            guard action == .note("fail later") else { return .none }
            return .run { send in
                try await send.sleep(for: .milliseconds(10))
                throw SweepBoom()
            }
        })
        let store = Store(
            initialState: Home(),
            reducers: homeReducers(job: probedJobReducer(probe)) + [failing],
            resolvers: [dismissOnBoom],
            options: StoreOptions(clock: clock)
        )
        store.dispatch(contentsOf: [.showSheet(1), .sheet(.start), .note("fail later")])
        #expect(await probe.waitStarted())
        await clock.advance(by: .milliseconds(10))
        try await store.settled(timeout: patience)
        #expect(store.state.sheet == nil, "the recovery's dismissal was reduced")
        #expect(store.instances.count == 0)
        store.dispatch(.showSheet(1))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(store.state.sheet == Job(id: 1))
    }

    @Test func dismissingAParentChildCancelsEveryRowsEffect() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 3)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.showPanel] + [1, 2, 3].map { .panel(.addRow($0)) })
        store.dispatch(contentsOf: [1, 2, 3].map { .panel(.rows(.element(id: $0, action: .start))) })
        #expect(await probe.waitStarted())
        #expect(store.instances.count >= 3)
        store.dispatch(.dismissPanel)
        #expect(store.instances.count == 0)
        store.dispatch(contentsOf: [.showPanel] + [1, 2, 3].map { .panel(.addRow($0)) })
        try await finishJobs(store, clock)
        for id in [1, 2, 3] {
            #expect(probe.events(of: id) == ["start", "cancelled", "sent"], "row \(id)")
            #expect(store.state.panel?.rows[id: id] == Job(id: id), "row \(id)")
        }
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func removingOneRowOfAParentChildCancelsOnlyThatRow() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 2)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.showPanel, .panel(.addRow(1)), .panel(.addRow(2))])
        store.dispatch(contentsOf: [1, 2].map { .panel(.rows(.element(id: $0, action: .start))) })
        #expect(await probe.waitStarted())
        store.dispatch(.panel(.removeRow(1)))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "cancelled", "sent"])
        #expect(probe.events(of: 2) == ["start", "done", "sent"])
        #expect(store.state.panel?.rows[id: 2]?.count == 100)
    }
}

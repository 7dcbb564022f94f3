import Redux
import ReduxTesting
import Testing

/// `store.bookkeeping`, the public debugging count: it counts what the store keeps for work in
/// flight, each kind separately, and is empty again once that work is over.
@Suite("Store bookkeeping", .timeLimit(.minutes(5)))
@MainActor
struct StoreBookkeepingTests {
    @Test func bookkeepingCountsARowsJobWhileItRunsAndIsEmptyOnceItEnded() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        #expect(store.bookkeeping.isEmpty)
        store.dispatch(.addRow(1), .rows(.element(id: 1, action: .start)))
        try await store.quiescent(timeout: patience)
        let during = store.bookkeeping
        #expect(during.tasks == 1, "\(during)")
        #expect(during.cancellationIDs == 1, "the job's id, scoped to row 1: \(during)")
        #expect(during.childInstances == 1, "\(during)")
        #expect(during.throttleWindows == 0 && during.suspendedActions == 0, "\(during)")
        #expect(!during.isEmpty)
        await clock.advance(by: jobDuration)
        try await store.settled(timeout: patience)
        store.dispatch(.note("a chain after the job ended"))
        #expect(store.state.rows[id: 1]?.count == 100)
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    @Test func bookkeepingCountsAThrottleWindowUntilItClosesIdle() async throws {
        let clock = TestClock()
        let store = Store(
            initialState: 0,
            reducers: [Reducer<Int, Int>(id: "throttled", effects: { state, action in
                state += action
                return action > 100 ? .none : Effect.send(action + 1_000).throttle(id: "t", for: .seconds(1), latest: true)
            })],
            options: StoreOptions(clock: clock)
        )
        store.dispatch(1)
        try await store.quiescent(timeout: patience)
        #expect(store.bookkeeping.throttleWindows == 1, "\(store.bookkeeping)")
        await clock.advance(by: .seconds(2))
        try await store.settled(timeout: patience)
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }
}

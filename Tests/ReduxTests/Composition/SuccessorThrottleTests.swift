@testable import Redux
import ReduxTesting
import Testing

@Suite("Throttle of a successor instance", .timeLimit(.minutes(5)))
@MainActor
struct SuccessorThrottleTests {
    /// A new instance that throttles with the same (scoped) id right after its predecessor was
    /// dismissed, in the same call: its leading-edge send must go through.
    @Test func aPlainSuccessorsLeadingThrottledSendIsDeliveredWhileItsPredecessorsWindowLingers() async throws {
        let clock = TestClock()
        let store = Store(
            initialState: R7bParent(),
            reducers: [
                r7bParentReducer,
                r7bPlainReducer.lift(state: \R7bParent.child, action: Embedding(
                    extract: { if case .child(let a) = $0 { a } else { nil } }, embed: R7bParentAction.child)),
            ],
            options: StoreOptions(clock: clock)
        )
        store.dispatch(contentsOf: [.child(.throttled), .dismiss, .show, .child(.throttled)])
        await clock.advance(by: .seconds(3))
        try await store.settled(timeout: patience)
        #expect(store.state.child == R7bPlain(n: 1))
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
        // Same with the dismissal in its own call.
        store.dispatch(.child(.throttled))
        store.dispatch(.dismiss)
        store.dispatch(.show)
        store.dispatch(.child(.throttled))
        await clock.advance(by: .seconds(3))
        try await store.settled(timeout: patience)
        #expect(store.state.child == R7bPlain(n: 1))
        // And debounce.
        store.dispatch(contentsOf: [.dismiss, .show, .child(.debounced), .dismiss, .show, .child(.debounced)])
        await clock.advance(by: .seconds(3))
        try await store.settled(timeout: patience)
        #expect(store.state.child == R7bPlain(n: 1))
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }
}

@Suite("Throttle of an identified successor", .timeLimit(.minutes(5)))
@MainActor
struct IdentifiedSuccessorThrottleTests {
    @Test func anIdentifiedSuccessorsLeadingThrottledSendIsDeliveredInEveryForm() async throws {
        let job = Reducer<Job, JobAction>(id: "job", effects: { state, action in
            switch action {
            case .echo: return Effect<JobAction>.send(.increment).throttle(id: "t", for: .seconds(1), latest: true)
            case .increment:
                state.count += 1
                return .none
            default: return .none
            }
        })
        let clock = TestClock()
        let store = makeHomeStore(job: job, clock: clock)
        store.dispatch(contentsOf: [.showSheet(1), .sheet(.echo), .dismissSheet, .showSheet(1), .sheet(.echo)])
        store.dispatch(contentsOf: [.present(1), .presented(.echo), .dismissPresented, .present(1), .presented(.echo)])
        store.dispatch(contentsOf: [.addRow(1), .rows(.element(id: 1, action: .echo)), .removeRow(1), .addRow(1), .rows(.element(id: 1, action: .echo))])
        await clock.advance(by: .seconds(3))
        try await store.settled(timeout: patience)
        #expect(store.state.sheet?.count == 1, "Job? (by id)")
        #expect(store.state.presented?.value.count == 1, "Presented")
        #expect(store.state.rows[id: 1]?.count == 1, "row")
    }

    /// A row is its id: a row removed and added again inside one reducer is the same instance, so
    /// it keeps its throttle window — the second send is held to the window's end, and both land
    /// in the row that holds the id.
    @Test func aRowReplacedInsideOneReducerKeepsItsThrottleWindowAndBothSendsLand() async throws {
        let job = Reducer<Job, JobAction>(id: "job", effects: { state, action in
            switch action {
            case .echo: return Effect<JobAction>.send(.increment).throttle(id: "t", for: .seconds(1), latest: true)
            case .increment:
                state.count += 1
                return .none
            default: return .none
            }
        })
        let clock = TestClock()
        let store = makeHomeStore(job: job, clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .rows(.element(id: 1, action: .echo)), .replaceRow(1), .rows(.element(id: 1, action: .echo))])
        try await store.quiescent(timeout: .seconds(60))
        #expect(store.state.rows[id: 1]?.count == 1, "the leading send; the second is held in the window")
        await clock.advance(by: .seconds(3))
        try await store.settled(timeout: .seconds(60))
        #expect(store.state.rows[id: 1]?.count == 2, "the held send lands at the window's end")
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }
}

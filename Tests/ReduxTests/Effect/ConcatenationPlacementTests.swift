import Foundation
import Redux
import Testing

/// What a concatenation sends after asynchronous work arrives from another isolation, on a
/// later main-actor turn — also when that work finished before the pass did. (Found by the fuzz
/// test: `REDUX_FUZZ_SEED=950` failed every replay without the fix.)
@MainActor
@Suite("Concatenation placement")
struct ConcatenationPlacementTests {
    enum Act: Sendable, Equatable { case start, inPass, afterRun }

    @Test func aSendAfterAMergeWithARunComesOnALaterTurnEvenWhenTheRunEndedFirst() async throws {
        let runEnded = DispatchSemaphore(value: 0)
        let box = StoreBox()
        let onMainActor = SharedList<Bool>()
        let store = Store<[Act], Act>(initialState: [], reducers: [
            Reducer(id: "fx", effects: { state, action in
                state.append(action)
                guard action == .start else { return .none }
                return .concatenate(
                    .merge(.run { _ in runEnded.signal() }, .send(.inPass)),
                    .send(.afterRun)
                )
            }),
        ], onLog: { event in
            guard case .enqueued(let site) = event.kind else { return }
            if event.action == .afterRun { onMainActor.append(site.onMainActor) }
            // The merge's synchronous branch ends only once the run has ended (its task
            // finished): the run's branch is not the last one to end.
            guard event.action == .inPass else { return }
            _ = waitForSignal(runEnded)
            let deadline = ContinuousClock.now + patience
            while (box.store?.activeTaskCount ?? 0) > 0, ContinuousClock.now < deadline { usleep(100) }
        })
        box.store = store
        store.dispatch(.start)
        #expect(store.state == [.start, .inPass], "the send after the run was processed in the dispatch call")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .inPass, .afterRun])
        #expect(onMainActor.values == [false])
    }
}

/// The store, held weakly, for a log handler made before it.
private final class StoreBox: @unchecked Sendable {
    weak var store: Store<[ConcatenationPlacementTests.Act], ConcatenationPlacementTests.Act>?
}

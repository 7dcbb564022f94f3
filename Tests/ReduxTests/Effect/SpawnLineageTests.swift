import Foundation
@testable import Redux
import Testing

/// Work belongs to the effect that started it, not to whatever task happened to run the code
/// that spawned it: cancelling an effect never reaches work a later main-actor turn starts.
/// (Found by the fuzz test: `REDUX_FUZZ_SEED=1766` failed about 9 replays in 10 without the
/// fix.)
@MainActor
@Suite("Spawn lineage")
struct SpawnLineageTests {
    enum Act: Sendable, Equatable { case start, sent, stop, go, went }

    @Test func aTurnScheduledByACancelledEffectStartsUncancelledWork() async throws {
        let sent = DispatchSemaphore(value: 0)
        let store = Store<[Act], Act>(initialState: [], reducers: [
            Reducer(id: "fx", effects: { state, action in
                state.append(action)
                switch action {
                case .start:
                    return .run { send in
                        // Queues `.sent` from this task, which schedules the store's main-actor
                        // turn from here; then stays running until cancelled.
                        send(.sent)
                        sent.signal()
                        try await send.sleep(for: .seconds(3_600))
                    }.cancellable(id: "a")
                case .stop:
                    return .cancel(id: "a")
                case .go:
                    return .run { send in send(.went) }
                default:
                    return .none
                }
            }),
        ])
        store.dispatch(.start)
        // The main actor stays busy: the turn the run scheduled has not run yet.
        #expect(waitForSignal(sent))
        store.dispatch(.stop)  // processes `.sent` (the backlog) first, then cancels the run
        // Queued off the main actor, behind the turn already scheduled: that turn processes it.
        #expect(runOnThreadAndWait { store.dispatch(.go) })
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .sent, .stop, .go, .went])
        #expect(store.activeTaskCount == 0)
    }

    @Test func aTaskAllocatedWhereAFinishedEffectTaskWasIsNotThatTask() async throws {
        // The token of a finished task lives on as the task-local of the tasks created inside
        // it (and of those they create); such a task may be allocated where the finished one
        // was. It must not pass for the token's task (what `spawn` and the counted clock ask).
        let runtime = EffectRuntime(settle: SettleSignal())
        let tokens = (0..<200).compactMap { _ in runtime.spawn(priority: nil, ids: [], group: nil) { _ in } }
        #expect(tokens.count == 200)
        let deadline = ContinuousClock.now + patience
        while runtime.activeCount > 0, ContinuousClock.now < deadline { await Task.yield() }
        #expect(runtime.activeCount == 0)
        var impostors = 0
        for _ in 0..<500 {
            // New tasks, allocated where the finished ones were.
            if await Task.detached(operation: { tokens.contains { $0.isCurrentTask } }).value { impostors += 1 }
        }
        #expect(impostors == 0)
    }
}

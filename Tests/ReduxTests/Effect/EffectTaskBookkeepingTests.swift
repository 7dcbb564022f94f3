import Dispatch
import Foundation
import Redux
import Testing

/// An effect's task keeps a runtime entry while it runs and, once finished, only as long as a
/// cancellation by id could still reach an action it sent that waits in the queue.
@MainActor
@Suite("Effect task bookkeeping")
struct EffectTaskBookkeepingTests {
    enum Act: Sendable, Equatable { case go, goCancellable, done, cancel }

    func store(sent: DispatchSemaphore) -> Store<[Act], Act> {
        Store(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
            state.append(action)
            switch action {
            case .go:
                return .run { send in
                    send(.done)
                    sent.signal()
                }
            case .goCancellable:
                return .run { send in
                    send(.done)
                    sent.signal()
                }.cancellable(id: "work")
            case .cancel:
                return .cancel(id: "work")
            case .done:
                return .none
            }
        })])
    }

    /// Blocks the main actor until the store has no running task (bounded by `patience`).
    func waitUntilNoTaskRuns(_ store: Store<[Act], Act>) -> Bool {
        let deadline = ContinuousClock.now + patience
        while store.activeTaskCount != 0 {
            if ContinuousClock.now > deadline { return false }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return true
    }

    @Test func aFinishedTaskWithoutCancellationIDsKeepsNoEntryWhileItsSendWaits() async throws {
        let sent = DispatchSemaphore(value: 0)
        let store = store(sent: sent)
        store.dispatch(.go)
        #expect(waitForSignal(sent))
        #expect(waitUntilNoTaskRuns(store))
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
        #expect(store.state == [.go], "the main actor has not had a turn: the send still waits")
        try await store.settled(timeout: patience)
        #expect(store.state == [.go, .done])
        #expect(store.bookkeeping.isEmpty)
    }

    @Test func aFinishedTaskWithAnIDKeepsItsEntryUntilItsQueuedSendIsProcessed() async throws {
        let sent = DispatchSemaphore(value: 0)
        let store = store(sent: sent)
        store.dispatch(.goCancellable)
        #expect(waitForSignal(sent))
        #expect(waitUntilNoTaskRuns(store))
        #expect(store.bookkeeping.tasks == 1 && store.bookkeeping.cancellationIDs == 1, "\(store.bookkeeping)")
        // (EffectCancellationTests: a cancellation by id met now would still drop that send.)
        try await store.settled(timeout: patience)
        #expect(store.state == [.goCancellable, .done])
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }
}

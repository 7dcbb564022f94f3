@testable import Redux
import ReduxTesting
import Testing

/// `dispatchTrackingFrame`: a ticket for a one-shot frame that does not hold the store, so the
/// store going away first answers `.cancelled`.
@Suite("State frames: tickets", .timeLimit(.minutes(5)))
@MainActor
struct FrameTicketTests {
    @Test func aTicketAnswersTheFrameTakenAtTheTerminal() async throws {
        let store = makeTallyStore()
        let ticket = store.dispatchTrackingFrame(.increment, as: CountProjection.self)
        #expect(ticket.resultIfAvailable != nil, "processed at once outside the pipeline")
        let frame = try await ticket.result.get()
        #expect(frame.text == #"{"count":1}"#)
        #expect(frame.sequence == ticket.sequence)
        #expect(store.frameRequests.isEmpty)
        #expect(!store.takesFrames)
    }

    @Test func aTicketDoesNotKeepTheStoreAlive() async {
        let clock = TestClock()
        var store: Store<FrameTally, FrameTallyAction>? = makeTallyStore(clock: clock)
        weak let released = store
        let ticket = store!.dispatchTrackingFrame(.later, as: CountProjection.self)
        #expect(await yieldUntil { clock.sleeperCount == 1 }, "the deferred handler sleeps")
        store = nil
        #expect(await yieldUntil { released == nil }, "nothing but the caller held the store")
        let result = await ticket.result
        guard case .failure(.cancelled) = result else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
    }

    @Test func whenTheStoreGoesAwayFirstTheTicketAnswersCancelled() async {
        let clock = TestClock()
        var store: Store<FrameTally, FrameTallyAction>? = makeTallyStore(clock: clock)
        let ticket = store!.dispatchTrackingFrame(.later, as: CountProjection.self, timeout: .seconds(60))
        let waiter = Task { await ticket.result }
        #expect(await yieldUntil { clock.sleeperCount == 2 }, "the deferred handler and the timeout sleep")
        store = nil
        let result = await waiter.value
        guard case .failure(.cancelled) = result else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(await yieldUntil { clock.sleeperCount == 0 }, "the timeout's sleep is cancelled with the request")
    }

    @Test func aTicketTimesOutOnTheStoresClockAndTheRequestIsRemoved() async {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock)
        let ticket = store.dispatchTrackingFrame(.later, as: CountProjection.self, timeout: .seconds(5))
        #expect(await yieldUntil { clock.sleeperCount == 2 })
        await clock.advance(by: .seconds(4))
        #expect(ticket.resultIfAvailable == nil, "not before the timeout")
        await clock.advance(by: .seconds(1))
        let result = await ticket.result
        guard case .failure(.timedOut(after: .seconds(5))) = result else {
            Issue.record("expected .timedOut(after: 5 s), got \(result)")
            return
        }
        #expect(await yieldUntil { store.frameRequests.isEmpty }, "the request is removed on the main actor's next turn")
        store.invalidate()
    }

    @Test func cancellingOneWaitLeavesTheTicketsAnswerToTheOthers() async throws {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock, nap: .seconds(1))
        let ticket = store.dispatchTrackingFrame(.later, as: CountProjection.self)
        let cancelled = Task { await ticket.result }
        let kept = Task { await ticket.result }
        #expect(await yieldUntil { clock.sleeperCount == 1 })
        cancelled.cancel()
        guard case .failure(.cancelled) = await cancelled.value else {
            Issue.record("the cancelled wait answers .cancelled")
            return
        }
        await clock.advance(by: .seconds(1))
        let frame = try await kept.value.get()
        #expect(frame.text == #"{"count":10}"#)
        #expect(try await ticket.result.get() == frame)
    }

    @Test func aRefusedDispatchAnswersItsTicketAtOnce() {
        let store = makeTallyStore()
        store.invalidate()
        let ticket = store.dispatchTrackingFrame(.increment)
        guard case .failure(.refused(.invalidated))? = ticket.resultIfAvailable else {
            Issue.record("expected .refused(.invalidated), got \(String(describing: ticket.resultIfAvailable))")
            return
        }
        #expect(store.frameRequests.isEmpty, "a refused request is not kept")
    }
}

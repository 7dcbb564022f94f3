import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Per-dispatch rate limits: `.minimumInterval` admits one action of an identity per window
/// (leading edge, store clock); `.limit(n)` admits while fewer than n are pending; a refused
/// dispatch answers `.refused(.rateLimited)`, is never queued and is logged once.
@Suite("Rate limits", .timeLimit(.minutes(5)))
@MainActor
struct RateLimitTests {
    // MARK: minimumInterval

    @Test func fiveIncrementsInsideOneWindowReduceOnceAndRefuseFour() async throws {
        let clock = TestClock()
        let store = makeLimitStore(clock: clock)
        let tickets = (0..<5).map { _ in store.dispatchTracked(.increment, rate: .minimumInterval(.seconds(1))) }
        #expect(store.count == 1)
        #expect(try await tickets[0].outcome == .reduced)
        for ticket in tickets.dropFirst() {
            #expect(try await ticket.outcome.isRateLimited, "ticket #\(ticket.sequence)")
        }
    }

    @Test func afterTheIntervalPassesOneMoreIsAdmittedAndRefusalsDoNotExtendTheWindow() async throws {
        let clock = TestClock()
        let store = makeLimitStore(clock: clock)
        let interval = RateLimit.minimumInterval(.seconds(1))
        #expect(store.dispatch(.increment, rate: interval))
        await clock.advance(by: .milliseconds(600))
        #expect(!store.dispatch(.increment, rate: interval), "inside the window")
        await clock.advance(by: .milliseconds(399))
        #expect(!store.dispatch(.increment, rate: interval), "still inside: 999 ms")
        await clock.advance(by: .milliseconds(1))
        #expect(store.dispatch(.increment, rate: interval), "the window opened by the first closed; refusals did not extend it")
        #expect(!store.dispatch(.increment, rate: interval), "a new window opened")
        #expect(store.count == 2)
    }

    @Test func aZeroIntervalAdmitsEveryDispatchAndKeepsNoWindow() {
        let store = makeLimitStore()
        for _ in 0..<3 { #expect(store.dispatch(.increment, rate: .minimumInterval(.zero))) }
        #expect(store.count == 3)
        #expect(store.rateLimitIdentityCount == 0)
    }

    @Test func aMinimumIntervalOffTheMainActorUsesTheSameWindow() async throws {
        let clock = TestClock()
        let store = makeLimitStore(clock: clock)
        let admitted = SharedList<Bool>()
        #expect(runOnThreadAndWait {
            for _ in 0..<4 { admitted.append(store.dispatch(.increment, rate: .minimumInterval(.seconds(1)))) }
        })
        #expect(admitted.values == [true, false, false, false])
        #expect(!store.dispatch(.increment, rate: .minimumInterval(.seconds(1))), "the main actor sees the thread's window")
        try await store.settled(timeout: patience)
        #expect(store.count == 1)
    }

    // MARK: limit

    @Test func aLimitOfOneAdmitsOneOfABurstFromAnotherThreadWhileTheMainActorIsBusy() async throws {
        let store = makeLimitStore()
        let tickets = SharedList<DispatchTicket<LimitAction>>()
        // The main actor is blocked in `runOnThreadAndWait`, so nothing is processed meanwhile.
        #expect(runOnThreadAndWait {
            for _ in 0..<5 { tickets.append(store.dispatchTracked(.increment, rate: .limit(1))) }
        })
        #expect(store.rateLimitIdentityCount == 1, "one pending increment")
        try await store.settled(timeout: patience)
        #expect(store.count == 1)
        var outcomes: [DispatchOutcome<LimitAction>] = []
        for ticket in tickets.values { outcomes.append(try await ticket.outcome) }
        #expect(outcomes.first == .reduced)
        let refused = outcomes.dropFirst().filter { $0.isRateLimited }.count
        #expect(refused == 4, "\(outcomes)")
    }

    @Test func aLimitOfOneAdmitsOneOfABurstFromAMiddlewareOfAnEarlierAction() async throws {
        let admitted = SharedList<Bool>()
        let store = makeLimitStore(middlewares: [burstMiddleware { context in
            for _ in 0..<5 { admitted.append(context.dispatch(.increment, rate: .limit(1))) }
        }])
        store.dispatch(.burst)
        #expect(admitted.values == [true, false, false, false, false])
        #expect(store.count == 1)
        #expect(store.rateLimitIdentityCount == 0, "the count left when the increment was processed")
    }

    @Test func aLimitOfTwoAdmitsTwoPending() {
        let admitted = SharedList<Bool>()
        let store = makeLimitStore(middlewares: [burstMiddleware { context in
            for _ in 0..<4 { admitted.append(context.dispatch(.increment, rate: .limit(2))) }
        }])
        store.dispatch(.burst)
        #expect(admitted.values == [true, true, false, false])
        #expect(store.count == 2)
    }

    @Test func aMainActorBurstOnAnIdleStoreIsAdmittedWhole() {
        let store = makeLimitStore()
        for _ in 0..<5 { #expect(store.dispatch(.increment, rate: .limit(1)), "each runs at once: never pending") }
        #expect(store.count == 5)
        #expect(store.rateLimitIdentityCount == 0)
    }

    @Test func aLimitOfZeroRefusesEveryDispatch() async throws {
        let store = makeLimitStore()
        let ticket = store.dispatchTracked(.increment, rate: .limit(0))
        #expect(try await ticket.outcome.isRateLimited)
        #expect(!store.dispatch(.increment, rate: .limit(0)))
        let fromThread = SharedList<Bool>()
        #expect(runOnThreadAndWait { fromThread.append(store.dispatch(.increment, rate: .limit(0))) })
        #expect(fromThread.values == [false])
        try await store.settled(timeout: patience)
        #expect(store.count == 0)
        #expect(store.rateLimitIdentityCount == 0)
    }

    @Test func theCountDecrementsWhenThePendingActionIsProcessed() async throws {
        let store = makeLimitStore()
        let admitted = SharedList<Bool>()
        #expect(runOnThreadAndWait {
            admitted.append(store.dispatch(.increment, rate: .limit(1)))
            admitted.append(store.dispatch(.increment, rate: .limit(1)))
        })
        #expect(admitted.values == [true, false])
        try await store.settled(timeout: patience)
        #expect(store.rateLimitIdentityCount == 0)
        #expect(runOnThreadAndWait { admitted.append(store.dispatch(.increment, rate: .limit(1))) })
        #expect(admitted.values == [true, false, true], "admitted again once the first was processed")
        try await store.settled(timeout: patience)
        #expect(store.count == 2)
    }

    @Test func theCountDecrementsWhenThePendingActionIsDroppedByInvalidate() async throws {
        let store = makeLimitStore()
        let ticket = SharedValue<DispatchTicket<LimitAction>?>(nil)
        #expect(runOnThreadAndWait { ticket.value = store.dispatchTracked(.increment, rate: .limit(1)) })
        #expect(store.rateLimitIdentityCount == 1)
        store.invalidate()
        #expect(store.rateLimitIdentityCount == 0, "dropped from the inbox: its place was given back")
        #expect(try await #require(ticket.value).outcome == .cancelled)
    }

    @Test func theCountDecrementsWhenAQueuedActionIsDroppedFromThePipelineQueue() {
        let counts = SharedList<Int>()
        let holder = SharedValue<Store<LimitState, LimitAction>?>(nil)
        let store = makeLimitStore(middlewares: [burstMiddleware { context in
            context.dispatch(.increment, rate: .limit(1))
            counts.append(holder.value?.rateLimitIdentityCount ?? -1)
            holder.value?.invalidate()
        }])
        holder.value = store
        store.dispatch(.burst)
        #expect(counts.values == [1])
        #expect(store.rateLimitIdentityCount == 0)
        #expect(store.count == 0)
        holder.value = nil
    }

    @Test func aDispatchAfterInvalidateIsRefusedAsInvalidatedWhateverTheLimit() async throws {
        let store = makeLimitStore()
        store.invalidate()
        let rates: [RateLimit] = [.limit(5), .limit(0), .minimumInterval(.seconds(1)), .minimumInterval(.seconds(1))]
        for rate in rates {
            let ticket = store.dispatchTracked(.increment, rate: rate)
            #expect(try await ticket.outcome == .refused(.invalidated), "\(rate)")
        }
        let fromThread = SharedList<DispatchTicket<LimitAction>>()
        #expect(runOnThreadAndWait {
            for rate in rates { fromThread.append(store.dispatchTracked(.increment, rate: rate)) }
        })
        for ticket in fromThread.values {
            #expect(try await ticket.outcome == .refused(.invalidated))
        }
        #expect(store.rateLimitIdentityCount == 0)
    }

    // MARK: identities

    @Test func differentIdentitiesAreLimitedSeparatelyAndTwoRowsSaveShareOneCount() {
        let admitted = SharedList<String>()
        let counts = SharedList<Int>()
        let holder = SharedValue<Store<LimitState, LimitAction>?>(nil)
        let store = makeLimitStore(middlewares: [burstMiddleware { context in
            let limit = RateLimit.limit(1)
            admitted.append("save 1: \(context.dispatch(.rows(.element(id: 1, action: .save)), rate: limit))")
            admitted.append("delete 2: \(context.dispatch(.rows(.element(id: 2, action: .delete)), rate: limit))")
            admitted.append("save 2: \(context.dispatch(.rows(.element(id: 2, action: .save)), rate: limit))")
            admitted.append("increment: \(context.dispatch(.increment, rate: limit))")
            counts.append(holder.value?.rateLimitIdentityCount ?? -1)
        }])
        holder.value = store
        store.dispatch(.burst)
        #expect(admitted.values == ["save 1: true", "delete 2: true", "save 2: false", "increment: true"])
        #expect(counts.values == [3], "rows.element.save, rows.element.delete, increment")
        #expect(store.rateLimitIdentityCount == 0)
        holder.value = nil
    }

    @Test func theReflectedDefaultIdentityIgnoresPayloads() {
        let admitted = SharedList<Bool>()
        let store = makeLimitStore(middlewares: [burstMiddleware { context in
            admitted.append(context.dispatch(.tick(1), rate: .limit(1)))
            admitted.append(context.dispatch(.tick(2), rate: .limit(1)))
        }])
        store.dispatch(.burst)
        #expect(ActionIdentity(of: LimitAction.tick(1)) == ActionIdentity(of: LimitAction.tick(2)))
        #expect(admitted.values == [true, false], "`tick(1)` and `tick(2)` are both `tick`")
        #expect(store.ticks == 1)
    }

    @Test func aConformingActionIsLimitedByTheIdentityItGives() async throws {
        let clock = TestClock()
        let store = Store<Int, TickAction>(initialState: 0, options: StoreOptions(clock: clock)) { count, _ in count += 1 }
        let interval = RateLimit.minimumInterval(.seconds(1))
        #expect(store.dispatch(.tick(1), rate: interval))
        #expect(store.dispatch(.tick(2), rate: interval), "tick.2 is not tick.1")
        #expect(!store.dispatch(.tick(1), rate: interval))
        #expect(store.state == 2)
        #expect(store.rateLimitIdentityCount == 2)
    }

    @Test func aLiftedMiddlewareIsLimitedByTheRootActionsIdentity() {
        let admitted = SharedList<String>()
        let child = Middleware<LimitRow, LimitRowAction>(id: "touches") { context in
            if context.action == .save {
                admitted.append("touch \(context.state.id): \(context.dispatch(.touch, rate: .limit(1)))")
            }
            return .next
        }
        let store = makeLimitStore(middlewares: [
            burstMiddleware { context in
                context.dispatch(.rows(.element(id: 1, action: .save)))
                // Pending while row 1's save runs: the root identity `rows.element.touch`.
                context.dispatch(.rows(.element(id: 3, action: .touch)), rate: .limit(1))
            },
            child.lift(state: \LimitState.rows, action: limitRowActions),
        ])
        store.dispatch(.burst)
        #expect(admitted.values == ["touch 1: false"], "row 1's touch shares rows.element.touch with row 3's pending one")
        store.dispatch(.rows(.element(id: 2, action: .save)))
        #expect(admitted.values == ["touch 1: false", "touch 2: true"])
        #expect(store.rows[id: 2]?.touches == 1)
        #expect(store.rows[id: 3]?.touches == 1)
    }

    @Test func aLiftedTrackedDispatchAnswersInTheChildsActionType() async throws {
        let tickets = SharedList<DispatchTicket<LimitRowAction>>()
        let child = Middleware<LimitRow, LimitRowAction>(id: "touches") { context in
            if context.action == .save {
                tickets.append(context.dispatchTracked(.touch, rate: .limit(1)))
                tickets.append(context.dispatchTracked(.touch, rate: .limit(1)))
            }
            return .next
        }
        let store = makeLimitStore(middlewares: [child.lift(state: \LimitState.rows, action: limitRowActions)])
        store.dispatch(.rows(.element(id: 1, action: .save)))
        #expect(try await tickets.values[0].outcome == .reduced)
        #expect(try await tickets.values[1].outcome.isRateLimited)
        #expect(store.rows[id: 1]?.touches == 1)
    }

    // MARK: frames

    @Test func theOneShotFrameIsNeverRateLimited() async throws {
        let store = makeLimitStore()
        let held = SharedList<Bool>()
        #expect(runOnThreadAndWait { held.append(store.dispatch(.increment, rate: .limit(1))) })
        #expect(held.values == [true])
        #expect(!store.dispatch(.increment, rate: .limit(1)), "an increment is pending")
        #expect(!store.dispatch(.increment, rate: .limit(0)))
        let frame = try await store.dispatchForFrame(.increment).get()
        #expect(try frame.decode(LimitStateFrame.self).count == 2, "the pending increment, then the frame's")
        #expect(store.rateLimitIdentityCount == 0)
    }
}

/// The part of ``LimitState`` a frame test reads back.
struct LimitStateFrame: Decodable {
    let count: Int
}

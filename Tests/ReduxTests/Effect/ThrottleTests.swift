@testable import Redux
import ReduxTesting
import Testing

/// `.throttle(id:for:latest:)` on a `TestClock`, with the delivery times asserted: the first
/// action after an idle period is delivered at once and opens a window; `latest: true` delivers
/// the last action that arrived inside a window when it ends, `latest: false` the first one (the
/// later ones are dropped); a delivery at a window's end opens the next window; an action from an
/// earlier window is never delivered later; `cancel(id:)` drops the pending action; nothing is
/// left behind once idle.
///
/// Each `.emit(n)` returns an effect that sends `.delivered(n)`, throttled with the id "t" and a
/// 1 s window; the reducer records each delivered action as "n@now" — the virtual time at which
/// it was reduced. The effect is either a `.run` (the action comes from a task) or a top-level
/// `.send` (the action comes during the emitting action's pass).
@MainActor
@Suite("Throttle", .timeLimit(.minutes(5)))
struct ThrottleTests {
    enum Act: Sendable, Equatable {
        case emit(Int)
        case emitTracked(Int)
        /// Its effect sends `.emit(n)`: a follow-up action, whose throttled send is `.emit`'s own.
        case relay(Int)
        case stop
        case delivered(Int)
    }

    enum Shape: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case run, send
        var testDescription: String { rawValue }
    }

    typealias ThrottleStore = Store<[String], Act>

    nonisolated static let window: Duration = .seconds(1)

    func throttleStore(clock: TestClock, latest: Bool, shape: Shape = .run, tickets: SharedList<DispatchTicket<Act>>? = nil) -> ThrottleStore {
        ThrottleStore(initialState: [], reducers: [
            Reducer(id: "throttle", effects: { state, action in
                switch action {
                case .emit(let n):
                    let effect: Effect<Act> = switch shape {
                    case .run: .run { send in send(.delivered(n)) }
                    case .send: .send(.delivered(n))
                    }
                    return effect.throttle(id: "t", for: Self.window, latest: latest)
                case .emitTracked(let n):
                    return Effect<Act>.run { send in tickets?.append(send.tracked(.delivered(n))) }
                        .throttle(id: "t", for: Self.window, latest: latest)
                case .relay(let n):
                    return .run { send in send(.emit(n)) }
                case .stop:
                    return .cancel(id: "t")
                case .delivered(let n):
                    state.append(stamped("\(n)", clock.now))
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    /// Moves time to `milliseconds`, dispatches `action` there and waits until its effect has
    /// sent (the store is quiescent: only the window's timer sleeps).
    func dispatch(_ action: Act, at milliseconds: Int, _ store: ThrottleStore, _ clock: TestClock) async throws {
        await clock.advance(to: instant(milliseconds))
        store.dispatch(action)
        try await store.quiescent(timeout: patience)
    }

    /// Everything sent, time run out, and the last window closed: no window, task or table entry
    /// is left.
    func expectIdleAndEmpty(_ store: ThrottleStore, _ clock: TestClock, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        await clock.run()
        try await store.settled(timeout: patience)
        #expect(store.throttles.count == 0, "no throttle window left", sourceLocation: sourceLocation)
        #expect(store.runtime.bookkeepingCount == 0, "no task or id membership left", sourceLocation: sourceLocation)
        #expect(store.activeTaskCount == 0, sourceLocation: sourceLocation)
        #expect(clock.sleeperCount == 0, sourceLocation: sourceLocation)
    }

    // MARK: latest: true

    @Test(arguments: Shape.allCases)
    func latestDeliversTheLastActionOfAWindowAtItsEndWhichOpensTheNextWindow(shape: Shape) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: true, shape: shape)

        try await dispatch(.emit(1), at: 0, store, clock)
        #expect(store.state == ["1@0ms"], "the first action after idle is delivered at once")
        #expect(store.throttles.count == 1, "and opens a window")
        try await dispatch(.emit(2), at: 300, store, clock)
        try await dispatch(.emit(3), at: 600, store, clock)
        await clock.advance(to: instant(999))
        #expect(store.state == ["1@0ms"], "nothing more before the window ends")

        await clock.advance(to: instant(1_000))
        #expect(store.state == ["1@0ms", "3@1000ms"], "3 replaced 2 and is delivered at the window's end")

        try await dispatch(.emit(4), at: 1_200, store, clock)
        try await dispatch(.emit(5), at: 1_500, store, clock)
        #expect(store.state == ["1@0ms", "3@1000ms"], "the delivery at 1000 ms opened a window: 4 and 5 wait")
        await clock.advance(to: instant(2_000))
        #expect(store.state == ["1@0ms", "3@1000ms", "5@2000ms"])

        try await expectIdleAndEmpty(store, clock)
        #expect(store.state == ["1@0ms", "3@1000ms", "5@2000ms"], "2 and 4 are never delivered")
        #expect(clock.now == instant(3_000), "the window opened at 2000 ms closed idle at 3000 ms")
    }

    /// The case: 1 opens the first window (0 to 1000 ms) and 2 arrives inside it; 3
    /// arrives inside the next window (1000 to 2000 ms), which 2's delivery opened.
    @Test(arguments: Shape.allCases)
    func latestOneAndTwoInsideTheFirstWindowThreeInsideTheNext(shape: Shape) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: true, shape: shape)

        try await dispatch(.emit(1), at: 0, store, clock)
        try await dispatch(.emit(2), at: 500, store, clock)
        try await dispatch(.emit(3), at: 1_500, store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms"], "1 at once, 2 at the end of the first window")

        await clock.advance(to: instant(1_999))
        #expect(store.state == ["1@0ms", "2@1000ms"])
        await clock.advance(to: instant(2_000))
        #expect(store.state == ["1@0ms", "2@1000ms", "3@2000ms"], "3 at the end of the second window")

        try await expectIdleAndEmpty(store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms", "3@2000ms"])
    }

    // MARK: latest: false

    @Test(arguments: Shape.allCases)
    func firstKeepsTheFirstActionOfAWindowDropsTheLaterOnesAndDeliversItAtTheEnd(shape: Shape) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: false, shape: shape)

        try await dispatch(.emit(1), at: 0, store, clock)
        #expect(store.state == ["1@0ms"], "the first action after idle is delivered at once")
        try await dispatch(.emit(2), at: 300, store, clock)
        try await dispatch(.emit(3), at: 600, store, clock)
        await clock.advance(to: instant(999))
        #expect(store.state == ["1@0ms"])

        await clock.advance(to: instant(1_000))
        #expect(store.state == ["1@0ms", "2@1000ms"], "2, the first inside the window, at its end")

        try await dispatch(.emit(4), at: 1_200, store, clock)
        try await dispatch(.emit(5), at: 1_500, store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms"], "the delivery at 1000 ms opened a window: 4 waits")
        await clock.advance(to: instant(2_000))
        #expect(store.state == ["1@0ms", "2@1000ms", "4@2000ms"])

        try await expectIdleAndEmpty(store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms", "4@2000ms"], "3 and 5 are never delivered")
    }

    @Test func firstOneAndTwoInsideTheFirstWindowThreeInsideTheNext() async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: false)

        try await dispatch(.emit(1), at: 0, store, clock)
        try await dispatch(.emit(2), at: 500, store, clock)
        try await dispatch(.emit(3), at: 1_500, store, clock)
        await clock.advance(to: instant(2_000))
        #expect(store.state == ["1@0ms", "2@1000ms", "3@2000ms"])
        try await expectIdleAndEmpty(store, clock)
    }

    // MARK: Both modes

    /// The window that 1 opened holds 2 and 3; the one that the delivery at 1000 ms opened gets
    /// nothing. The action that lost in the first window (3 or 2) never shows up at the end of the
    /// second, and 4, after the second window closed idle, goes through at once.
    @Test(arguments: [true, false])
    func anActionFromAnEarlierWindowIsNeverDeliveredLater(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)

        try await dispatch(.emit(1), at: 0, store, clock)
        try await dispatch(.emit(2), at: 300, store, clock)
        try await dispatch(.emit(3), at: 600, store, clock)
        await clock.advance(to: instant(1_000))
        let kept = latest ? "3@1000ms" : "2@1000ms"
        #expect(store.state == ["1@0ms", kept])

        await clock.advance(to: instant(2_000))
        #expect(store.state == ["1@0ms", kept], "nothing from the first window at the end of the second")
        #expect(store.throttles.count == 0, "the second window closed idle")

        try await dispatch(.emit(4), at: 2_500, store, clock)
        #expect(store.state == ["1@0ms", kept, "4@2500ms"])
        try await expectIdleAndEmpty(store, clock)
        #expect(store.state == ["1@0ms", kept, "4@2500ms"])
    }

    @Test(arguments: [true, false])
    func afterAWindowEndsIdleTheNextActionIsDeliveredAtOnce(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)

        try await dispatch(.emit(1), at: 0, store, clock)
        await clock.advance(to: instant(1_000))
        #expect(store.throttles.count == 0, "the window closed at its end with nothing pending")
        #expect(store.runtime.bookkeepingCount == 0, "its timer ended")

        try await dispatch(.emit(2), at: 1_000, store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms"], "delivered at once, right at the old window's end")
        try await dispatch(.emit(3), at: 1_400, store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms"], "2 opened a new window")
        await clock.advance(to: instant(2_000))
        #expect(store.state == ["1@0ms", "2@1000ms", "3@2000ms"])

        try await dispatch(.emit(4), at: 5_000, store, clock)
        #expect(store.state == ["1@0ms", "2@1000ms", "3@2000ms", "4@5000ms"], "long idle: at once again")
        try await expectIdleAndEmpty(store, clock)
    }

    @Test(arguments: [true, false])
    func cancelWithTheThrottleIDDropsThePendingAction(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        try await dispatch(.emit(1), at: 0, store, clock)
        try await dispatch(.emit(2), at: 400, store, clock)
        #expect(store.throttles.count == 1)

        await clock.advance(to: instant(600))
        store.dispatch(.stop)
        try await store.settled(timeout: patience)
        #expect(store.throttles.count == 0, "the window and its pending action are gone")
        #expect(store.runtime.bookkeepingCount == 0, "the window's timer ended")
        #expect(clock.sleeperCount == 0)

        await clock.advance(to: instant(3_000))
        #expect(store.state == ["1@0ms"], "2 is never delivered")

        try await dispatch(.emit(3), at: 3_000, store, clock)
        #expect(store.state == ["1@0ms", "3@3000ms"], "after the cancel the next action goes through at once")
        try await expectIdleAndEmpty(store, clock)
    }

    @Test(arguments: [true, false])
    func theBookkeepingIsBackToZeroWhenIdle(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        for (n, milliseconds) in [0, 100, 900, 1_100, 1_900, 2_050, 2_999].enumerated() {
            try await dispatch(.emit(n), at: milliseconds, store, clock)
            #expect(store.throttles.count == 1, "one window, however many actions")
        }
        #expect(store.runtime.bookkeepingCount == 2, "one task (the window's timer) and its one id membership")

        try await expectIdleAndEmpty(store, clock)
        #expect(store.state.count == 4, "one per window: 0 at once, then one at 1000, 2000 and 3000 ms")
    }

    /// A tracked send that the throttle drops (or replaces) answers `.cancelled`; the kept one
    /// answers when it is reduced.
    @Test(arguments: [true, false])
    func aDroppedThrottledActionsTicketAnswersCancelled(latest: Bool) async throws {
        let clock = TestClock()
        let tickets = SharedList<DispatchTicket<Act>>()
        let store = throttleStore(clock: clock, latest: latest, tickets: tickets)
        try await dispatch(.emitTracked(1), at: 0, store, clock)
        try await dispatch(.emitTracked(2), at: 300, store, clock)
        try await dispatch(.emitTracked(3), at: 600, store, clock)
        let sent = tickets.values
        try #require(sent.count == 3)
        let dropped = latest ? sent[1] : sent[2]
        let kept = latest ? sent[2] : sent[1]

        try await expectOutcome(sent[0], "reduced")
        try await expectOutcome(dropped, "cancelled")
        #expect(kept.outcomeIfFinished == nil, "the kept one waits for the window's end")
        await clock.advance(to: instant(1_000))
        try await expectOutcome(kept, "reduced")
        #expect(store.state == ["1@0ms", latest ? "3@1000ms" : "2@1000ms"])
        try await expectIdleAndEmpty(store, clock)
    }

    // MARK: Awaiting the effects of a throttled dispatch

    /// Starts `waitForEffects()` on `ticket` in a task that returns the virtual time it ended at.
    func timedWait(_ ticket: DispatchTicket<Act>, _ clock: TestClock) -> Task<TestClock.Instant, any Error> {
        Task {
            await ticket.waitForEffects()
            return clock.now
        }
    }

    /// The effect of `.emit(2)` ends at once, but the action it sent is held until the window
    /// ends: the wait lasts until then (The Composable Architecture's `send(...).finish()`).
    @Test(arguments: [true, false])
    func waitingOnTheEffectsOfAHeldActionLastsUntilItIsDelivered(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        try await dispatch(.emit(1), at: 0, store, clock)
        await clock.advance(to: instant(300))
        let wait = timedWait(store.dispatchTracked(.emit(2)), clock)
        try await store.quiescent(timeout: patience)

        await clock.advance(to: instant(1_000))
        let ended = try #require(await taskResult(of: wait)).get()
        #expect(ended == instant(1_000), "the wait ended when the held action was delivered, not at 300 ms")
        #expect(store.state == ["1@0ms", "2@1000ms"])
        try await expectIdleAndEmpty(store, clock)
    }

    /// The window that `.emit(1)`'s delivery opened serves every action throttled with the id:
    /// it is not one of `.emit(1)`'s effects, so waiting on those ends with `.emit(1)`'s delivery.
    @Test func waitingOnTheEffectsOfTheActionThatOpenedAWindowDoesNotWaitForTheWindow() async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: true)
        let wait = timedWait(store.dispatchTracked(.emit(1)), clock)
        let ended = try #require(await taskResult(of: wait)).get()
        #expect(ended == instant(0))
        #expect(store.state == ["1@0ms"])
        #expect(store.throttles.count == 1, "the window is still open")
        try await expectIdleAndEmpty(store, clock)
    }

    /// Cancelling the wait cancels the effects it waits for: the held action is dropped, and the
    /// window closes at its end as if nothing were pending.
    @Test(arguments: [true, false])
    func cancellingTheWaitOnTheEffectsOfAHeldActionDropsIt(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        try await dispatch(.emit(1), at: 0, store, clock)
        await clock.advance(to: instant(300))
        let wait = timedWait(store.dispatchTracked(.emit(2)), clock)
        try await store.quiescent(timeout: patience)

        wait.cancel()
        let ended = try #require(await taskResult(of: wait)).get()
        #expect(ended == instant(300), "a cancelled wait returns at once")
        await clock.advance(to: instant(1_000))
        #expect(store.state == ["1@0ms"], "2 was dropped")
        #expect(store.throttles.count == 0, "the window closed with nothing to deliver")

        try await dispatch(.emit(3), at: 1_000, store, clock)
        #expect(store.state == ["1@0ms", "3@1000ms"], "so the next action goes through at once")
        try await expectIdleAndEmpty(store, clock)
    }

    /// `.relay(2)`'s effect sends `.emit(2)`, whose effect's send is held: waiting on
    /// `.relay(2)`'s effects covers it (transitively) until it is delivered at the window's end.
    @Test(arguments: [true, false])
    func waitingOnTheEffectsOfAnActionWhoseFollowUpsSendIsHeldLastsUntilItIsDelivered(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        try await dispatch(.emit(1), at: 0, store, clock)
        await clock.advance(to: instant(300))
        let wait = timedWait(store.dispatchTracked(.relay(2)), clock)
        try await store.quiescent(timeout: patience)

        await clock.advance(to: instant(1_000))
        let ended = try #require(await taskResult(of: wait)).get()
        #expect(ended == instant(1_000), "the wait ended when the held action was delivered")
        #expect(store.state == ["1@0ms", "2@1000ms"])
        try await expectIdleAndEmpty(store, clock)
    }

    /// The held send is `.emit(2)`'s, a follow-up action's: cancelling the wait on `.relay(2)`'s
    /// effects cancels `.relay(2)`'s own effect only, and the held action is delivered at the
    /// window's end.
    @Test(arguments: [true, false])
    func cancellingTheWaitLeavesAFollowUpActionsHeldDeliveryAlone(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        try await dispatch(.emit(1), at: 0, store, clock)
        await clock.advance(to: instant(300))
        let wait = timedWait(store.dispatchTracked(.relay(2)), clock)
        try await store.quiescent(timeout: patience)

        wait.cancel()
        let ended = try #require(await taskResult(of: wait)).get()
        #expect(ended == instant(300), "a cancelled wait returns at once")
        await clock.advance(to: instant(1_000))
        #expect(store.state == ["1@0ms", "2@1000ms"], "2 is delivered at the window's end")
        try await expectIdleAndEmpty(store, clock)
    }

    /// Cancelling the wait on `.emit(1)`'s effects is no business of `.emit(2)`'s held action.
    @Test(arguments: [true, false])
    func cancellingTheWaitOnTheOpenersEffectsLeavesAnotherActionsHeldDeliveryAlone(latest: Bool) async throws {
        let clock = TestClock()
        let store = throttleStore(clock: clock, latest: latest)
        let openerWait = timedWait(store.dispatchTracked(.emit(1)), clock)
        try await store.quiescent(timeout: patience)
        await clock.advance(to: instant(300))
        let heldWait = timedWait(store.dispatchTracked(.emit(2)), clock)
        try await store.quiescent(timeout: patience)

        openerWait.cancel()
        _ = try #require(await taskResult(of: openerWait))
        await clock.advance(to: instant(1_000))
        #expect(store.state == ["1@0ms", "2@1000ms"], "2 is delivered at the window's end")
        let ended = try #require(await taskResult(of: heldWait)).get()
        #expect(ended == instant(1_000))
        try await expectIdleAndEmpty(store, clock)
    }

    // MARK: Ids around a throttled effect

    /// Each action's throttled effect is also `.cancellable(id: "req", cancelInFlight: true)`:
    /// the next action cancels the previous effect, not the window that the first one's delivery
    /// opened, so the throttle still holds 2 and 3 back (3 replaces 2 in latest mode).
    @Test(arguments: [true, false])
    func aCancelInFlightAroundTheThrottledEffectDoesNotCloseTheWindow(latest: Bool) async throws {
        let clock = TestClock()
        let store = ThrottleStore(initialState: [], reducers: [
            Reducer(id: "throttle", effects: { state, action in
                switch action {
                case .emit(let n):
                    return Effect<Act>.run { send in send(.delivered(n)) }
                        .throttle(id: "t", for: Self.window, latest: latest)
                        .cancellable(id: "req", cancelInFlight: true)
                case .delivered(let n):
                    state.append(stamped("\(n)", clock.now))
                    return .none
                default:
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))

        try await dispatch(.emit(1), at: 0, store, clock)
        try await dispatch(.emit(2), at: 300, store, clock)
        try await dispatch(.emit(3), at: 600, store, clock)
        #expect(store.state == ["1@0ms"], "2 and 3 arrived inside the window")
        await clock.advance(to: instant(1_000))
        #expect(store.state == ["1@0ms", latest ? "3@1000ms" : "2@1000ms"])
        try await expectIdleAndEmpty(store, clock)
    }
}

@testable import Redux
import ReduxTesting
import Testing

/// `.delay(for:)` and `.timer(every:)` on a `TestClock`: a delayed effect starts exactly its delay
/// later and what it sends is processed on a later main-actor turn; a timer ticks at interval,
/// 2 × interval, … from its start, and stops when cancelled by id or when its store is released.
@MainActor
@Suite("Delay and timer", .timeLimit(.minutes(5)))
struct DelayAndTimerTests {
    enum Act: Sendable, Equatable {
        case delayed(Duration)
        case delayedSend(Duration)
        case plainSend
        case startTimer
        case stopTimer
        case arrived
        case tick(Int)
    }

    typealias TimeStore = Store<[String], Act>

    /// `.delayed(d)`: a `.run` delayed by `d` that records "run@now" in `starts` and sends
    /// `.arrived`; `.delayedSend(d)`: `.send(.arrived)` delayed by `d`; `.plainSend`: `.send(.arrived)`;
    /// `.startTimer`: a 1 s timer sending `.tick(n)`, cancellable with "timer"; `.stopTimer`
    /// cancels it. `.arrived` and `.tick(n)` are recorded as "arrived@now" and "tick n@now",
    /// into the state and into `reduced` (which outlives the store).
    func timeStore(clock: TestClock, starts: SharedList<String> = SharedList(), reduced: SharedList<String> = SharedList()) -> TimeStore {
        TimeStore(initialState: [], reducers: [
            Reducer(id: "time", effects: { state, action in
                switch action {
                case .delayed(let delay):
                    return Effect<Act>.run { send in
                        starts.append(stamped("run", clock.now))
                        send(.arrived)
                    }.delay(for: delay)
                case .delayedSend(let delay):
                    return Effect.send(.arrived).delay(for: delay)
                case .plainSend:
                    return .send(.arrived)
                case .startTimer:
                    return Effect.timer(every: .seconds(1)) { n in .tick(n) }.cancellable(id: "timer")
                case .stopTimer:
                    return .cancel(id: "timer")
                case .arrived:
                    state.append(stamped("arrived", clock.now))
                    reduced.append(stamped("arrived", clock.now))
                    return .none
                case .tick(let n):
                    state.append(stamped("tick \(n)", clock.now))
                    reduced.append(stamped("tick \(n)", clock.now))
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    // MARK: delay

    @Test func aDelayedEffectStartsExactlyItsDelayLater() async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = timeStore(clock: clock, starts: starts)
        await clock.advance(to: instant(500))
        store.dispatch(.delayed(.seconds(2)))

        await clock.advance(to: instant(2_499))
        #expect(starts.values.isEmpty, "not started before its delay")
        #expect(store.activeTaskCount == 1, "the delay waits on the clock")

        await clock.advance(to: instant(2_500))
        #expect(starts.values == ["run@2500ms"])
        #expect(store.state == ["arrived@2500ms"])
        try await store.settled(timeout: patience)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func aNegativeDelayCountsAsZero() async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = timeStore(clock: clock, starts: starts)
        await clock.advance(to: instant(300))
        store.dispatch(.delayed(.seconds(-3)))
        try await store.quiescent(timeout: patience)
        #expect(starts.values == ["run@300ms"], "started at once, without any advance")
        #expect(store.state == ["arrived@300ms"])
    }

    /// A top-level `.send` lands within the dispatch call; the same send behind a delay — even a
    /// zero one — follows async work, so it comes from a task and waits for a later turn.
    @Test func whatADelayedEffectSendsArrivesOnALaterTurn() async throws {
        let clock = TestClock()
        let store = timeStore(clock: clock)

        store.dispatch(.plainSend)
        #expect(store.state == ["arrived@0ms"], "undelayed: processed within the same dispatch call")

        store.dispatch(.delayedSend(.zero))
        #expect(store.state == ["arrived@0ms"], "delayed: not within the dispatch call")
        try await store.quiescent(timeout: patience)
        #expect(store.state == ["arrived@0ms", "arrived@0ms"], "but on a later turn")

        store.dispatch(.delayedSend(.seconds(1)))
        #expect(store.state.count == 2)
        await clock.advance(by: .seconds(1))
        #expect(store.state == ["arrived@0ms", "arrived@0ms", "arrived@1000ms"], "reduced at the delay's end")
    }

    /// Logged: the delayed send's `.enqueued` event says it came from off the main actor, after
    /// the dispatching action's terminal.
    @Test func aDelayedSendIsEnqueuedFromAnotherIsolationAfterTheTerminal() async throws {
        let clock = TestClock()
        let log = LogRecorder<Act>()
        let store = TimeStore(initialState: [], reducers: [
            Reducer(id: "time", effects: { state, action in
                if action == .arrived {
                    state.append("arrived")
                    return .none
                }
                return Effect.send(.arrived).delay(for: .milliseconds(10))
            }),
        ], options: StoreOptions(clock: clock), onLog: log.handler)
        let ticket = store.dispatchTracked(.plainSend)
        try await expectOutcome(ticket, "reduced")
        await clock.advance(by: .milliseconds(10))
        #expect(store.state == ["arrived"])

        let events = log.events
        let terminal = try #require(events.firstIndex { event in
            if case .terminal = event.kind { event.action == .plainSend } else { false }
        })
        let enqueued = try #require(events.firstIndex { event in
            if case .enqueued = event.kind { event.action == .arrived } else { false }
        })
        #expect(terminal < enqueued, "the delayed send was queued after the action's terminal")
        if case .enqueued(let site) = events[enqueued].kind {
            #expect(!site.onMainActor, "from the effect's task, not from the main actor")
        }
    }

    // MARK: timer

    @Test func aTimerTicksAtIntervalTwiceTheIntervalAndSoOnFromItsStart() async throws {
        let clock = TestClock()
        let store = timeStore(clock: clock)
        await clock.advance(to: instant(500))
        store.dispatch(.startTimer)

        await clock.advance(to: instant(1_499))
        #expect(store.state.isEmpty, "no tick before the first interval")
        await clock.advance(to: instant(3_500))
        #expect(store.state == ["tick 1@1500ms", "tick 2@2500ms", "tick 3@3500ms"])
        await clock.advance(to: instant(4_499))
        #expect(store.state.count == 3)
        await clock.advance(to: instant(4_500))
        #expect(store.state.last == "tick 4@4500ms")
        #expect(store.activeTaskCount == 1, "the timer goes on")

        store.dispatch(.stopTimer)
        try await store.settled(timeout: patience)
    }

    @Test func aTimerCancelledByIDStopsTickingAndLeavesNothingBehind() async throws {
        let clock = TestClock()
        let store = timeStore(clock: clock)
        store.dispatch(.startTimer)
        await clock.advance(to: instant(2_700))
        #expect(store.state == ["tick 1@1000ms", "tick 2@2000ms"])

        store.dispatch(.stopTimer)
        try await store.settled(timeout: patience)
        #expect(store.activeTaskCount == 0, "the timer's task ended")
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(clock.sleeperCount == 0)

        await clock.advance(to: instant(10_000))
        #expect(store.state == ["tick 1@1000ms", "tick 2@2000ms"], "no tick after the cancel")
    }

    @Test func aTimerStopsWhenItsStoreIsReleased() async throws {
        let clock = TestClock()
        let reduced = SharedList<String>()
        var store: TimeStore? = timeStore(clock: clock, reduced: reduced)
        weak let released = store
        store?.dispatch(.startTimer)
        await clock.advance(to: instant(2_500))
        #expect(reduced.values == ["tick 1@1000ms", "tick 2@2000ms"])
        #expect(clock.sleeperCount == 1, "the timer sleeps until 3000 ms")

        store = nil
        #expect(released == nil, "a store whose timer sleeps is freed")
        #expect(await yieldUntil { clock.sleeperCount == 0 }, "the timer's sleep was cancelled")

        await clock.advance(to: instant(10_000))
        #expect(reduced.values == ["tick 1@1000ms", "tick 2@2000ms"], "no tick after the release")
    }
}

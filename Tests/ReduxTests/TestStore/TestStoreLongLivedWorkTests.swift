import Testing
import ReduxTesting

/// Long-lived work a test declares with `skipInFlightEffects`: it stays declared for good, the
/// clock still waits for what a woken one sends, a declaration by cancellation id leaves a timer
/// started beside it deterministic, and reports name what they could not wait for.
@MainActor
@Suite("TestStore: long-lived work", .timeLimit(.minutes(5)))
struct TestStoreLongLivedWorkTests {
    @Test func aDeclaredListenerThatSleepsOnTheClockStaysDeclaredAfterItsWake() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        defer { continuation.finish() }
        let clock = TestClock()
        let store = TestStore(initialState: Listening(), reducers: [listeningReducer(stream)], clock: clock)
        await store.send(.debouncedListen)
        await store.skipInFlightEffects()
        for value in [7, 9] {
            continuation.yield(value)
            let wall = ContinuousClock()
            let deadline = wall.now.advanced(by: .seconds(60))
            while clock.sleeperCount != 1, wall.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
            #expect(clock.sleeperCount == 1, "the listener sleeps on the clock")
            // The clock waits for the woken listener until it queues its action, and for that
            // action: it has been processed when the advance returns.
            await clock.advance(by: .seconds(1))
            #expect(store.state.value == value)
            await store.receive(.set(value)) { $0.value = value }
            // Back on its stream, the listener is declared still: this step does not wait for it
            // (a step that did would wait the whole limit and fail).
            await store.send(.tick) { $0.value = value + 1 }
        }
        await store.finish()
    }

    @Test func declaringOnlyTheListenerByIDKeepsATimerStartedWithItDeterministic() async {
        for _ in 0..<20 {
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            let clock = TestClock()
            let store = TestStore(initialState: Listening(), reducers: [listeningReducer(stream)], clock: clock)
            await store.send(.appear)
            await store.skipInFlightEffects(id: "listener")
            // The timer is not declared: the advance waits until it sleeps, however long its
            // setup takes, so its first tick is due within this second.
            await clock.advance(by: .seconds(1))
            await store.receive(.pinged) { $0.pings = 1 }
            await store.send(.stop)
            continuation.finish()
            await store.finish()
        }
    }

    @Test func aTimedOutReceiveNamesTheDeclaredWorkAndTheEffectAsleepOnTheClock() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        defer { continuation.finish() }
        let clock = TestClock()
        let store = TestStore(initialState: Listening(), reducers: [listeningReducer(stream)], clock: clock)
        await store.send(.listen)
        await store.skipInFlightEffects()
        await store.send(.load)
        // The listener never sends, so this short limit passes however loaded the machine is.
        await withKnownIssue {
            await store.receive(.set(1), timeout: .milliseconds(200))
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("1 declared long-lived effect was in flight") && text.contains("1 effect is asleep on the clock")
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.set(1)) { $0.value = 1 }
        await store.finish()
    }

    @Test func finishNamesTheBusyWorkItWaitedFor() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        defer { continuation.finish() }
        let store = TestStore(initialState: Listening(), reducers: [listeningReducer(stream)])
        await store.send(.listen)
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(200))
        } matching: { String(describing: $0).contains("reducer listening#0 started by .listen") }
    }
}

struct Listening: Equatable, Sendable {
    var value = 0
    var pings = 0
}

enum ListeningAction: Equatable, Sendable {
    case listen, debouncedListen, appear, stop, load, tick, pinged
    case set(Int)
}

/// `.listen` consumes `stream`; `.debouncedListen` sleeps a second on the store's clock before
/// each value; `.appear` starts a listener (id "listener") and a ping timer (id "ping") whose
/// setup takes a moment of real work before its first sleep.
private func listeningReducer(_ stream: AsyncStream<Int>) -> Reducer<Listening, ListeningAction> {
    Reducer(id: "listening", effects: { state, action in
        switch action {
        case .listen:
            return .run { send in for await value in stream { send(.set(value)) } }
        case .debouncedListen:
            return .run { send in
                for await value in stream {
                    try await send.sleep(for: .seconds(1))
                    send(.set(value))
                }
            }
        case .appear:
            return .merge(
                .run { send in for await value in stream { send(.set(value)) } }.cancellable(id: "listener"),
                .run { send in
                    var setup = 0
                    for index in 0..<200_000 { setup &+= index }
                    precondition(setup != 1)
                    while true {
                        try await send.sleep(for: .seconds(1))
                        send(.pinged)
                    }
                }.cancellable(id: "ping")
            )
        case .stop:
            return .merge(.cancel(id: "ping"), .cancel(id: "listener"))
        case .load:
            return .run { send in
                try await send.sleep(for: .seconds(1))
                send(.set(1))
            }
        case .tick:
            state.value += 1
        case .pinged:
            state.pings += 1
        case .set(let value):
            state.value = value
        }
        return .none
    })
}

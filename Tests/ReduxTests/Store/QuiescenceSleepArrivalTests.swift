import ReduxTesting
import Testing

/// Quiescence and the way to the clock: a task that starts sleeping on the store's virtual clock
/// counts as running until its sleep has reached the clock (`onSleep`), so a step of time can
/// never be taken while the sleeper is still on its way and miss it.
@MainActor
@Suite("Quiescence: a sleep counts from its arrival at the clock", .timeLimit(.minutes(5)))
struct QuiescenceSleepArrivalTests {
    enum Act: Sendable, Equatable { case start, done }

    /// One effect that sleeps a second on the store's clock, then sends `.done`; `.done` counts.
    func store(clock: some VirtualClock) -> Store<Int, Act> {
        Store(initialState: 0, reducers: [
            Reducer(id: "sleeper", effects: { state, action in
                switch action {
                case .start:
                    return .run { send in
                        try await send.sleep(for: .seconds(1))
                        send(.done)
                    }
                case .done:
                    state += 1
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    @Test func aSleepOnItsWayToTheClockStillCountsAsRunning() async throws {
        let clock = SlowArrivalClock()
        let store = store(clock: clock)
        store.dispatch(.start)
        #expect(await clock.arrived.waitOpened(ifCancelled: .stopWaiting), "the effect started its sleep")

        #expect(!store.isQuiescent, "held on its way to the clock, the effect is not asleep yet")
        #expect(clock.inner.sleeperCount == 0)

        clock.gate.open()
        try await store.quiescent(timeout: patience)
        #expect(clock.inner.sleeperCount == 1, "quiescent once the sleep reached the clock")
        await clock.inner.advance(by: .seconds(1))
        #expect(store.state == 1, "the step of time woke it and waited for its action")
        #expect(store.activeTaskCount == 0)
    }
}

/// A virtual clock whose sleeps with callbacks (a store's) wait at `gate` before
/// they reach `inner`: the way to the clock, made as long as the test wants. Opens `arrived` when
/// a sleep reaches the gate.
private final class SlowArrivalClock: VirtualClock {
    typealias Instant = TestClock.Instant
    let inner = TestClock()
    let gate = Gate()
    let arrived = Gate()

    var now: Instant { inner.now }
    var minimumResolution: Duration { .zero }
    func attach(_ participant: any VirtualClockParticipant) { inner.attach(participant) }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await inner.sleep(until: deadline, tolerance: tolerance)
    }
    func sleep(
        until deadline: Instant,
        onSleep: @Sendable () -> Void,
        onWake: @escaping @Sendable () -> Void
    ) async throws {
        arrived.open()
        await gate.wait()
        try await inner.sleep(until: deadline, onSleep: onSleep, onWake: onWake)
    }
}

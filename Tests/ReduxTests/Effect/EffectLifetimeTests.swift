@testable import Redux
import ReduxTesting
import Testing

/// Issue 6, section 1, lifetime: invalidating or releasing the store cancels every effect,
/// nothing an effect sends afterwards reaches a reducer, and a weak reference to a released store
/// becomes nil while an effect is still sleeping; a long-lived effect leaves no per-action
/// bookkeeping behind.
///
/// `@testable` for the runtime's tables (`bookkeepingCount`, `activeCount`), read after the
/// store is gone. The sleeping effects sleep an hour on the store's clock (a `ContinuousClock`,
/// or a `TestClock` that is never advanced): in these tests, until they are cancelled.
@Suite("Effect lifetime", .timeLimit(.minutes(5)))
@MainActor
struct EffectLifetimeTests {
    @Test func invalidatingCancelsEveryEffectAndNothingSentAfterwardsReachesAReducer() async throws {
        let trace = SharedList<String>()
        let started = ArrivalCounter(count: 4)
        let cancelled = ArrivalCounter(count: 4)
        let late = SharedList<DispatchTicket<FxAction>>()
        @Sendable func sleeper(_ value: Int) -> Effect<FxAction> {
            .run { send in
                started.arrive()
                do {
                    try await sleepUntilCancelled(send)
                } catch {
                    send(.got(-value))
                    late.append(send.tracked(.got(-100 - value)))
                    cancelled.arrive()
                    throw error
                }
            }
        }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        defer { continuation.finish() }
        let store = makeFxStore(trace: trace) { action in
            guard action == .start else { return .none }
            return .merge(
                sleeper(1),
                .merge(sleeper(2), sleeper(3).cancellable(id: "three")),
                .concatenate(sleeper(4), .send(.got(-5))),
                .callback { _ in },
                .run(stream) { FxAction.got($0) },
                .timer(every: .seconds(3_600), send: .tag("tick"))
            )
        }
        store.dispatch(.start)
        #expect(await started.gate.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(await cancelled.gate.waitOpened(ifCancelled: .stopWaiting), "every sleeping effect saw its cancellation")
        #expect(await yieldUntil { store.activeTaskCount == 0 }, "the callback, the sequence and the timer ended too")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start])
        // What the effects sent after the invalidation was refused, as any dispatch to the store.
        #expect(trace.values.filter { $0.hasPrefix("got(") }.sorted() == [
            "got(-1): refused invalidated", "got(-101): refused invalidated",
            "got(-102): refused invalidated", "got(-103): refused invalidated",
            "got(-104): refused invalidated",
            "got(-2): refused invalidated", "got(-3): refused invalidated", "got(-4): refused invalidated",
        ], "\(trace.values)")
        #expect(late.values.count == 4)
        for ticket in late.values {
            try await expectOutcome(ticket, "refused(invalidated)", "a tracked send from an effect of an invalidated store")
        }
        #expect(store.runtime.bookkeepingCount == 0)
    }

    /// The clock the sleeping effects sleep on.
    enum SleepClock: String, CaseIterable, Sendable {
        /// `ContinuousClock`: an hour-long sleep, in effect until cancelled.
        case continuous
        /// `ReduxTesting`'s `TestClock`, never advanced: the sleeps end only by cancellation.
        case testClock
    }

    @Test(arguments: SleepClock.allCases)
    func releaseWithAThousandEffectsInFlightFreesTheStoreAndCancelsEveryEffect(_ sleepClock: SleepClock) async throws {
        let count = 1_000
        let started = ArrivalCounter(count: count)
        let cancelled = ArrivalCounter(count: count)
        let reduced = SharedList<FxAction>()
        let testClock = TestClock()
        weak var weakStore: FxStore?
        let runtime: EffectRuntime
        do {
            let store = FxStore(initialState: [], reducers: [
                Reducer(id: "fx", effects: { state, action in
                    reduced.append(action)
                    state.append(action)
                    guard action == .start else { return .none }
                    return .merge((0..<count).map { value in
                        .run { send in
                            started.arrive()
                            do {
                                try await sleepUntilCancelled(send)
                            } catch {
                                send(.got(value))
                                cancelled.arrive()
                                throw error
                            }
                        }
                    })
                }),
            ], options: StoreOptions(clock: sleepClock == .testClock ? testClock : ContinuousClock()))
            store.dispatch(.start)
            #expect(store.activeTaskCount == count)
            #expect(await started.gate.waitOpened(ifCancelled: .stopWaiting), "every effect started")
            if sleepClock == .testClock {
                try await store.quiescent(timeout: patience)
                #expect(testClock.sleeperCount == count, "every effect is asleep on the test clock")
            }
            weakStore = store
            runtime = store.runtime
        }
        try #require(await yieldUntil { weakStore == nil }, "the store was freed with its effects asleep")
        #expect(await cancelled.gate.waitOpened(ifCancelled: .stopWaiting), "every effect saw its cancellation")
        #expect(await yieldUntil { runtime.activeCount == 0 })
        #expect(runtime.bookkeepingCount == 0)
        #expect(runtime.runningCount == 0)
        #expect(testClock.sleeperCount == 0)
        #expect(reduced.values == [.start], "nothing the effects sent was reduced")
    }

    /// One effect sleeps on the store's clock, another waits on a gate and ignores cancellation:
    /// neither keeps the store alive.
    @Test func weakReferenceToAReleasedStoreBecomesNilWhileAnEffectIsStillSleeping() async throws {
        let started = ArrivalCounter(count: 2)
        let sleeperCancelled = Gate()
        let release = Gate(), sent = Gate()
        defer { release.open() }
        let late = SharedValue<DispatchTicket<FxAction>?>(nil)
        let reduced = SharedList<FxAction>()
        weak var weakStore: FxStore?
        do {
            let store = FxStore(initialState: [], reducers: [
                Reducer(id: "fx", effects: { state, action in
                    reduced.append(action)
                    guard action == .start else { return .none }
                    return .merge(
                        .run { send in
                            started.arrive()
                            do {
                                try await sleepUntilCancelled(send)
                            } catch {
                                sleeperCancelled.open()
                                throw error
                            }
                        },
                        .run { send in
                            started.arrive()
                            await release.wait()
                            send(.got(2))
                            late.value = send.tracked(.got(3))
                            sent.open()
                        }
                    )
                }),
            ])
            store.dispatch(.start)
            #expect(await started.gate.waitOpened(ifCancelled: .stopWaiting))
            weakStore = store
        }
        // The second effect is still blocked on `release`, which only the test opens, below.
        try #require(await yieldUntil { weakStore == nil }, "freed while both effects still run")
        #expect(await sleeperCancelled.waitOpened(ifCancelled: .stopWaiting), "the release cancelled the sleeper")
        release.open()
        #expect(await sent.waitOpened(ifCancelled: .stopWaiting))
        try await expectOutcome(late.value, "refused(storeReleased)", "a tracked send after the release")
        #expect(reduced.values == [.start])
    }

    /// The effect sends 10,000 actions and keeps running: the runtime holds only its task and its
    /// one cancellation id, and nothing once it ends.
    @Test func longLivedEffectThatSendsTenThousandActionsLeavesNoPerActionBookkeeping() async throws {
        let count = 10_000
        let finish = Gate()
        let store = Store<Int, FxAction>(initialState: 0, reducers: [
            Reducer(id: "counts", effects: { state, action in
                state += 1
                guard action == .start else { return .none }
                return .run { send in
                    for value in 0..<count { send(.got(value)) }
                    await finish.wait()
                }.cancellable(id: "long")
            }),
        ])
        store.dispatch(.start)
        #expect(await yieldUntil { store.state == count + 1 }, "every sent action was reduced")
        #expect(store.runtime.bookkeepingCount == 2, "one task and one id, while it runs")
        #expect(store.activeTaskCount == 1)
        finish.open()
        try await store.settled(timeout: patience)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.runtime.runningCount == 0)
        #expect(store.activeTaskCount == 0)
        #expect(store.throttles.count == 0)
    }

    /// A child `Task` an effect started inherits the effect's task-local runtime token and may
    /// outlive the effect, its store and its store's runtime; sleeping later on another store's
    /// clock must not touch the dead runtime. In the `DiagnosticsProbe` child process (mode
    /// `stale-effect-token`), since the failure is a crash.
    @Test func childTaskOfAnEffectCanSleepOnAnotherStoresClockAfterItsOwnStoreIsGone() async throws {
        let run = try await runDiagnosticsProbe(["stale-effect-token"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == ["child slept true"])
    }
}

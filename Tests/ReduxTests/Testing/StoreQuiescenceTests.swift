import ReduxTesting
import Testing

/// `store.quiescent(timeout:)`: returns once every task the store owns has finished or sleeps on
/// the store's (virtual) clock and nothing is queued — so it returns while an effect sleeps on a
/// `TestClock`, where `settled` would not; it waits while work runs; a `.deferred` handler or a
/// `.task` sleeping on `EffectContext`'s clock counts as asleep; work suspended on anything but
/// the store's clock counts as running (the documented limitation), so the wait then times out.
@MainActor
@Suite("Store quiescence", .timeLimit(.minutes(5)))
struct StoreQuiescenceTests {
    enum Act: Sendable, Equatable {
        case start
        case slow
        case done
    }

    typealias QuiescenceStore = Store<[String], Act>

    /// How long a wait that must time out is given: only a bound, never a proof (the proof is
    /// that the wait did time out while the work was still running, then returned once it ended).
    static let shortWait: Duration = .milliseconds(100)

    /// `.start` runs `work` as a `.run` effect, then sends `.done`; actions are recorded as
    /// "name@now" (on `clock` if given).
    func store(
        clock: (any Clock<Duration>)? = nil,
        stampedBy testClock: TestClock? = nil,
        work: @escaping @Sendable (Send<Act>) async throws -> Void
    ) -> QuiescenceStore {
        QuiescenceStore(initialState: [], reducers: [
            Reducer(id: "work", effects: { state, action in
                state.append(testClock.map { stamped("\(action)", $0.now) } ?? "\(action)")
                guard action == .start else { return .none }
                return .run { send in
                    try await work(send)
                    send(.done)
                }
            }),
        ], options: clock.map { StoreOptions(clock: $0) } ?? StoreOptions())
    }

    @Test func quiescentReturnsWhileAnEffectSleepsOnTheTestClockWhereSettledDoesNot() async throws {
        let clock = TestClock()
        let store = store(clock: clock, stampedBy: clock) { send in try await send.sleep(for: .seconds(10)) }
        store.dispatch(.start)

        try await store.quiescent(timeout: patience)
        #expect(store.isQuiescent)
        #expect(store.activeTaskCount == 1, "the effect is still there, asleep")
        #expect(clock.sleeperCount == 1)
        #expect(!store.isSettled)
        await #expect(throws: SettleTimeoutError.self, "settled counts the sleeping effect as busy") {
            try await store.settled(timeout: Self.shortWait)
        }

        await clock.advance(by: .seconds(10))
        try await store.settled(timeout: patience)
        #expect(store.state == ["start@0ms", "done@10000ms"])
    }

    @Test func quiescentWaitsWhileAnEffectRunsAndReturnsOnceItIsDone() async throws {
        let clock = TestClock()
        let gate = Gate()
        defer { gate.open() }
        let store = store(clock: clock) { _ in await gate.wait() }
        store.dispatch(.start)

        let error = await #expect(throws: SettleTimeoutError.self, "gate-blocked work counts as running") {
            try await store.quiescent(timeout: Self.shortWait)
        }
        #expect(error?.runningTasks == 1)
        #expect(!store.isQuiescent)

        gate.open()
        try await store.quiescent(timeout: patience)
        #expect(store.state == ["start", "done"])
        #expect(store.activeTaskCount == 0)
    }

    /// A `quiescent` wait that began while the effect was blocked returns once it is unblocked
    /// and reaches its sleep on the clock.
    @Test func aWaitingQuiescentReturnsOnceTheRunningEffectFallsAsleep() async throws {
        let clock = TestClock()
        let gate = Gate()
        defer { gate.open() }
        let store = store(clock: clock) { send in
            await gate.wait()
            try await send.sleep(for: .seconds(1))
        }
        store.dispatch(.start)
        let waiting = Task { try await store.quiescent(timeout: patience) }
        #expect(!store.isQuiescent)

        gate.open()
        let result = try #require(await taskResult(of: waiting))
        #expect(throws: Never.self) { try result.get() }
        #expect(clock.sleeperCount == 1, "it returned with the effect asleep")
        #expect(store.state == ["start"])
        await clock.advance(by: .seconds(1))
        #expect(store.state == ["start", "done"])
    }

    enum HandlerKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case deferred, task
        var testDescription: String { rawValue }
    }

    enum ContextSleep: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// `context.sleep(for:)`
        case contextSleep
        /// `context.clock.sleep(for:)`, through the `any Clock` the context exposes.
        case contextClock
        var testDescription: String { rawValue }
    }

    /// A middleware handler (`.deferred` or `.task`) that sleeps 5 s on `EffectContext`'s clock
    /// counts as asleep; after the advance, the deferred action resumes and is reduced at 5 s (the
    /// task dispatches `.done` then).
    @Test(arguments: HandlerKind.allCases, ContextSleep.allCases)
    func aMiddlewareHandlerSleepingOnTheEffectContextClockCountsAsAsleep(kind: HandlerKind, sleep: ContextSleep) async throws {
        let clock = TestClock()
        let nap: @Sendable (EffectContext<[String], Act>) async throws -> Void = { context in
            switch sleep {
            case .contextSleep: try await context.sleep(for: .seconds(5))
            case .contextClock: try await context.clock.sleep(for: .seconds(5))
            }
        }
        let store = QuiescenceStore(initialState: [], reducers: [
            Reducer(id: "record", handlingAll: { state, action in state.append(stamped("\(action)", clock.now)) }),
        ], middlewares: [
            Middleware(id: "slow") { context in
                guard context.action == .slow else { return .next }
                switch kind {
                case .deferred:
                    return .deferred { effect in
                        try await nap(effect)
                        return .next
                    }
                case .task:
                    return .task { effect in
                        try await nap(effect)
                        effect.dispatch(.done)
                    }
                }
            },
        ], options: StoreOptions(clock: clock))
        store.dispatch(.slow)

        try await store.quiescent(timeout: patience)
        #expect(store.activeTaskCount == 1, "the handler is asleep, not finished")
        #expect(clock.sleeperCount == 1)
        #expect(store.state == (kind == .deferred ? [] : ["slow@0ms"]))

        await clock.advance(by: .seconds(5))
        #expect(store.state == (kind == .deferred ? ["slow@5000ms"] : ["slow@0ms", "done@5000ms"]))
        try await store.settled(timeout: patience)
    }

    enum OffClockWork: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// `Task.sleep(for:)`, on no clock the store knows.
        case bareTaskSleep
        /// `ContinuousClock().sleep(for:)` inside an effect of a store on a `TestClock`.
        case realClock
        /// `send.sleep(for:)` in a store whose clock is the default `ContinuousClock`.
        case storeOnRealClock
        /// The `TestClock` itself, called directly rather than through the store's clock.
        case testClockDirectly
        /// A task-group child sleeping on the store's clock: only the effect's own task is counted.
        case taskGroupChild
        var testDescription: String { rawValue }
    }

    @Test(arguments: OffClockWork.allCases)
    func workSleepingOffTheStoreClockCountsAsRunningSoQuiescentTimesOut(_ work: OffClockWork) async throws {
        let clock = TestClock()
        let nap: Duration = .seconds(3_600)
        let store: QuiescenceStore = switch work {
        case .bareTaskSleep: store(clock: clock) { _ in try await Task.sleep(for: nap) }
        case .realClock: store(clock: clock) { _ in try await ContinuousClock().sleep(for: nap) }
        case .storeOnRealClock: store { send in try await send.sleep(for: nap) }
        case .testClockDirectly: store(clock: clock) { _ in try await clock.sleep(for: nap) }
        case .taskGroupChild:
            store(clock: clock) { send in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await send.sleep(for: nap) }
                    try await group.waitForAll()
                }
            }
        }
        store.dispatch(.start)

        let error = await #expect(throws: SettleTimeoutError.self, "the sleeping work counts as running") {
            try await store.quiescent(timeout: Self.shortWait)
        }
        #expect(error?.runningTasks == 1)
        #expect(store.activeTaskCount == 1)

        store.invalidate()
        #expect(await yieldUntil { store.activeTaskCount == 0 }, "invalidating cancelled the sleeping work")
        #expect(store.state == ["start"])
    }
}

import ReduxTesting
import Testing

/// Stores on virtual time: an advance never races an effect that has not reached its sleep yet
/// (whatever it awaits on the way, as long as it is not left suspended); one `TestClock` serves
/// several stores, each woken at its own deadlines; the clock holds its stores weakly; the
/// newcomer's debounce test passes 200 times in 200; an `ImmediateClock` store finishes delays at
/// once.
@MainActor
@Suite("Virtual time with stores", .timeLimit(.minutes(5)))
struct VirtualTimeStoreTests {
    enum Act: Sendable, Equatable {
        case start
        case woke
    }

    typealias WakeStore = Store<[String], Act>

    /// What an effect awaits before it sleeps: things that finish quickly but are not the clock.
    enum PreSleepWork: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// 50 `Task.yield()`s.
        case yields
        /// Ten hops to an actor and back.
        case actorHops
        /// A hop to the main actor (which the advancing test has given up while it waits).
        case mainActorHop
        /// Awaiting a detached task's value.
        case detachedTask
        var testDescription: String { rawValue }

        func perform(_ hop: Hop) async {
            switch self {
            case .yields:
                for _ in 0..<50 { await Task.yield() }
            case .actorHops:
                for _ in 0..<10 { _ = await hop.visit() }
            case .mainActorHop:
                await MainActor.run {}
            case .detachedTask:
                _ = await Task.detached { await hop.visit() }.value
            }
        }
    }

    /// `.start` runs an effect that does `before`, then sleeps `nap` on the store's clock, then
    /// sends `.woke`, `times` times over; `.woke` is recorded as "name@now" in the state and in
    /// `wakes` (shared by several stores).
    func wakeStore(
        _ name: String = "woke",
        clock: TestClock,
        nap: Duration = .seconds(1),
        times: Int = 1,
        before: PreSleepWork = .yields,
        wakes: SharedList<String> = SharedList()
    ) -> WakeStore {
        let hop = Hop()
        return WakeStore(initialState: [], reducers: [
            Reducer(id: "wake", effects: { state, action in
                switch action {
                case .start:
                    return .run { send in
                        for _ in 0..<times {
                            await before.perform(hop)
                            try await send.sleep(for: nap)
                            send(.woke)
                        }
                    }
                case .woke:
                    state.append(stamped(name, clock.now))
                    wakes.append(stamped(name, clock.now))
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    // MARK: Advancing never races

    /// No `quiescent`, `settled` or yield between the dispatch and the advance, nor between the
    /// advance and the check: the advance itself waits for the effect to reach its sleep, wakes
    /// it at 1 s, and waits for what it sent to be reduced. 200 rounds, each with a fresh store
    /// and clock (a store that stopped counting its task before the clock saw the sleep failed a
    /// few rounds in a hundred).
    @Test(arguments: PreSleepWork.allCases)
    func anAdvanceRightAfterDispatchWakesAnEffectThatWorkedBeforeSleeping(_ before: PreSleepWork) async throws {
        var failures: [String] = []
        for round in 0..<200 {
            let clock = TestClock()
            let store = wakeStore(clock: clock, before: before)
            store.dispatch(.start)
            await clock.advance(by: .seconds(1))
            if store.state != ["woke@1000ms"] { failures.append("round \(round): \(store.state)") }
        }
        #expect(failures.isEmpty)
    }

    @Test func anEffectThatSleepsAgainAndAgainIsWokenAtEachDeadlineOfOneAdvance() async throws {
        let clock = TestClock()
        let store = wakeStore(clock: clock, nap: .milliseconds(250), times: 4, before: .actorHops)
        store.dispatch(.start)
        await clock.advance(by: .seconds(1))
        #expect(store.state == ["woke@250ms", "woke@500ms", "woke@750ms", "woke@1000ms"])
        try await store.settled(timeout: patience)
    }

    @Test func sleepersOfTwoStoresOnOneClockEachWakeAtTheirDeadlines() async throws {
        let clock = TestClock()
        let wakes = SharedList<String>()
        let first = wakeStore("A", clock: clock, nap: .milliseconds(1_000), times: 2, before: .actorHops, wakes: wakes)
        let second = wakeStore("B", clock: clock, nap: .milliseconds(1_500), times: 2, before: .detachedTask, wakes: wakes)
        first.dispatch(.start)
        second.dispatch(.start)

        await clock.advance(by: .seconds(3))

        #expect(wakes.values == ["A@1000ms", "B@1500ms", "A@2000ms", "B@3000ms"], "one timeline, in deadline order")
        #expect(first.state == ["A@1000ms", "A@2000ms"])
        #expect(second.state == ["B@1500ms", "B@3000ms"])
        try await first.settled(timeout: patience)
        try await second.settled(timeout: patience)
    }

    /// The clock holds its stores weakly: a store released while its effect sleeps is freed
    /// (its sleep cancelled), and the clock goes on advancing for the store that is left.
    @Test func aReleasedStoreIsDroppedByItsClockWhichStillAdvances() async throws {
        let clock = TestClock()
        let wakes = SharedList<String>()
        var gone: WakeStore? = wakeStore("A", clock: clock, wakes: wakes)
        weak let released = gone
        gone?.dispatch(.start)
        try await gone?.quiescent(timeout: patience)
        #expect(clock.sleeperCount == 1)

        gone = nil
        #expect(released == nil, "neither the clock nor the sleeping effect kept the store alive")
        #expect(await yieldUntil { clock.sleeperCount == 0 }, "its effect's sleep was cancelled")

        let kept = wakeStore("B", clock: clock, wakes: wakes)
        kept.dispatch(.start)
        await clock.advance(by: .seconds(1))
        #expect(wakes.values == ["B@1000ms"], "the released store's effect never woke")
        #expect(kept.state == ["B@1000ms"])
        await clock.advance(by: .seconds(5))
        #expect(clock.now == instant(6_000))
    }

    // MARK: The newcomer's debounce test

    struct SearchState: Sendable, Equatable {
        var query = ""
        var results: [String] = []
    }

    enum SearchAction: Sendable, Equatable {
        case queryChanged(String)
        case resultsLoaded([String])
    }

    nonisolated static let debounce: Duration = .milliseconds(300)

    /// A debounced search whose client does a little async work (actor hops) before it answers.
    static func searchStore(clock: TestClock) -> Store<SearchState, SearchAction> {
        let client = Hop()
        return Store(initialState: SearchState(), reducers: [
            Reducer(id: "search", effects: { state, action in
                switch action {
                case .queryChanged(let query):
                    state.query = query
                    return .run { send in
                        for _ in 0..<3 { _ = await client.visit() }
                        send(.resultsLoaded(["\(query) result"]))
                    }.debounce(id: "search", for: debounce)
                case .resultsLoaded(let results):
                    state.results = results
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    enum Wait: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case settled, quiescent
        var testDescription: String { rawValue }
    }

    /// The test from the issue, as a new user writes it, 200 times, each with a fresh store and
    /// clock: dispatch, advance by the debounce, wait, check the results. The wait ends on the
    /// store's condition (settled or quiescent), never on time: its timeout is the suite's hang
    /// guard, `patience` (the newcomer wrote 500 ms, which a loaded machine can outlast
    /// while the client's actor hops wait for a thread).
    @Test(arguments: Wait.allCases)
    func theNewcomersDebounceTestPasses200TimesIn200(waitingWith wait: Wait) async throws {
        var failures: [String] = []
        for round in 0..<200 {
            let clock = TestClock()
            let store = Self.searchStore(clock: clock)
            store.dispatch(.queryChanged("swift"))
            await clock.advance(by: Self.debounce)
            do {
                switch wait {
                case .settled: try await store.settled(timeout: patience)
                case .quiescent: try await store.quiescent(timeout: patience)
                }
                if store.results != ["swift result"] { failures.append("round \(round): results \(store.results)") }
            } catch {
                failures.append("round \(round): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 200 failed")
    }

    // MARK: ImmediateClock

    @Test func onAnImmediateClockADelayedEffectCompletesAtOnceAndSettledSeesIt() async throws {
        let clock = ImmediateClock()
        let store = WakeStore(initialState: [], reducers: [
            Reducer(id: "delay", effects: { state, action in
                state.append("\(action)@\(clock.now.offset)")
                return action == .start ? Effect.send(.woke).delay(for: .seconds(10)) : .none
            }),
        ], options: StoreOptions(clock: clock))

        store.dispatch(.start)
        try await store.settled(timeout: patience)

        #expect(store.state == ["start@0.0 seconds", "woke@10.0 seconds"])
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(10)))
    }
}

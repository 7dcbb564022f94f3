@testable import Redux
import ReduxTesting
import Testing

/// `.debounce(id:for:)` on a `TestClock`: of a burst of effects with one id only the last runs,
/// `for` after it arrived; a negative duration counts as zero; `cancel(id:)` with the debounce id
/// cancels the pending one; a middleware's effect is debounced the same way.
@MainActor
@Suite("Debounce", .timeLimit(.minutes(5)))
struct DebounceTests {
    enum Act: Sendable, Equatable {
        case query(String)
        case stop
        case found(String)
    }

    typealias SearchStore = Store<[String], Act>

    nonisolated static let debounce: Duration = .milliseconds(300)

    /// The search effect: records "query@now" in `starts` when it starts, then sends `.found`.
    nonisolated static func search(_ query: String, clock: TestClock, starts: SharedList<String>) -> Effect<Act> {
        .run { send in
            starts.append(stamped(query, clock.now))
            send(.found(query))
        }
    }

    /// `.query(q)` starts the search debounced by `debounce` under the id "search"; `.stop`
    /// cancels "search"; `.found(q)` is reduced as "q@now" into the state.
    func searchStore(clock: TestClock, debounce: Duration = debounce, starts: SharedList<String>) -> SearchStore {
        SearchStore(initialState: [], reducers: [
            Reducer(id: "search", effects: { state, action in
                switch action {
                case .query(let query):
                    return Self.search(query, clock: clock, starts: starts).debounce(id: "search", for: debounce)
                case .stop:
                    return .cancel(id: "search")
                case .found(let query):
                    state.append(stamped(query, clock.now))
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    /// Sends "s", "sw", "swift" `gap` apart (all at one instant for a zero gap).
    @Test(arguments: [0, 100])
    func threeQuickSendsStartOneEffectThatRunsItsDurationAfterTheLast(gapMilliseconds gap: Int) async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = searchStore(clock: clock, starts: starts)
        for (index, query) in ["s", "sw", "swift"].enumerated() {
            await clock.advance(to: instant(index * gap))
            store.dispatch(.query(query))
        }
        let last = 2 * gap

        await clock.advance(to: instant(last + 299))
        #expect(starts.values.isEmpty, "no search started before the debounce after the last send ended")
        #expect(store.state.isEmpty)

        await clock.advance(to: instant(last + 300))
        #expect(starts.values == ["swift@\(last + 300)ms"], "one search, for the last query, exactly 300 ms after it")
        #expect(store.state == ["swift@\(last + 300)ms"])

        await clock.run()
        #expect(starts.values.count == 1, "the earlier sends never start")
        try await store.settled(timeout: patience)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func aNewSendRestartsTheWaitOfThePendingOne() async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = searchStore(clock: clock, starts: starts)
        store.dispatch(.query("s"))
        await clock.advance(to: instant(250))
        store.dispatch(.query("sw"))

        await clock.advance(to: instant(549))
        #expect(starts.values.isEmpty, "the first wait (due at 300 ms) was cancelled, the second is not over")

        await clock.advance(to: instant(550))
        #expect(starts.values == ["sw@550ms"])
        #expect(store.state == ["sw@550ms"])
    }

    @Test func aNegativeDurationCountsAsZero() async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = searchStore(clock: clock, debounce: .seconds(-1), starts: starts)
        await clock.advance(to: instant(700))

        store.dispatch(.query("swift"))
        try await store.quiescent(timeout: patience)

        #expect(starts.values == ["swift@700ms"], "started at once, without any advance")
        #expect(store.state == ["swift@700ms"])
        #expect(clock.now == instant(700))
        try await store.settled(timeout: patience)
        #expect(clock.sleeperCount == 0, "nothing waits on the clock")
    }

    @Test func cancelWithTheDebounceIDCancelsThePendingEffect() async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = searchStore(clock: clock, starts: starts)
        store.dispatch(.query("swift"))
        try await store.quiescent(timeout: patience)
        #expect(store.activeTaskCount == 1, "the debounce waits on the clock")
        #expect(clock.sleeperCount == 1)

        await clock.advance(to: instant(100))
        store.dispatch(.stop)
        try await store.settled(timeout: patience)
        #expect(store.activeTaskCount == 0, "the pending search ended at the cancel")
        #expect(clock.sleeperCount == 0)
        #expect(store.runtime.bookkeepingCount == 0)

        await clock.advance(to: instant(1_000))
        #expect(starts.values.isEmpty, "the cancelled search never started")
        #expect(store.state.isEmpty)

        store.dispatch(.query("swiftui"))
        await clock.advance(to: instant(1_300))
        #expect(starts.values == ["swiftui@1300ms"], "the id can be debounced again after its cancel")
        #expect(store.state == ["swiftui@1300ms"])
    }

    @Test func aMiddlewareEffectIsDebouncedLikeAReducerEffect() async throws {
        let clock = TestClock()
        let starts = SharedList<String>()
        let store = SearchStore(initialState: [], reducers: [
            Reducer(id: "found", handlingAll: { state, action in
                if case .found(let query) = action { state.append(stamped(query, clock.now)) }
            }),
        ], middlewares: [
            Middleware(id: "search") { context in
                guard case .query(let query) = context.action else { return .next }
                return .effect(Self.search(query, clock: clock, starts: starts).debounce(id: "search", for: Self.debounce))
            },
        ], options: StoreOptions(clock: clock))
        store.dispatch(.query("s"))
        await clock.advance(to: instant(100))
        store.dispatch(.query("swift"))

        await clock.advance(to: instant(399))
        #expect(starts.values.isEmpty)
        await clock.advance(to: instant(400))
        #expect(starts.values == ["swift@400ms"])
        #expect(store.state == ["swift@400ms"])
        await clock.run()
        #expect(starts.values.count == 1)
    }
}

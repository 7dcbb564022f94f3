@testable import ReduxDemo
import Redux
import ReduxTesting
import Testing

/// Example: testing the demo app's real search feature (Examples/Demo/Search.swift) with the
/// TestStore on a `TestClock`. The feature debounces the query by 300 ms, starts a request
/// (cancelling the one in flight) and a loading timer ticking every 250 ms, and its resolver
/// turns a failed request into `searchFailed`. Nothing here sleeps in real time: each test moves
/// the virtual clock and receives, in order, what the feature's effects sent.
///
/// The test target has its own `AppState`, `AppAction` and `Search` (the documentation
/// mirrors), so the demo's are named through the module here.
@MainActor
@Suite struct SearchFeatureTests {
    typealias DemoState = ReduxDemo.AppState
    typealias DemoAction = ReduxDemo.AppAction
    typealias DemoSearch = ReduxDemo.Search

    /// A scripted back end: answers `[query-kit, query-ui]` after `latency` on the store's
    /// clock, and writes `start q #n`, `cancelled q #n` (the request was cancelled while it
    /// waited) and `answered q #n` to `requests`.
    static func scriptedClient(requests: SharedList<String>, latency: Duration = .milliseconds(600)) -> DemoSearch.Client {
        DemoSearch.Client(search: { query, attempt, sleep in
            requests.append("start \(query) #\(attempt)")
            try await withTaskCancellationHandler {
                try await sleep(latency)
            } onCancel: {
                requests.append("cancelled \(query) #\(attempt)")
            }
            requests.append("answered \(query) #\(attempt)")
            return ["\(query)-kit", "\(query)-ui"]
        })
    }

    /// The demo's search reducer on `client` and its real resolver, on `clock`.
    static func makeStore(client: DemoSearch.Client, clock: TestClock) -> TestStore<DemoState, DemoAction> {
        TestStore(initialState: DemoState(), reducers: [DemoSearch.makeReducer(client: client)], resolvers: [DemoSearch.resolver], clock: clock)
    }

    /// The requests of `query`, without the query: `["start #1", "cancelled #1"]`.
    static func requests(_ requests: SharedList<String>, of query: String) -> [String] {
        requests.values.compactMap { entry in
            let words = entry.split(separator: " ")
            return words.count == 3 && words[1] == query ? "\(words[0]) \(words[2])" : nil
        }
    }

    @Test func typingQuicklySendsOneRequestAfterTheDebounce() async {
        let clock = TestClock()
        let requests = SharedList<String>()
        let store = Self.makeStore(client: Self.scriptedClient(requests: requests), clock: clock)

        await store.send(.search(.queryChanged(query: "s"))) { $0.search.query = "s" }
        await clock.advance(by: .milliseconds(100))
        await store.send(.search(.queryChanged(query: "sw"))) { $0.search.query = "sw" }
        await clock.advance(by: .milliseconds(100))
        await store.send(.search(.queryChanged(query: "swift"))) { $0.search.query = "swift" }

        // 299 ms after the last keystroke: still waiting.
        await clock.advance(by: .milliseconds(299))
        await store.assert { $0.search.isLoading = false }
        #expect(requests.values.isEmpty)

        // 300 ms: one request, for the last query only (an earlier one would be received first).
        await clock.advance(by: .milliseconds(1))
        await store.receive(.search(.searchRequested(query: "swift"))) {
            $0.search.attempt = 1
            $0.search.isLoading = true
        }

        // The answer comes 600 ms later; the loading timer ticks at 250 and 500 ms meanwhile.
        await clock.advance(by: .milliseconds(600))
        await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = 1 }
        await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = 2 }
        await store.receive(.search(.resultsLoaded(query: "swift", results: ["swift-kit", "swift-ui"]))) {
            $0.search.results = ["swift-kit", "swift-ui"]
            $0.search.isLoading = false
            $0.search.loadingTicks = 0
        }
        await store.finish()
        #expect(requests.values == ["start swift #1", "answered swift #1"])
    }

    /// On the demo's own service: "redux" is a cold query whose first attempt times out. The
    /// resolver turns the error into `searchFailed`; `retry` asks again and gets the results.
    @Test func aFailedRequestIsRecoveredAsSearchFailedAndARetrySucceeds() async {
        let clock = TestClock()
        let store = Self.makeStore(client: .demo, clock: clock)

        await store.send(.search(.queryChanged(query: "redux"))) { $0.search.query = "redux" }
        await clock.advance(by: DemoSearch.Timing.debounce)
        await store.receive(.search(.searchRequested(query: "redux"))) {
            $0.search.attempt = 1
            $0.search.isLoading = true
        }

        // 800 ms of latency: ticks at 250, 500, 750 ms, then the timeout.
        await clock.advance(by: SearchService.latency)
        for tick in 1...3 {
            await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = tick }
        }
        let reason = "the search for \"redux\" timed out (attempt 1)"
        await store.receive(.search(.searchFailed(query: "redux", reason: reason))) {
            $0.search.isLoading = false
            $0.search.loadingTicks = 0
            $0.search.error = reason
        }

        await store.send(.search(.retry)) {
            $0.search.attempt = 2
            $0.search.isLoading = true
            $0.search.error = nil
        }
        await clock.advance(by: SearchService.latency)
        for tick in 1...3 {
            await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = tick }
        }
        await store.receive(.search(.resultsLoaded(query: "redux", results: ["redux", "swift-redux", "swiftui-redux"]))) {
            $0.search.results = ["redux", "swift-redux", "swiftui-redux"]
            $0.search.isLoading = false
            $0.search.loadingTicks = 0
        }
        await store.finish()
    }

    /// A newer query's request cancels the one in flight: the old request sees the
    /// cancellation, and its answer never arrives, even once the clock is far past it.
    @Test func aNewerRequestCancelsTheOneInFlightWhoseResultNeverArrives() async {
        let clock = TestClock()
        let requests = SharedList<String>()
        let store = Self.makeStore(client: Self.scriptedClient(requests: requests), clock: clock)

        // t = 300 ms: "swift" is requested; it would answer at 900 ms.
        await store.send(.search(.queryChanged(query: "swift"))) { $0.search.query = "swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.search(.searchRequested(query: "swift"))) {
            $0.search.attempt = 1
            $0.search.isLoading = true
        }
        await clock.advance(by: .milliseconds(250))
        await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = 1 }

        // t = 550 ms: the user types on; "redux" is requested at 850 ms, before "swift" answers.
        await store.send(.search(.queryChanged(query: "redux"))) { $0.search.query = "redux" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = 2 }
        await store.receive(.search(.searchRequested(query: "redux"))) { $0.search.loadingTicks = 0 }

        // t = 1450 ms: "redux" answers. Had "swift" answered at 900 ms, its resultsLoaded would
        // be the next action received here, and this exhaustive receive would fail.
        await clock.advance(by: .milliseconds(600))
        await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = 1 }
        await store.receive(.search(.loadingTick)) { $0.search.loadingTicks = 2 }
        await store.receive(.search(.resultsLoaded(query: "redux", results: ["redux-kit", "redux-ui"]))) {
            $0.search.results = ["redux-kit", "redux-ui"]
            $0.search.isLoading = false
            $0.search.loadingTicks = 0
        }
        await store.finish()

        // Long after: nothing more arrives (finish would report a received action).
        await clock.advance(by: .seconds(10))
        await store.finish()
        #expect(Self.requests(requests, of: "swift") == ["start #1", "cancelled #1"])
        #expect(Self.requests(requests, of: "redux") == ["start #1", "answered #1"])
    }

    /// Emptying the field cancels the request in flight and the loading timer at once: the
    /// test ends with nothing in flight, without moving the clock.
    @Test func clearingTheQueryCancelsTheRequestAndTheTimer() async {
        let clock = TestClock()
        let requests = SharedList<String>()
        let store = Self.makeStore(client: Self.scriptedClient(requests: requests), clock: clock)

        await store.send(.search(.queryChanged(query: "swift"))) { $0.search.query = "swift" }
        await clock.advance(by: DemoSearch.Timing.debounce)
        await store.receive(.search(.searchRequested(query: "swift"))) {
            $0.search.attempt = 1
            $0.search.isLoading = true
        }
        await store.send(.search(.queryChanged(query: ""))) {
            $0.search.query = ""
            $0.search.isLoading = false
        }
        await store.finish()
        // Long past the request's latency: it never answers.
        await clock.advance(by: .seconds(10))
        await store.finish()
        #expect(!requests.values.contains("answered swift #1"))
    }
}

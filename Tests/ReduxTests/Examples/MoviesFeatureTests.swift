@testable import ReduxDemo
import Foundation
import Redux
import ReduxTesting
import Testing

/// Example: testing the demo's movies feature (Examples/Demo/Movies.swift), a SwiftRex-style
/// `Behavior` with an environment, with the TestStore on a `TestClock`. Most tests run the
/// behavior on its own state with a stub environment whose closures record their calls; the
/// last ones run the behavior lifted into the demo's app, on the demo's own back end and the
/// catalog file shipped with the example. Nothing sleeps in real time.
///
/// The demo's types are named through typealiases, so a type of the same name elsewhere in the
/// test target (documentation mirrors) cannot shadow them.
@MainActor
@Suite struct MoviesFeatureTests {
    typealias DemoState = ReduxDemo.AppState
    typealias DemoAction = ReduxDemo.AppAction
    typealias DemoMovies = ReduxDemo.Movies
    typealias DemoMovie = ReduxDemo.Movie
    typealias DemoMoviesState = ReduxDemo.MoviesState
    typealias DemoMoviesAction = ReduxDemo.MoviesAction
    typealias DemoMoviesError = ReduxDemo.MoviesError

    static let fixture = [
        DemoMovie(id: 1, title: "Star Wars", year: 1977, genre: "science fiction"),
        DemoMovie(id: 2, title: "Stalker", year: 1979, genre: "science fiction"),
        DemoMovie(id: 3, title: "Casablanca", year: 1942, genre: "drama"),
    ]

    static let latency = Duration.milliseconds(500)

    /// A stub environment: `fetchMovies` writes `fetch #n`, sleeps `latency` on the store's
    /// clock (writing `cancelled #n` if it is cancelled meanwhile), then answers with the next
    /// of `answers`; `search` writes `search "query" in <count of movies>` and answers with the
    /// catalog's search; `simulateOutage` writes `outage`. Everything goes to `calls`.
    static func stub(answers: [Result<[DemoMovie], DemoMoviesError>], calls: SharedList<String>) -> DemoMovies.Environment {
        let script = Script(answers: answers)
        return DemoMovies.Environment(
            fetchMovies: { sleep in
                let number = script.nextFetch()
                calls.append("fetch #\(number)")
                try await withTaskCancellationHandler {
                    try await sleep(latency)
                } onCancel: {
                    calls.append("cancelled #\(number)")
                }
                return script.nextAnswer() ?? .failure(DemoMoviesError(reason: "no answer scripted"))
            },
            search: { query, movies in
                calls.append("search \(String(reflecting: query)) in \(movies.count)")
                return MovieCatalog.search(query, in: movies)
            },
            simulateOutage: { calls.append("outage") }
        )
    }

    /// The stub's fetch counter and its answers still to give. `@unchecked Sendable`: both are
    /// read and written only under `lock`.
    final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private var fetches = 0
        private var answers: [Result<[DemoMovie], DemoMoviesError>]

        init(answers: [Result<[DemoMovie], DemoMoviesError>]) { self.answers = answers }

        /// The number of this fetch, from 1.
        func nextFetch() -> Int {
            lock.withLock {
                fetches += 1
                return fetches
            }
        }

        /// The next scripted answer, if any is left.
        func nextAnswer() -> Result<[DemoMovie], DemoMoviesError>? {
            lock.withLock { answers.isEmpty ? nil : answers.removeFirst() }
        }
    }

    static func makeStore(
        _ environment: DemoMovies.Environment, clock: TestClock, initialState: DemoMoviesState = DemoMoviesState()
    ) -> TestStore<DemoMoviesState, DemoMoviesAction> {
        TestStore(initialState: initialState, behavior: DemoMovies.behavior, environment: environment, clock: clock)
    }

    /// The state with `fixture` loaded and every movie listed.
    static var loaded: DemoMoviesState {
        var state = DemoMoviesState()
        state.movies = fixture
        state.matches = fixture.map(\.id)
        state.loads = 1
        return state
    }

    @Test func theShippedCatalogDecodes() throws {
        let movies = try MovieCatalog.load(path: MovieCatalog.defaultPath()).get()
        #expect(movies.count == 16)
        #expect(Set(movies.map(\.id)).count == movies.count)
        #expect(movies.contains(DemoMovie(id: 5, title: "Star Wars", year: 1977, genre: "science fiction")))
        #expect(MovieCatalog.search("amelie", in: movies) == [10])
        #expect(MovieCatalog.search("star", in: movies) == [5, 15])
    }

    @Test func onAppearSetsLoadingAndTheListArrivesAfterTheLatency() async {
        let clock = TestClock()
        let calls = SharedList<String>()
        let store = Self.makeStore(Self.stub(answers: [.success(Self.fixture)], calls: calls), clock: clock)

        await store.send(.onAppear) {
            $0.isLoading = true
            $0.loads = 1
        }
        await clock.advance(by: Self.latency - .milliseconds(1))
        await store.assert { $0.isLoading = true }
        #expect(calls.values == ["fetch #1"])

        await clock.advance(by: .milliseconds(1))
        await store.receive(.loaded(.success(Self.fixture))) {
            $0.movies = Self.fixture
            $0.isLoading = false
        }
        // A successful load searches the field's query (empty: everything) in the new list.
        await store.receive(.searchFinished(query: "", matches: [1, 2, 3])) { $0.matches = [1, 2, 3] }
        await store.finish()
        #expect(calls.values == ["fetch #1", "search \"\" in 3"])

        // Appearing again does not reload what is there.
        await store.send(.onAppear, expecting: .reduced)
        await store.finish()
        #expect(calls.values.count == 2)
    }

    @Test func queriesInsideTheDebounceWindowRunOneSearchForTheLastQuery() async {
        let clock = TestClock()
        let calls = SharedList<String>()
        let store = Self.makeStore(Self.stub(answers: [], calls: calls), clock: clock, initialState: Self.loaded)

        await store.send(.queryChanged(query: "s")) { $0.query = "s" }
        await clock.advance(by: .milliseconds(100))
        await store.send(.queryChanged(query: "st")) { $0.query = "st" }
        await clock.advance(by: .milliseconds(200))
        await store.send(.queryChanged(query: "star")) { $0.query = "star" }

        // 299 ms after the last keystroke: no search has run.
        await clock.advance(by: DemoMovies.Timing.debounce - .milliseconds(1))
        await store.assert { $0.matches = [1, 2, 3] }
        #expect(calls.values.isEmpty)

        // 300 ms: one search, for the last query (an earlier one would be received first).
        await clock.advance(by: .milliseconds(1))
        await store.receive(.searchFinished(query: "star", matches: [1])) { $0.matches = [1] }
        await store.finish()
        #expect(calls.values == ["search \"star\" in 3"])
    }

    @Test func aFailedLoadKeepsItsReasonAndARetrySucceeds() async {
        let clock = TestClock()
        let calls = SharedList<String>()
        let outage = DemoMoviesError(reason: "server down")
        let store = Self.makeStore(Self.stub(answers: [.failure(outage), .success(Self.fixture)], calls: calls), clock: clock)

        await store.send(.onAppear) {
            $0.isLoading = true
            $0.loads = 1
        }
        await clock.advance(by: Self.latency)
        await store.receive(.loaded(.failure(outage))) {
            $0.isLoading = false
            $0.error = "server down"
        }

        await store.send(.retry) {
            $0.isLoading = true
            $0.error = nil
            $0.loads = 2
        }
        await clock.advance(by: Self.latency)
        await store.receive(.loaded(.success(Self.fixture))) {
            $0.movies = Self.fixture
            $0.isLoading = false
        }
        await store.receive(.searchFinished(query: "", matches: [1, 2, 3])) { $0.matches = [1, 2, 3] }
        await store.finish()
        #expect(calls.values == ["fetch #1", "fetch #2", "search \"\" in 3"])
    }

    @Test func retryWithoutAFailureStartsNothing() async {
        let clock = TestClock()
        let calls = SharedList<String>()
        let store = Self.makeStore(Self.stub(answers: [], calls: calls), clock: clock, initialState: Self.loaded)

        await store.send(.retry, expecting: .reduced)
        await clock.advance(by: Self.latency)
        await store.finish()
        #expect(calls.values.isEmpty)
    }

    @Test func refreshReplacesTheLoadInFlight() async {
        let clock = TestClock()
        let calls = SharedList<String>()
        let store = Self.makeStore(Self.stub(answers: [.success(Self.fixture)], calls: calls), clock: clock)

        await store.send(.onAppear) {
            $0.isLoading = true
            $0.loads = 1
        }
        await clock.advance(by: .milliseconds(200))
        await store.send(.refresh) { $0.loads = 2 }
        // Past the first load's answer time: it was cancelled, nothing arrives.
        await clock.advance(by: .milliseconds(300))
        await store.assert { $0.isLoading = true }
        #expect(calls.values == ["fetch #1", "cancelled #1", "fetch #2"])

        await clock.advance(by: .milliseconds(200))
        await store.receive(.loaded(.success(Self.fixture))) {
            $0.movies = Self.fixture
            $0.isLoading = false
        }
        await store.receive(.searchFinished(query: "", matches: [1, 2, 3])) { $0.matches = [1, 2, 3] }
        await store.finish()
    }

    /// The produce part gets the environment the store was made with, and a context whose state
    /// is the one after the mutation: the search runs over the list `loaded` just stored.
    @Test func theEnvironmentReachesProduceWithTheStateAfterTheMutation() async {
        let clock = TestClock()
        let calls = SharedList<String>()
        let store = Self.makeStore(Self.stub(answers: [], calls: calls), clock: clock)

        await store.send(.loaded(.success(Self.fixture))) { $0.movies = Self.fixture }
        await store.receive(.searchFinished(query: "", matches: [1, 2, 3])) { $0.matches = [1, 2, 3] }
        await store.send(.simulateOutage)
        await store.finish()
        #expect(calls.values == ["search \"\" in 3", "outage"])
    }

    @Test func aMissingCatalogFileLoadsAsAFailure() async {
        let clock = TestClock()
        let server = MovieServer(catalogPath: "/no-such-directory/movies.json")
        let store = Self.makeStore(DemoMovies.Environment(server: server), clock: clock)

        await store.send(.onAppear) {
            $0.isLoading = true
            $0.loads = 1
        }
        await clock.advance(by: MovieServer.latency)
        let reason = "cannot read the catalog movies.json: no such file or not readable"
        await store.receive(.loaded(.failure(DemoMoviesError(reason: reason)))) {
            $0.isLoading = false
            $0.error = reason
        }
        await store.finish()
    }

    /// The behavior lifted into the demo's app, with the app's environment mapped to the
    /// feature's: the demo's server, the shipped catalog, an outage and a retry.
    @Test func liftedIntoTheAppWithItsEnvironmentMappedFromTheApps() async throws {
        let clock = TestClock()
        let server = MovieServer()
        let catalog = try MovieCatalog.load(path: MovieCatalog.defaultPath()).get()
        let store = TestStore(
            initialState: DemoState(), behavior: DemoMovies.inApp, environment: AppEnvironment(movieServer: server), clock: clock
        )

        await store.send(.movies(.onAppear)) {
            $0.movies.isLoading = true
            $0.movies.loads = 1
        }
        await clock.advance(by: MovieServer.latency)
        await store.receive(.movies(.loaded(.success(catalog)))) {
            $0.movies.movies = catalog
            $0.movies.isLoading = false
        }
        await store.receive(.movies(.searchFinished(query: "", matches: catalog.map(\.id)))) {
            $0.movies.matches = catalog.map(\.id)
        }

        await store.send(.movies(.queryChanged(query: "sta"))) { $0.movies.query = "sta" }
        await clock.advance(by: .milliseconds(150))
        await store.send(.movies(.queryChanged(query: "star"))) { $0.movies.query = "star" }
        await clock.advance(by: DemoMovies.Timing.debounce)
        await store.receive(.movies(.searchFinished(query: "star", matches: [5, 15]))) { $0.movies.matches = [5, 15] }

        // The outage: the next request fails; the list and the search stay.
        await store.send(.movies(.simulateOutage))
        await store.send(.movies(.refresh)) {
            $0.movies.isLoading = true
            $0.movies.loads = 2
        }
        await clock.advance(by: MovieServer.latency)
        let reason = "the movie server did not answer request 2 (simulated outage)"
        await store.receive(.movies(.loaded(.failure(DemoMoviesError(reason: reason))))) {
            $0.movies.isLoading = false
            $0.movies.error = reason
        }

        await store.send(.movies(.retry)) {
            $0.movies.isLoading = true
            $0.movies.error = nil
            $0.movies.loads = 3
        }
        await clock.advance(by: MovieServer.latency)
        await store.receive(.movies(.loaded(.success(catalog)))) { $0.movies.isLoading = false }
        await store.receive(.movies(.searchFinished(query: "star", matches: [5, 15])))
        await store.finish()
        #expect(server.requestCount == 3)
    }

    /// The other features' actions pass the lifted behavior by (`unhandled` without another
    /// reducer), and the movies actions are left to it by the app's other reducers.
    @Test func theLiftedBehaviorLeavesOtherActionsAlone() async {
        let store = TestStore(
            initialState: DemoState(), behavior: DemoMovies.inApp, environment: AppEnvironment(movieServer: MovieServer()), clock: TestClock()
        )
        await store.send(.increment, expecting: .unhandled)
        await store.send(.search(.queryChanged(query: "star")), expecting: .unhandled)
        await store.finish()
    }

    @Test func moviesActionsRoundTripThroughTheSessionEncoding() throws {
        let actions: [DemoMoviesAction] = [
            .onAppear, .refresh, .retry, .simulateOutage, .queryChanged(query: "star"),
            .loaded(.success(Self.fixture)), .loaded(.failure(DemoMoviesError(reason: "down"))),
            .searchFinished(query: "star", matches: [1]),
        ]
        for action in actions {
            let data = try JSONEncoder().encode(DemoAction.movies(action))
            #expect(try JSONDecoder().decode(DemoAction.self, from: data) == .movies(action))
        }
        let line = Data(#"{"type":"movies.queryChanged","query":"st"}"#.utf8)
        #expect(try JSONDecoder().decode(DemoAction.self, from: line) == .movies(.queryChanged(query: "st")))
        for bad in [#"{"type":"movies.queryChanged"}"#, #"{"type":"movies.retry","query":"x"}"#, #"{"type":"movies.teleport"}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(DemoAction.self, from: Data(bad.utf8)) }
        }
    }
}

import Redux

/// The movies feature (the example feature of the SwiftRex seed), written in that library's
/// style: a ``Behavior`` whose `handle` answers each action with a reduce part, a produce part,
/// or both, and an ``Environment`` of `@Sendable` closures given once, when the store is made.
///
/// - `onAppear` sets `isLoading` and loads the list through the environment (the demo's
///   ``MovieServer`` reads the catalog shipped in Examples/Data/movies.json, 500 ms later on the
///   store's clock); `loaded` stores it, or the failure's reason. A load's failure is a value
///   (`Result`), not a thrown error: no resolver is involved, unlike the search feature.
/// - `queryChanged` updates the field at once; the search itself (through the environment, over
///   the loaded list) is debounced by 300 ms on the store's clock, so of a burst of keystrokes
///   only the last query is searched. A successful load searches the current query again, at
///   once, replacing any search still pending.
/// - `retry` loads again after a failure; `refresh` reloads at any time; `simulateOutage` asks
///   the server to drop the next request, so a session can reach the failure path.
///
/// ``inApp`` lifts the behavior into the demo's ``AppState`` and ``AppAction``, deriving its
/// environment from the app's ``AppEnvironment``.
enum Movies {
    /// A sleep on the store's clock, handed to the environment by the feature's effects.
    typealias Sleep = @Sendable (Duration) async throws -> Void

    /// The feature's dependencies (SwiftRex's environment): plain `@Sendable` closures, so a test
    /// gives stubs and the app gives the ones ``init(server:)`` builds on its back end.
    struct Environment: Sendable {
        /// Loads the movie list. It sleeps for its latency on `sleep` (the store's clock); a
        /// failure is returned, not thrown. Throws only `CancellationError` (from `sleep`), when
        /// the load is cancelled, which the effect drops silently.
        var fetchMovies: @Sendable (_ sleep: @escaping Sleep) async throws -> Result<[Movie], MoviesError>
        /// The ids of the movies of `movies` that `query` matches, in list order.
        var search: @Sendable (_ query: String, _ movies: [Movie]) async -> [Movie.ID]
        /// Makes the back end drop its next request (the demo's failure switch).
        var simulateOutage: @Sendable () -> Void
    }

    /// The feature's timings, on the store's clock (virtual time in the demo).
    enum Timing {
        /// How long the search field must stay unchanged before its query is searched.
        static let debounce = Duration.milliseconds(300)
    }

    /// The feature's cancellation ids (scoped to the feature's instance by the lift).
    enum ID: Hashable, Sendable {
        /// The load in flight: a newer one replaces it.
        case load
        /// The search, pending (debounced) or running: a newer one replaces it.
        case search
    }

    typealias Consequence = Behavior<MoviesAction, MoviesState, Environment>.Consequence

    /// The feature on its own state, actions and environment.
    static let behavior = Behavior<MoviesAction, MoviesState, Environment>.handle(id: "movies") { action, state in
        consequence(of: action, in: state)
    }

    private static func consequence(of action: MoviesAction, in state: MoviesState) -> Consequence {
        switch action {
        case .onAppear:
            // Appearing again does not reload what is there (or on its way): `refresh` does.
            guard state.movies.isEmpty, !state.isLoading else { return .handled }
            return load()

        case .refresh:
            return load()

        case .retry:
            guard state.error != nil, !state.isLoading else { return .handled }
            return load()

        case let .loaded(.success(movies)):
            return Consequence
                .reduce { state in
                    state.movies = movies
                    state.isLoading = false
                }
                // The context holds the state after the mutation: search the new list for the
                // query the field reads now.
                .produce { context in
                    search(context.state.query, in: context.state.movies, context.environment)
                        .cancellable(id: ID.search, cancelInFlight: true)
                }

        case let .loaded(.failure(error)):
            return .reduce { state in
                state.isLoading = false
                state.error = error.reason
            }

        case let .queryChanged(query):
            return Consequence
                .reduce { $0.query = query }
                .produce { context in
                    search(query, in: context.state.movies, context.environment)
                        .debounce(id: ID.search, for: Timing.debounce)
                }

        case let .searchFinished(_, matches):
            return .reduce { $0.matches = matches }

        case .simulateOutage:
            return .produce { context in
                let simulateOutage = context.environment.simulateOutage
                return .run { _ in simulateOutage() }
            }
        }
    }

    /// Starts a load: `isLoading`, the error cleared, one more load counted, and the request
    /// through the environment, replacing one in flight.
    private static func load() -> Consequence {
        Consequence
            .reduce { state in
                state.isLoading = true
                state.error = nil
                state.loads += 1
            }
            .produce { context in
                // Capture the closure, not the context (which holds a copy of the state).
                let fetchMovies = context.environment.fetchMovies
                return .run { send in
                    send(.loaded(try await fetchMovies { try await send.sleep(for: $0) }))
                }
                .cancellable(id: ID.load, cancelInFlight: true)
            }
    }

    /// The search for `query` over `movies`, through the environment; sends `searchFinished`.
    private static func search(_ query: String, in movies: [Movie], _ environment: Environment) -> Effect<MoviesAction> {
        let search = environment.search
        return .task { .searchFinished(query: query, matches: await search(query, movies)) }
    }
}

extension Movies.Environment {
    /// The environment on the demo's back end: loads from `server`, searches with
    /// ``MovieCatalog/search(_:in:)``, and switches `server`'s outage.
    init(server: MovieServer) {
        self.init(
            fetchMovies: { sleep in try await server.movies(sleep: sleep) },
            search: { query, movies in MovieCatalog.search(query, in: movies) },
            simulateOutage: { server.dropNextRequest() }
        )
    }
}

extension Movies {
    /// The feature in the app: runs on `state.movies` for `.movies` actions (the others pass by),
    /// its effects send `.movies` actions and are scoped to the feature, and its environment is
    /// derived from the app's: the app's ``MovieServer`` becomes the closures the feature knows.
    static let inApp: Behavior<AppAction, AppState, AppEnvironment> = behavior.lift(
        state: \AppState.movies,
        action: \.movies,
        environment: { app in Environment(server: app.movieServer) }
    )
}

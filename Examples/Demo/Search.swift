import Redux

/// The search feature: a field whose queries are debounced, a request that a newer one cancels,
/// a "still loading…" timer that runs while a request is in flight, and a resolver that turns
/// a failed request into `searchFailed`, which `retry` follows up.
///
/// The feature is an effect reducer on its own types (``feature``); ``reducer`` embeds it in the
/// app's state and actions by hand, mapping its effects to ``AppAction``. Both ask the demo's
/// ``SearchService`` for results; ``makeFeature(client:)`` and ``makeReducer(client:)`` build
/// the same feature on another ``Client`` (a test's scripted back end, for instance).
enum Search {
    /// How the feature asks for results: one `@Sendable` function, given the query, the attempt
    /// (1 for the debounced request, one more for each retry) and a `sleep` on the store's clock
    /// for its latency. It returns the results or throws; a request cancelled in flight should
    /// throw `CancellationError` (the feature cancels it when a newer one starts).
    struct Client: Sendable {
        var search: @Sendable (
            _ query: String, _ attempt: Int, _ sleep: @Sendable (Duration) async throws -> Void
        ) async throws -> [String]

        /// The demo's stand-in back end, ``SearchService``.
        static let demo = Client(search: { query, attempt, sleep in
            try await SearchService.search(query, attempt: attempt, sleep: sleep)
        })
    }

    /// The feature's timings, on the store's clock (virtual time in the demo).
    enum Timing {
        /// How long the query must stay unchanged before it is searched.
        static let debounce = Duration.milliseconds(300)
        /// How often the loading timer ticks while a request is in flight.
        static let loadingTick = Duration.milliseconds(250)
    }

    /// The feature's cancellation ids (scoped to the store).
    enum ID: Hashable, Sendable {
        case debounce, request, loadingTimer
    }

    /// The feature on the demo's service: mutates ``SearchState`` and returns the effects to start.
    static let feature = makeFeature(client: .demo)

    /// The feature, asking `client` for results.
    static func makeFeature(client: Client) -> Reducer<SearchState, SearchAction> {
        Reducer<SearchState, SearchAction>(id: "search", effects: { state, action in
            reduce(&state, action, client: client)
        })
    }

    private static func reduce(_ state: inout SearchState, _ action: SearchAction, client: Client) -> Effect<SearchAction> {
        switch action {
        case let .queryChanged(query):
            state.query = query
            guard !query.isEmpty else {
                state.results = []
                state.isLoading = false
                state.loadingTicks = 0
                state.error = nil
                return .merge(.cancel(id: ID.debounce), .cancel(id: ID.request), .cancel(id: ID.loadingTimer))
            }
            // Each change restarts the wait: only the last query of a burst is searched.
            return Effect.send(.searchRequested(query: query)).debounce(id: ID.debounce, for: Timing.debounce)

        case let .searchRequested(query):
            state.attempt = 1
            return request(query, in: &state, client: client)

        case .retry:
            guard !state.query.isEmpty else { return .none }
            state.attempt += 1
            return request(state.query, in: &state, client: client)

        case .loadingTick:
            if state.isLoading { state.loadingTicks += 1 }
            return .none

        case let .resultsLoaded(_, results):
            state.results = results
            state.isLoading = false
            state.loadingTicks = 0
            state.error = nil
            return .cancel(id: ID.loadingTimer)

        case let .searchFailed(_, reason):
            state.results = []
            state.isLoading = false
            state.loadingTicks = 0
            state.error = reason
            return .cancel(id: ID.loadingTimer)
        }
    }

    /// Starts a request for `query` and the loading timer. Both are `cancelInFlight`: a newer
    /// request replaces the one in flight (which then never answers) and restarts the timer.
    private static func request(_ query: String, in state: inout SearchState, client: Client) -> Effect<SearchAction> {
        state.isLoading = true
        state.loadingTicks = 0
        state.error = nil
        let attempt = state.attempt
        return .merge(
            .run { send in
                let results = try await client.search(query, attempt) { try await send.sleep(for: $0) }
                send(.resultsLoaded(query: query, results: results))
            }
            .cancellable(id: ID.request, cancelInFlight: true),
            .timer(every: Timing.loadingTick, send: .loadingTick)
                .cancellable(id: ID.loadingTimer, cancelInFlight: true)
        )
    }

    /// The feature in the app: runs ``feature`` on `state.search` for `.search` actions (and says
    /// `.defaultNext` for the others, so it does not count as handling the counter's), and maps
    /// its effects to app actions. Errors its effects throw are attributed to this reducer.
    static let reducer = makeReducer(feature: feature)

    /// ``reducer`` on another back end: the feature built with `client`, embedded in the app.
    static func makeReducer(client: Client) -> Reducer<AppState, AppAction> {
        makeReducer(feature: makeFeature(client: client))
    }

    private static func makeReducer(feature: Reducer<SearchState, SearchAction>) -> Reducer<AppState, AppAction> {
        Reducer<AppState, AppAction>(id: "search", reduction: { state, action in
            guard case let .search(action) = action else { return Reduction(.defaultNext) }
            let reduction = feature.reduce(&state.search, action)
            return Reduction(reduction.exit, reduction.effect.map(AppAction.search))
        })
    }

    /// A failed request is not a crash: the service's error, thrown by the request effect,
    /// becomes a `searchFailed` action (enqueued as a new dispatch, after the producing action's
    /// terminal), so the reason shows in the state and a `retry` can follow.
    static let resolver = Resolver<AppState, AppAction>(id: "search") { context in
        guard let failure = context.error as? SearchService.Failure, case .reducer = context.origin else {
            return .defaultNext
        }
        return .exit(.reduceAs(.search(.searchFailed(query: failure.query, reason: failure.description))))
    }
}

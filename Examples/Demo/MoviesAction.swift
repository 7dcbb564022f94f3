/// What the movies feature can be asked to do: the screen appears, the user pulls to refresh,
/// retries, types in the search field; the feature's own effects send the rest (the load's
/// result, the search's result). `simulateOutage` is the demo's switch for the failure path.
///
/// Encoded like ``AppAction``, as one flat object whose `type` starts with `movies.`:
/// `{"type":"movies.onAppear"}`, `{"type":"movies.queryChanged","query":"star"}`.
enum MoviesAction: Sendable, Equatable {
    /// The screen appeared: load the list, unless it is loaded or a load is in flight.
    case onAppear
    /// Load the list again (pull to refresh), keeping the current one shown meanwhile; a load
    /// in flight is replaced.
    case refresh
    /// After a failed load, load again; does nothing if the last load did not fail.
    case retry
    /// The load finished: the list, or why there is none (sent by the load effect).
    case loaded(Result<[Movie], MoviesError>)
    /// The search field now reads `query`. The search runs once the field has stayed unchanged
    /// for the debounce interval (``Movies/Timing/debounce``): of a burst of keystrokes, only
    /// the last query is searched.
    case queryChanged(query: String)
    /// The search for `query` matched the movies with these ids (sent by the search effect).
    case searchFinished(query: String, matches: [Movie.ID])
    /// The demo's outage switch: the movie server drops the next request, which fails after its
    /// usual latency; a `retry` after it succeeds.
    case simulateOutage
}

extension MoviesAction {
    /// The `type` field of an encoded movies action; `loaded` has two, for its two results.
    enum Kind: String, ActionKind, Sendable {
        case onAppear = "movies.onAppear"
        case refresh = "movies.refresh"
        case retry = "movies.retry"
        case loaded = "movies.loaded"
        case loadFailed = "movies.loadFailed"
        case queryChanged = "movies.queryChanged"
        case searchFinished = "movies.searchFinished"
        case simulateOutage = "movies.simulateOutage"

        var fields: [String] {
            switch self {
            case .onAppear, .refresh, .retry, .simulateOutage: []
            case .loaded: ["movies"]
            case .loadFailed: ["reason"]
            case .queryChanged: ["query"]
            case .searchFinished: ["query", "matches"]
            }
        }
    }

    var kind: Kind {
        switch self {
        case .onAppear: .onAppear
        case .refresh: .refresh
        case .retry: .retry
        case .loaded(.success): .loaded
        case .loaded(.failure): .loadFailed
        case .queryChanged: .queryChanged
        case .searchFinished: .searchFinished
        case .simulateOutage: .simulateOutage
        }
    }
}

extension MoviesAction: Codable {
    private typealias Field = ActionField

    /// Decodes strictly, as ``AppAction`` does: a known `type` and exactly its fields.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        let kind = try container.decodeKind(Kind.self)
        func string(_ field: String) throws -> String {
            try container.decode(String.self, forKey: Field(field))
        }
        switch kind {
        case .onAppear: self = .onAppear
        case .refresh: self = .refresh
        case .retry: self = .retry
        case .simulateOutage: self = .simulateOutage
        case .loaded: self = .loaded(.success(try container.decode([Movie].self, forKey: Field("movies"))))
        case .loadFailed: self = .loaded(.failure(MoviesError(reason: try string("reason"))))
        case .queryChanged: self = .queryChanged(query: try string("query"))
        case .searchFinished:
            self = .searchFinished(query: try string("query"), matches: try container.decode([Movie.ID].self, forKey: Field("matches")))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(kind.rawValue, forKey: Field("type"))
        switch self {
        case .onAppear, .refresh, .retry, .simulateOutage:
            break
        case let .loaded(.success(movies)):
            try container.encode(movies, forKey: Field("movies"))
        case let .loaded(.failure(error)):
            try container.encode(error.reason, forKey: Field("reason"))
        case let .queryChanged(query):
            try container.encode(query, forKey: Field("query"))
        case let .searchFinished(query, matches):
            try container.encode(query, forKey: Field("query"))
            try container.encode(matches, forKey: Field("matches"))
        }
    }
}

extension MoviesAction: CustomStringConvertible {
    /// A short form for the transcript, named like the `type` field: `movies.loaded(16 movies)`,
    /// `movies.searchFinished(query: "star", 2 matches)`.
    var description: String {
        switch self {
        case .onAppear, .refresh, .retry, .simulateOutage: return kind.rawValue
        case let .loaded(.success(movies)): return "movies.loaded(\(movies.count) \(movies.count == 1 ? "movie" : "movies"))"
        case let .loaded(.failure(error)): return "movies.loadFailed(reason: \(String(reflecting: error.reason)))"
        case let .queryChanged(query): return "movies.queryChanged(query: \(String(reflecting: query)))"
        case let .searchFinished(query, matches):
            return "movies.searchFinished(query: \(String(reflecting: query)), \(matches.count) \(matches.count == 1 ? "match" : "matches"))"
        }
    }
}

/// What the search feature can be asked to do: the user types and retries; the feature's own
/// effects send the rest (the debounced request, the loading timer's ticks, the response).
///
/// Encoded like ``AppAction``, as one flat object with a `type` field:
/// `{"type":"queryChanged","query":"swift"}`, `{"type":"retry"}`.
enum SearchAction: Sendable, Equatable {
    /// The search field now reads `query`. Starts (or restarts) the debounce; an empty query
    /// cancels everything and clears the results.
    case queryChanged(query: String)
    /// The query stayed unchanged for the debounce interval: ask the service (sent by the
    /// debounced effect; a newer request cancels the one in flight).
    case searchRequested(query: String)
    /// Ask the service again, at once, for the current query (after a failure, typically).
    case retry
    /// A tick of the "still loading…" timer, which runs while a request is in flight.
    case loadingTick
    /// The service answered `query` with `results`.
    case resultsLoaded(query: String, results: [String])
    /// The request for `query` failed (what the search resolver turns the service's error into).
    case searchFailed(query: String, reason: String)
}

extension SearchAction {
    /// The `type` field of an encoded search action: one per case.
    enum Kind: String, ActionKind, Sendable {
        case queryChanged, searchRequested, retry, loadingTick, resultsLoaded, searchFailed

        var fields: [String] {
            switch self {
            case .queryChanged, .searchRequested: ["query"]
            case .retry, .loadingTick: []
            case .resultsLoaded: ["query", "results"]
            case .searchFailed: ["query", "reason"]
            }
        }
    }

    var kind: Kind {
        switch self {
        case .queryChanged: .queryChanged
        case .searchRequested: .searchRequested
        case .retry: .retry
        case .loadingTick: .loadingTick
        case .resultsLoaded: .resultsLoaded
        case .searchFailed: .searchFailed
        }
    }
}

extension SearchAction: Codable {
    private typealias Field = ActionField

    /// Decodes strictly, as ``AppAction`` does: a known `type` and exactly its fields.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        let kind = try container.decodeKind(Kind.self)
        func string(_ field: String) throws -> String {
            try container.decode(String.self, forKey: Field(field))
        }
        switch kind {
        case .queryChanged: self = .queryChanged(query: try string("query"))
        case .searchRequested: self = .searchRequested(query: try string("query"))
        case .retry: self = .retry
        case .loadingTick: self = .loadingTick
        case .resultsLoaded:
            self = .resultsLoaded(query: try string("query"), results: try container.decode([String].self, forKey: Field("results")))
        case .searchFailed: self = .searchFailed(query: try string("query"), reason: try string("reason"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(kind.rawValue, forKey: Field("type"))
        switch self {
        case .retry, .loadingTick:
            break
        case let .queryChanged(query), let .searchRequested(query):
            try container.encode(query, forKey: Field("query"))
        case let .resultsLoaded(query, results):
            try container.encode(query, forKey: Field("query"))
            try container.encode(results, forKey: Field("results"))
        case let .searchFailed(query, reason):
            try container.encode(query, forKey: Field("query"))
            try container.encode(reason, forKey: Field("reason"))
        }
    }
}

extension SearchAction: CustomStringConvertible {
    /// A short form for the transcript: `queryChanged(query: "swift")`, `resultsLoaded(query:
    /// "swift", 3 results)`.
    var description: String {
        switch self {
        case let .queryChanged(query): "queryChanged(query: \(String(reflecting: query)))"
        case let .searchRequested(query): "searchRequested(query: \(String(reflecting: query)))"
        case .retry: "retry"
        case .loadingTick: "loadingTick"
        case let .resultsLoaded(query, results):
            "resultsLoaded(query: \(String(reflecting: query)), \(results.count) \(results.count == 1 ? "result" : "results"))"
        case let .searchFailed(query, reason):
            "searchFailed(query: \(String(reflecting: query)), reason: \(String(reflecting: reason)))"
        }
    }
}

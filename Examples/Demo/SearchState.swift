/// The search feature's state: the field, the request in flight, the results.
struct SearchState: Sendable, Equatable, Codable {
    /// What the search field reads.
    var query = ""
    /// The results of the last request that succeeded (cleared when the field is emptied).
    var results: [String] = []
    /// Whether a request is in flight (from `searchRequested` or `retry` until its response or
    /// failure arrives).
    var isLoading = false
    /// Ticks of the loading timer since the request in flight started; from the first one on,
    /// the screen says "still loading…".
    var loadingTicks = 0
    /// Why the last request failed; cleared by the next request.
    var error: String?
    /// How many times the current query has been asked for: 1 for the debounced request, one
    /// more for each retry.
    var attempt = 0
}

extension SearchState {
    private enum CodingKeys: String, CodingKey {
        case query, results, isLoading, loadingTicks, error, attempt
    }

    /// Encodes every field, writing `null` for an absent one, as ``AppState`` does.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(results, forKey: .results)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(loadingTicks, forKey: .loadingTicks)
        try container.encode(error, forKey: .error)
        try container.encode(attempt, forKey: .attempt)
    }

    /// What the loading indicator shows: nothing when idle, "loading" until the timer's first
    /// tick, then "still loading…".
    var indicator: String? {
        guard isLoading else { return nil }
        return loadingTicks == 0 ? "loading" : "still loading… (tick \(loadingTicks))"
    }

    /// One line for the replay's transcript, e.g.
    /// `query="swift" results=[swift-nio] loading=- error=- attempt=1`.
    var compactDescription: String {
        "query=\(String(reflecting: query)) results=[\(results.joined(separator: ", "))] loading=\(indicator ?? "-") error=\(error.map { String(reflecting: $0) } ?? "-") attempt=\(attempt)"
    }
}

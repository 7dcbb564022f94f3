/// The movies feature's state: the list loaded from the back end, the load in flight or its
/// failure, and the search field with the ids of the movies it matches.
struct MoviesState: Sendable, Equatable, Codable {
    /// The list the last successful load returned (kept while a later load runs or fails).
    var movies: [Movie] = []
    /// Whether a load is in flight (from `onAppear`, `refresh` or `retry` until `loaded`).
    var isLoading = false
    /// Why the last load failed; cleared when the next one starts.
    var error: String?
    /// How many loads have started.
    var loads = 0
    /// What the search field reads.
    var query = ""
    /// The ids of the movies the last search matched, in list order: what the screen lists.
    var matches: [Movie.ID] = []
}

extension MoviesState {
    private enum CodingKeys: String, CodingKey {
        case movies, isLoading, error, loads, query, matches
    }

    /// Encodes every field, writing `null` for an absent one, as ``AppState`` does.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(movies, forKey: .movies)
        try container.encode(isLoading, forKey: .isLoading)
        try container.encode(error, forKey: .error)
        try container.encode(loads, forKey: .loads)
        try container.encode(query, forKey: .query)
        try container.encode(matches, forKey: .matches)
    }

    /// The titles of ``matches``, in order (an id no longer in the list is skipped).
    var matchedTitles: [String] {
        let titles = Dictionary(movies.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        return matches.compactMap { titles[$0] }
    }

    /// One line for the replay's transcript, e.g.
    /// `movies=16 loading=- error=- loads=1 query="star" matches=2 [Star Wars, A Star Is Born]`
    /// (at most four titles, then `…`).
    var compactDescription: String {
        let titles = matchedTitles
        let shown = titles.prefix(4).joined(separator: ", ") + (titles.count > 4 ? ", …" : "")
        return "movies=\(movies.count) loading=\(isLoading ? "yes" : "-") error=\(error.map { String(reflecting: $0) } ?? "-") loads=\(loads) query=\(String(reflecting: query)) matches=\(matches.count) [\(shown)]"
    }
}

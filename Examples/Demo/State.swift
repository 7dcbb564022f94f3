import Redux

/// The demo app's whole state: a counter, a signed-in user, the search feature, the downloads
/// list, the movies feature and the settings. The profile feature module has no field of its
/// own: its state is assembled from `displayName`, `isLoggedIn` and `settings` (Profile.swift).
///
/// A plain value type, so the store can mutate it in place and the replay can print it as JSON.
struct AppState: Sendable, Equatable, Codable {
    /// The counter shown on screen. Never goes below zero (the `bounds` middleware refuses it).
    var counter = 0
    /// Whether someone is signed in.
    var isLoggedIn = false
    /// The signed-in user's login name.
    var user: String?
    /// The name to greet the user with, loaded by a `.task` after sign-in.
    var displayName: String?
    /// Why the last sign-in attempt failed; cleared by a successful one.
    var lastError: String?
    /// The search feature's state (written only by the `search` reducer).
    var search = SearchState()
    /// The download rows, in list order (written by the `downloads` reducer, which adds, removes
    /// and moves rows, and by the lifted `download` reducer, each row's own).
    var downloads = IdentifiedArray<Download>()
    /// The movies feature's state (written only by its lifted behavior, Movies.swift).
    var movies = MoviesState()
    /// The app's settings (the profile feature's switch lives here).
    var settings = AppSettings()
}

extension AppState {
    private enum CodingKeys: String, CodingKey {
        case counter, isLoggedIn, user, displayName, lastError, search, downloads, movies, settings
    }

    /// Encodes every field, writing `null` for an absent one, so the printed state always shows
    /// the same keys.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counter, forKey: .counter)
        try container.encode(isLoggedIn, forKey: .isLoggedIn)
        try container.encode(user, forKey: .user)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(search, forKey: .search)
        try container.encode(downloads, forKey: .downloads)
        try container.encode(movies, forKey: .movies)
        try container.encode(settings, forKey: .settings)
    }
}

extension AppState {
    /// One line for the replay's transcript showing the state of `features`, e.g.
    /// `counter=2 loggedIn=true user="ada" name="Ada L." error=-` for the counter and login, or
    /// `query="swift" results=[swift-nio] loading=- error=- attempt=1` for the search, or
    /// `downloads=[3 c.zip 25%, 1 a.zip 50%]` for the downloads (id, file, progress, in list
    /// order), or `movies=16 loading=- error=- loads=1 query="star" matches=2 [Star Wars, A Star
    /// Is Born]` for the movies, or `profile="Grace" notifications=off` for the profile
    /// feature; joined by ` | `.
    func compactDescription(showing features: Set<Feature>) -> String {
        func text(_ value: String?) -> String { value.map { String(reflecting: $0) } ?? "-" }
        return Feature.allCases.filter(features.contains).map { feature in
            switch feature {
            case .counterLogin:
                "counter=\(counter) loggedIn=\(isLoggedIn) user=\(text(user)) name=\(text(displayName)) error=\(text(lastError))"
            case .search:
                search.compactDescription
            case .downloads:
                "downloads=[\(downloads.map { "\($0.id) \($0.file) \($0.progress)%" }.joined(separator: ", "))]"
            case .movies:
                movies.compactDescription
            case .profile:
                profileDescription
            }
        }.joined(separator: " | ")
    }
}

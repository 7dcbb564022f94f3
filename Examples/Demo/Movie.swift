import Foundation

/// One film of the movies feature's catalog, as the shipped data file writes it
/// (Examples/Data/movies.json): `{ "id": 5, "title": "Star Wars", "year": 1977, "genre": "science fiction" }`.
struct Movie: Sendable, Equatable, Codable, Identifiable {
    let id: Int
    let title: String
    let year: Int
    let genre: String
}

/// Why the movie list could not be loaded. The environment returns it in a `Result` (it is not
/// thrown), the feature keeps its ``reason`` in the state until the next load.
struct MoviesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the screen: the server's outage, or the catalog file that could not
    /// be read or decoded.
    let reason: String

    var description: String { reason }
}

/// The catalog shipped with the example, and the search over it.
enum MovieCatalog {
    /// Where the data file lives, relative to the repository root.
    static let relativePath = "Examples/Data/movies.json"

    /// The data file: found next to the demo's sources (so `swift run redux-demo` finds it from
    /// any directory of a checkout, in CI too), else relative to the current directory.
    static func defaultPath(sourceFile: String = #filePath) -> String {
        let examples = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
        let besideSource = examples.appendingPathComponent("Data/movies.json").path
        return FileManager.default.fileExists(atPath: besideSource) ? besideSource : relativePath
    }

    /// Reads and decodes the catalog at `path` (synchronous file I/O, a few hundred bytes).
    /// A missing, unreadable or malformed file is a ``MoviesError`` naming the file.
    static func load(path: String) -> Result<[Movie], MoviesError> {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return .failure(MoviesError(reason: "cannot read the catalog \(name): no such file or not readable"))
        }
        do {
            return .success(try JSONDecoder().decode([Movie].self, from: data))
        } catch {
            return .failure(MoviesError(reason: "the catalog \(name) is not a list of movies"))
        }
    }

    /// The ids of the movies whose title contains `query`, ignoring case and accents ("amelie"
    /// finds "Amélie"), in catalog order; every movie for a query that is empty or only spaces.
    static func search(_ query: String, in movies: [Movie]) -> [Movie.ID] {
        let needle = query.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return movies.map(\.id) }
        return movies.filter { $0.title.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }.map(\.id)
    }
}

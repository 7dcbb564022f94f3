import Foundation

/// The demo's stand-in for a remote movie back end: it answers with the shipped catalog file
/// after a fixed latency, and can be told to drop requests, so a session can show the failure
/// path and a retry deterministically.
///
/// It knows no clock: the movies feature's effect hands it a `sleep` on the store's clock, so
/// under the demo's `TestClock` a request stays in flight until clock lines move time past
/// ``latency``.
///
/// A reference type, because an outage is the server's condition, not the app's state: the
/// `movies.simulateOutage` action reaches it through the feature's environment.
/// `@unchecked Sendable`: its counters are read and written only under `lock`.
final class MovieServer: @unchecked Sendable {
    /// How long a request takes, answered or dropped.
    static let latency = Duration.milliseconds(500)

    /// The catalog file the server answers with.
    let catalogPath: String

    private let lock = NSLock()
    private var requests = 0
    private var requestsToDrop = 0

    init(catalogPath: String = MovieCatalog.defaultPath()) {
        self.catalogPath = catalogPath
    }

    /// The next request that *starts* fails (one request per call), after the usual latency.
    func dropNextRequest() {
        lock.withLock { requestsToDrop += 1 }
    }

    /// How many requests have started.
    var requestCount: Int { lock.withLock { requests } }

    /// Answers a request for the movie list: after ``latency`` on `sleep`, the catalog (or why it
    /// cannot be read), or a failure if the request was to be dropped.
    ///
    /// - Throws: only `CancellationError`, from `sleep`, when the request is cancelled while it
    ///   waits (a newer load replaced it, or the store went away).
    func movies(sleep: @Sendable (Duration) async throws -> Void) async throws -> Result<[Movie], MoviesError> {
        let (number, dropped) = lock.withLock {
            requests += 1
            let dropped = requestsToDrop > 0
            if dropped { requestsToDrop -= 1 }
            return (requests, dropped)
        }
        try await sleep(Self.latency)
        if dropped {
            return .failure(MoviesError(reason: "the movie server did not answer request \(number) (simulated outage)"))
        }
        return MovieCatalog.load(path: catalogPath)
    }
}

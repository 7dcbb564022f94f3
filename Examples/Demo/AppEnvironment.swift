/// The demo app's dependencies, given once, when the store is made (main.swift).
///
/// Only the movies feature reads it, as its ``Behavior``'s environment: ``Movies/inApp`` maps
/// it to ``Movies/Environment``. The older features call their stand-in services directly.
struct AppEnvironment: Sendable {
    /// The movie back end (the shipped catalog file, a latency, an outage switch).
    var movieServer: MovieServer

    /// The demo's environment: a server answering with the shipped catalog.
    static func demo() -> AppEnvironment {
        AppEnvironment(movieServer: MovieServer())
    }
}

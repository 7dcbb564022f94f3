import Foundation

/// A stand-in for a remote search back end: a fixed catalog, a fixed latency, and one
/// deterministic failure, so a replay is the same on every run.
///
/// It knows no clock: the effect hands it a `sleep` that sleeps on the store's clock, so under
/// the demo's `TestClock` a request stays "in flight" until session lines move time past its
/// latency.
enum SearchService {
    /// How long the service takes to answer (or to fail).
    static let latency = Duration.milliseconds(800)

    /// Package names to search in.
    private static let catalog = [
        "redux", "reswift", "rxswift", "swift-algorithms", "swift-argument-parser",
        "swift-async-algorithms", "swift-clocks", "swift-collections", "swift-composable-architecture",
        "swift-nio", "swift-redux", "swift-syntax", "swiftrex", "swiftui-redux",
    ]

    /// At most this many results per answer.
    static let maxResults = 5

    /// Queries whose index is cold: their first attempt times out, any later attempt answers.
    /// The demo's stand-in for a flaky network, chosen so that a retry is worth showing.
    static let coldQueries: Set = ["redux"]

    /// Why a request failed.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let query: String
        let attempt: Int
        var description: String { "the search for \(String(reflecting: query)) timed out (attempt \(attempt))" }
    }

    /// Answers `query`: the catalog entries that contain it (case-insensitively), in catalog
    /// order, at most ``maxResults``. Takes ``latency`` on `sleep`; the first attempt at a
    /// ``coldQueries`` query then throws ``Failure``.
    ///
    /// A request cancelled while it waits is written to ``journal`` (so the transcript can say
    /// so) and throws `CancellationError`.
    static func search(
        _ query: String,
        attempt: Int,
        sleep: @Sendable (Duration) async throws -> Void
    ) async throws -> [String] {
        try await withTaskCancellationHandler {
            try await sleep(latency)
        } onCancel: {
            journal.record("request for \(String(reflecting: query)) (attempt \(attempt)) cancelled in flight")
        }
        if attempt == 1, coldQueries.contains(query) { throw Failure(query: query, attempt: attempt) }
        let needle = query.lowercased()
        return Array(catalog.filter { $0.contains(needle) }.prefix(maxResults))
    }

    /// What the service noticed that no action shows: requests cancelled in flight.
    static let journal = Journal()

    /// A thread-safe list of notes, drained by the replay's transcript.
    ///
    /// Entries are written from a task-cancellation handler, which runs synchronously inside
    /// the `cancel()` call: here, inside the store's main-actor pass that started the newer
    /// request. So an entry is in the journal before the pass's next log event, and the
    /// transcript, which drains the journal at each log event, places it deterministically.
    /// `@unchecked Sendable`: `notes` is read and written only under `lock`.
    final class Journal: @unchecked Sendable {
        private let lock = NSLock()
        private var notes: [String] = []

        func record(_ note: String) {
            lock.withLock { notes.append(note) }
        }

        /// The notes written since the last call, oldest first.
        func drain() -> [String] {
            lock.withLock {
                defer { notes.removeAll() }
                return notes
            }
        }
    }
}

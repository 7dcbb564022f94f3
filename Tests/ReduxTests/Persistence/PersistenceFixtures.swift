import Foundation
@testable import Redux
import ReduxTesting

/// A small notes app: `.add` appends, `.bump` counts, `.skip` is consumed by a middleware
/// (`.exit(.done)`), `.fail` fails (a middleware throws, no resolver).
struct Pantry: Codable, Sendable, Equatable {
    var items: [String] = []
    var count = 0
    /// Not saved by the projection tests (a cache rebuilt from `items`).
    var ratio = 0.0
}

enum PantryAction: Sendable, Equatable {
    case add(String)
    case bump
    case skip
    case fail
    case ratio(Double)
}

struct PantryFailure: Error, CustomStringConvertible {
    var description: String { "note failure" }
}

typealias PantryStore = Store<Pantry, PantryAction>

func reducePantry(_ state: inout Pantry, _ action: PantryAction) {
    switch action {
    case .add(let text): state.items.append(text)
    case .bump: state.count += 1
    case .ratio(let value): state.ratio = value
    case .skip, .fail: break
    }
}

let pantryGate = Middleware<Pantry, PantryAction>(id: "gate") { context in
    switch context.action {
    case .skip: return .exit(.done)
    case .fail: throw PantryFailure()
    default: return .next
    }
}

/// The events a persistence reported, in order (any thread).
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [PersistenceEvent] = []

    var handler: @Sendable (PersistenceEvent) -> Void { { [self] event in lock.withLock { stored.append(event) } } }
    var events: [PersistenceEvent] { lock.withLock { stored } }
    var saves: Int { events.filter { if case .saved = $0 { true } else { false } }.count }
}

/// The file's content, decoded: `{"state": …, "version": N}`.
struct SavedFile<Snapshot: Decodable>: Decodable {
    let state: Snapshot
    let version: Int
}

func readSaved<Snapshot: Decodable>(_ url: URL, as type: Snapshot.Type = Pantry.self) throws -> SavedFile<Snapshot> {
    try CanonicalJSONDecoder().decode(SavedFile<Snapshot>.self, from: fileContents(url))
}

func fileBytes(_ url: URL) -> Data? {
    try? fileContents(url)
}

/// Writes `state` as a saved file of `version`, as a previous run would have.
func writeSaved<Snapshot: Codable & Sendable>(_ state: Snapshot, version: Int, to url: URL) throws {
    try CanonicalJSONEncoder().encode(PersistedEnvelope(state: state, version: version)).write(to: url)
}

@MainActor
func makePantryStore(
    _ persistence: Persistence<Pantry>,
    clock: TestClock,
    middlewares: [Middleware<Pantry, PantryAction>] = [pantryGate],
    lines: SharedList<String>? = nil
) throws(PersistenceError) -> PantryStore {
    var options = StoreOptions(clock: clock)
    if let lines {
        options.diagnosticSink = DiagnosticSink { lines.append($0) }
    } else {
        options.printsDiagnostics = false
    }
    return try PantryStore(
        initialState: Pantry(),
        reducers: [Reducer(id: "notes", handlingAll: reducePantry)],
        middlewares: middlewares,
        options: options,
        persistence: persistence
    )
}

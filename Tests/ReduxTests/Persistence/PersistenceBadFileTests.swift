import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// A corrupt file (0 bytes, truncated, not JSON, wrong shape) is reported as `.corrupt` naming
/// the file, kept aside, and the store starts from its initial state.
@Suite("Persistence: bad files", .timeLimit(.minutes(2)))
@MainActor
struct PersistenceBadFileTests {
    enum Damage: String, CaseIterable, Sendable {
        case zeroBytes, truncated, notJSON, wrongShape

        var bytes: Data {
            switch self {
            case .zeroBytes: Data()
            case .truncated: Data(#"{"state":{"count":1,"items":["mi"#.utf8)
            case .notJSON: Data("milk, tea\n".utf8)
            case .wrongShape: Data(#"{"state":{"count":"one","items":[]},"version":1}"#.utf8)
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func aCorruptFileIsKeptAsideAndTheStoreStartsFresh(_ damage: Damage) throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try damage.bytes.write(to: url)
        let events = EventLog()
        let persistence = Persistence<Pantry>(file: url, onEvent: events.handler)
        let store = try makePantryStore(persistence, clock: TestClock())
        guard case .recovered(.corrupt(let file, _), let keptAside?) = persistence.status else {
            Issue.record("\(damage): expected .recovered(.corrupt), got \(persistence.status)")
            return
        }
        #expect(file == url, "the error names the file")
        #expect(keptAside.deletingLastPathComponent().path == url.deletingLastPathComponent().path)
        #expect(keptAside.lastPathComponent.hasPrefix("notes.json.corrupt-"))
        #expect(fileBytes(keptAside) == damage.bytes)
        #expect(fileBytes(url) == nil)
        #expect(store.state == Pantry())
        #expect(events.events == [.restored(persistence.status)])
        store.invalidate()
    }

    @Test func aCorruptFileNotJSONIsNamedNotJSON() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try Damage.notJSON.bytes.write(to: url)
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: TestClock())
        guard case .recovered(.corrupt(_, .notJSON), _) = persistence.status else {
            Issue.record("expected .corrupt(.notJSON), got \(persistence.status)")
            return
        }
        store.invalidate()
    }

    @Test func aBadFileWithoutOnEventWritesOneDiagnosticLine() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try Damage.truncated.bytes.write(to: url)
        let lines = SharedList<String>()
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: TestClock(), lines: lines)
        #expect(lines.values.count == 1)
        #expect(lines.values.first?.hasPrefix("swift-redux: persistence: corrupt file \(url.path)") == true)
        #expect(lines.values.first?.contains("notes.json.corrupt-") == true, "it names where the file was kept")
        store.invalidate()
    }
}

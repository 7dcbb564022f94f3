import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Versions and migrations: a migration runs once and its result is saved at once; a newer,
/// unmigratable or unmigrated file is kept aside and never overwritten.
@Suite("Persistence: versions and migrations", .timeLimit(.minutes(2)))
@MainActor
struct PersistenceMigrationTests {
    /// Version 1 of the notes: one line of text.
    struct PantryV1: Codable {
        var text: String
    }

    struct MigrationRefused: Error, CustomStringConvertible {
        var description: String { "cannot read v1 notes" }
    }

    func asideFiles(_ scratch: ScratchDirectory) throws -> [String] {
        try scratch.names().filter { $0.hasPrefix("notes.json.corrupt-") }
    }

    @Test func aMigrationRunsOnceAndItsResultIsSavedAtOnce() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(PantryV1(text: "milk"), version: 1, to: url)
        let runs = SharedValue(0)
        let migrate: @Sendable (PersistedState) throws -> Pantry = { saved in
            runs.value += 1  // the migration runs on the main actor, once: no race
            #expect(saved.version == 1)
            #expect(saved.file == url)
            return Pantry(items: [try saved.decode(PantryV1.self).text])
        }
        do {
            let persistence = Persistence<Pantry>(file: url, version: 2, migrate: migrate)
            let store = try makePantryStore(persistence, clock: TestClock())
            #expect(persistence.status == .migrated(from: 1, to: 2))
            #expect(store.items == ["milk"])
            let saved = try readSaved(url)
            #expect(saved.version == 2, "saved at once, before any action")
            #expect(saved.state.items == ["milk"])
            store.invalidate()
        }
        let persistence = Persistence<Pantry>(file: url, version: 2, migrate: migrate)
        let store = try makePantryStore(persistence, clock: TestClock())
        #expect(persistence.status == .restored(version: 2))
        #expect(store.items == ["milk"])
        #expect(runs.value == 1, "the second creation does not migrate")
        store.invalidate()
    }

    @Test func aNewerVersionIsKeptAsideAndNotOverwritten() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(Pantry(items: ["from the future"]), version: 3, to: url)
        let original = try #require(fileBytes(url))
        let clock = TestClock()
        let events = EventLog()
        let persistence = Persistence<Pantry>(file: url, version: 2, onEvent: events.handler)
        let store = try makePantryStore(persistence, clock: clock)
        guard case .recovered(let error, let keptAside?) = persistence.status else {
            Issue.record("expected .recovered, got \(persistence.status)")
            return
        }
        #expect(error == .newerVersion(file: url, found: 3, supported: 2))
        #expect(keptAside.lastPathComponent.hasPrefix("notes.json.corrupt-"))
        #expect(fileBytes(keptAside) == original, "the bad file is kept whole")
        #expect(events.events.first == .restored(persistence.status))
        #expect(store.state == Pantry(), "the initial state")
        store.dispatch(.add("milk"))
        await clock.advance(by: persistence.interval)
        #expect(try readSaved(url).state.items == ["milk"], "a fresh file")
        #expect(fileBytes(keptAside) == original, "never overwritten")
        #expect(try asideFiles(scratch) == [keptAside.lastPathComponent])
        store.invalidate()
    }

    @Test func aFailedMigrationIsKeptAside() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(PantryV1(text: "milk"), version: 1, to: url)
        let original = try #require(fileBytes(url))
        let persistence = Persistence<Pantry>(file: url, version: 2, migrate: { _ in throw MigrationRefused() })
        let store = try makePantryStore(persistence, clock: TestClock())
        guard case .recovered(let error, let keptAside?) = persistence.status else {
            Issue.record("expected .recovered, got \(persistence.status)")
            return
        }
        #expect(error == .migrationFailed(file: url, from: 1, reason: "cannot read v1 notes"))
        #expect(fileBytes(keptAside) == original)
        #expect(fileBytes(url) == nil)
        #expect(store.state == Pantry())
        store.invalidate()
    }

    @Test func aMissingMigrationIsKeptAside() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(PantryV1(text: "milk"), version: 1, to: url)
        let original = try #require(fileBytes(url))
        let persistence = Persistence<Pantry>(file: url, version: 2)
        let store = try makePantryStore(persistence, clock: TestClock())
        guard case .recovered(let error, let keptAside?) = persistence.status else {
            Issue.record("expected .recovered, got \(persistence.status)")
            return
        }
        #expect(error == .missingMigration(file: url, found: 1, supported: 2))
        #expect(fileBytes(keptAside) == original)
        #expect(store.state == Pantry())
        store.invalidate()
    }
}

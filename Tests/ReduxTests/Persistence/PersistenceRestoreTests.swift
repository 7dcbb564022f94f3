import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Restoring at the store's creation: a whole `Codable` state or a projection through its
/// mapping; no file means a fresh start; install hooks run on the restored state.
@Suite("Persistence: restore", .timeLimit(.minutes(2)))
@MainActor
struct PersistenceRestoreTests {
    @Test func aCodableStateIsRestoredAtCreation() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(Pantry(items: ["milk"], count: 2), version: 1, to: url)
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: TestClock())
        #expect(store.state == Pantry(items: ["milk"], count: 2))
        #expect(persistence.status == .restored(version: 1))
        store.invalidate()
    }

    @Test func aProjectionIsRestoredThroughItsMapping() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(["tea", "milk"], version: 1, to: url)
        let persistence = Persistence<Pantry>(
            file: url,
            snapshot: { $0.items },
            restore: { items, state in
                state.items = items
                state.count = items.count  // the mapping derives what is not saved
            }
        )
        let store = try makePantryStore(persistence, clock: TestClock())
        #expect(store.state == Pantry(items: ["tea", "milk"], count: 2))
        store.dispatch(.add("jam"))
        try await persistence.flush()
        #expect(try readSaved(url, as: [String].self).state == ["tea", "milk", "jam"], "the projection is what is saved")
        store.invalidate()
    }

    @Test func withoutAFileTheStoreStartsFresh() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let events = EventLog()
        let persistence = Persistence<Pantry>(file: url, onEvent: events.handler)
        #expect(persistence.status == .notAttached)
        let store = try makePantryStore(persistence, clock: TestClock())
        #expect(store.state == Pantry())
        #expect(persistence.status == .startedFresh)
        #expect(events.events == [.restored(.startedFresh)])
        #expect(fileBytes(url) == nil, "nothing is written before a handled action")
        store.invalidate()
    }

    @Test func installHooksRunOnTheRestoredStateAndWhatTheyDispatchIsSaved() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(Pantry(items: ["milk"], count: 0), version: 1, to: url)
        let seen = SharedList<[String]>()
        let hook = Middleware<Pantry, PantryAction>(id: "hook", install: { context in
            seen.append(context.state.items)
            context.dispatch(.add("from the hook"))
        }) { _ in .next }
        let clock = TestClock()
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: clock, middlewares: [pantryGate, hook])
        #expect(seen.values == [["milk"]], "the hook saw the restored state")
        #expect(store.items == ["milk", "from the hook"])
        await clock.advance(by: persistence.interval)
        #expect(try readSaved(url).state.items == ["milk", "from the hook"], "what the hook dispatched was saved")
        store.invalidate()
    }
}

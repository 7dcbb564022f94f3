import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// When saves happen: after a handled action, `interval` later on the store's clock, coalesced;
/// never for an action no reducer handled; at once for `flush()`; on invalidation and release.
@Suite("Persistence: saving", .timeLimit(.minutes(5)))
@MainActor
struct PersistenceSavingTests {
    @Test func aHandledActionSavesAfterTheIntervalNotBefore() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let persistence = Persistence<Pantry>(file: url, interval: .milliseconds(500))
        let store = try makePantryStore(persistence, clock: clock)
        store.dispatch(.add("milk"))
        await clock.advance(by: .milliseconds(499))
        #expect(fileBytes(url) == nil, "not before the interval")
        #expect(persistence.saveCount == 0)
        await clock.advance(by: .milliseconds(1))
        #expect(try readSaved(url).state.items == ["milk"])
        #expect(persistence.saveCount == 1)
        store.invalidate()
    }

    @Test func aFailedOrConsumedActionSavesNothing() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(Pantry(items: ["milk"]), version: 1, to: url)
        let before = fileBytes(url)
        let clock = TestClock()
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: clock)
        store.dispatch(.skip)  // consumed by a middleware: no reducer ran
        store.dispatch(.fail)  // failed: no resolver
        await clock.advance(by: .seconds(2))
        #expect(persistence.saveCount == 0)
        #expect(fileBytes(url) == before, "the file's bytes are unchanged")
        store.invalidate()
        #expect(fileBytes(url) == before, "and nothing was pending at invalidation")
    }

    @Test func aFloodOfFiveSecondsGivesAtMostElevenSavesAndTheLastIsTheFinalState() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let events = EventLog()
        let persistence = Persistence<Pantry>(file: url, onEvent: events.handler)
        let store = try makePantryStore(persistence, clock: clock)
        for _ in 0..<5_000 {  // 1,000 dispatches per second for 5 s
            store.dispatch(.bump)
            await clock.advance(by: .milliseconds(1))
        }
        await clock.advance(by: persistence.interval)
        #expect(persistence.saveCount <= 11)
        #expect(events.saves == persistence.saveCount, "every save taken was written")
        #expect(try readSaved(url).state == store.state)
        #expect(store.count == 5_000)
        store.invalidate()
    }

    @Test func aFloodNeverStarvesTheSaves() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let persistence = Persistence<Pantry>(file: url, interval: .milliseconds(500))
        let store = try makePantryStore(persistence, clock: clock)
        var lastSaveAt = 0  // ms
        var savesSeen = 0
        for elapsed in 1...5_000 {
            store.dispatch(.bump)
            await clock.advance(by: .milliseconds(1))
            if persistence.saveCount > savesSeen {
                savesSeen = persistence.saveCount
                lastSaveAt = elapsed
            }
            #expect(elapsed - lastSaveAt <= 500, "a save within each interval of the flood (at \(elapsed) ms)")
            if elapsed - lastSaveAt > 500 { break }
        }
        #expect(savesSeen >= 9)
        store.invalidate()
    }

    @Test func flushSavesNow() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url, interval: .seconds(60))
        let store = try makePantryStore(persistence, clock: TestClock())
        store.dispatch(.add("milk"))
        try await persistence.flush()
        #expect(try readSaved(url).state.items == ["milk"], "written before flush returned, no time passed")
        #expect(persistence.saveCount == 1)
        try await persistence.flush()
        #expect(persistence.saveCount == 2, "a flush saves even when nothing is pending")
        store.invalidate()
    }

    @Test func invalidateWritesAPendingSave() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url, interval: .seconds(60))
        let store = try makePantryStore(persistence, clock: TestClock())
        store.dispatch(.add("milk"))
        #expect(fileBytes(url) == nil)
        store.invalidate()
        #expect(try readSaved(url).state.items == ["milk"])
        #expect(!persistence.disk.isLocked, "the lock is released")
    }

    @Test func releaseWritesAPendingSave() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url, interval: .seconds(60))
        weak var released: PantryStore?
        do {
            let store = try makePantryStore(persistence, clock: TestClock())
            released = store
            store.dispatch(.add("milk"))
            store.dispatch(.add("tea"))
            #expect(fileBytes(url) == nil)
        }
        #expect(released == nil, "the store is gone")
        #expect(try readSaved(url).state.items == ["milk", "tea"], "its deinit wrote the final state")
        #expect(!persistence.disk.isLocked, "and released the lock")
    }

    @Test func purgeDeletesTheFile() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let events = EventLog()
        let persistence = Persistence<Pantry>(file: url, onEvent: events.handler)
        let store = try makePantryStore(persistence, clock: clock)
        store.dispatch(.add("milk"))
        try await persistence.flush()
        store.dispatch(.add("tea"))  // pending: dropped by the purge
        try persistence.purge()
        #expect(fileBytes(url) == nil)
        #expect(events.events.last == .purged)
        await clock.advance(by: persistence.interval)
        #expect(fileBytes(url) == nil, "the pending save was dropped")
        store.dispatch(.add("jam"))
        await clock.advance(by: persistence.interval)
        #expect(try readSaved(url).state.items == ["milk", "tea", "jam"], "the next handled action saves again")
        store.invalidate()
    }

    @Test func theFileIsCanonical() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url, version: 3, migrate: { _ in Pantry() })
        let store = try makePantryStore(persistence, clock: TestClock())
        store.dispatch(.add("milk"))
        try await persistence.flush()
        let text = String(decoding: try #require(fileBytes(url)), as: UTF8.self)
        #expect(text == #"{"state":{"count":0,"items":["milk"],"ratio":0},"version":3}"#)
        #expect(fileBytes(url) == (try CanonicalJSONEncoder().encode(SavedEnvelopeProbe(state: store.state, version: 3))))
        store.invalidate()
    }

    @Test func aFailedSaveIsReportedAndTheNextSaveRetries() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let events = EventLog()
        let persistence = Persistence<Pantry>(file: url, onEvent: events.handler)
        let store = try makePantryStore(persistence, clock: clock)
        store.dispatch(.ratio(.nan))  // cannot be encoded
        await clock.advance(by: persistence.interval)
        guard case .encoding(let file, _) = persistence.lastError else {
            Issue.record("expected an encoding error, got \(String(describing: persistence.lastError))")
            return
        }
        #expect(file == url)
        #expect(events.events.contains { if case .saveFailed = $0 { true } else { false } })
        #expect(fileBytes(url) == nil)
        store.dispatch(.ratio(0.5))
        await clock.advance(by: persistence.interval)
        #expect(persistence.lastError == nil)
        #expect(try readSaved(url).state.ratio == 0.5)
        store.invalidate()
    }

    @Test func aFailedSaveWithoutOnEventWritesOneDiagnosticLine() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let lines = SharedList<String>()
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: clock, lines: lines)
        store.dispatch(.ratio(.infinity))
        await clock.advance(by: persistence.interval)
        #expect(lines.values.count == 1)
        #expect(lines.values.first?.contains("swift-redux: persistence: a save failed") == true)
        #expect(lines.values.first?.contains(url.path) == true)
        store.invalidate()
    }
}

struct SavedEnvelopeProbe: Encodable {
    let state: Pantry
    let version: Int
}

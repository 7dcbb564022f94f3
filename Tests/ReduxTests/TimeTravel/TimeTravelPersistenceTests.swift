import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Persistence never saves a travelled state: a jump schedules no save, and a save that falls due
/// while the store travels — or the flush at invalidation — writes the live state.
@Suite("Time travel: persistence", .timeLimit(.minutes(5)))
@MainActor
struct TimeTravelPersistenceTests {
    func recordingPantry(_ url: URL, clock: TestClock) throws -> (PantryStore, Persistence<Pantry>) {
        let persistence = Persistence<Pantry>(file: url, interval: .seconds(1))
        let store = try makePantryStore(persistence, clock: clock)
        try store.startRecording()
        return (store, persistence)
    }

    @Test func aJumpSchedulesNoSave() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let (store, persistence) = try recordingPantry(url, clock: clock)
        store.dispatch(.add("milk"))
        await clock.advance(by: .seconds(1))
        #expect(persistence.saveCount == 1)
        try store.jump(to: 0)
        store.resumeLive()
        await clock.advance(by: .seconds(5))
        #expect(persistence.saveCount == 1, "neither the jump nor the return scheduled a save")
        store.invalidate()
    }

    @Test func aSaveDueWhileTravellingWritesTheLiveState() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let (store, persistence) = try recordingPantry(url, clock: clock)
        store.dispatch(.add("milk"), .add("eggs"))
        try store.jump(to: 0)
        #expect(store.items.isEmpty)
        await clock.advance(by: .seconds(1))
        #expect(persistence.saveCount == 1)
        #expect(try readSaved(url).state.items == ["milk", "eggs"], "the live state, not the one shown")
        store.invalidate()
    }

    @Test func invalidatingWhileTravellingFlushesTheLiveState() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        let (store, _) = try recordingPantry(url, clock: clock)
        store.dispatch(.add("milk"))
        try store.jump(to: 0)
        store.invalidate()
        #expect(try readSaved(url).state.items == ["milk"])
    }

    @Test func releasingWhileTravellingSavesTheLiveState() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let clock = TestClock()
        do {
            let (store, _) = try recordingPantry(url, clock: clock)
            store.dispatch(.add("milk"))
            try store.jump(to: 0)
        }
        #expect(try readSaved(url).state.items == ["milk"])
    }
}

import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// The persistence step hangs off the after-terminal flag, its timer is the store's own (not an
/// effect in flight), and an invalidation from inside the pipeline still saves that action.
@Suite("Persistence: the step", .timeLimit(.minutes(2)))
@MainActor
struct PersistenceStepTests {
    @Test func aStoreWithoutPersistenceSkipsTheAfterTerminalStep() throws {
        let plain = Store<Pantry, PantryAction>(initialState: Pantry()) { state, action in reducePantry(&state, action) }
        #expect(!plain.runsAfterTerminal)
        plain.dispatch(.add("milk"))
        #expect(!plain.runsAfterTerminal, "handled actions leave the flag down")
        let scratch = try ScratchDirectory()
        let persisted = try makePantryStore(Persistence<Pantry>(file: scratch.file("pantry.json")), clock: TestClock())
        #expect(persisted.runsAfterTerminal)
        persisted.invalidate()
    }

    @Test func theSaveTimerIsNotAnEffectInFlightButSleepsOnTheStoreClock() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("pantry.json")
        let clock = TestClock()
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: clock)
        store.dispatch(.add("milk"))
        await clock.advance(by: .zero)
        #expect(store.inFlightTaskIDs.isEmpty, "a test store would not report it as an effect in flight")
        #expect(store.sleepingTaskCount == 1, "it sleeps on the store's clock")
        await clock.advance(by: persistence.interval)
        #expect(store.sleepingTaskCount == 0)
        #expect(try readSaved(url).state.items == ["milk"])
        store.invalidate()
    }

    @Test func anInvalidationFromInsideThePipelineSavesThatActionAndReleasesTheLock() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("pantry.json")
        let target = WeakReference<PantryStore>()
        let closer = Middleware<Pantry, PantryAction>(id: "closer") { context in
            if context.action == .add("last") { target.object?.invalidate() }
            return .next
        }
        let persistence = Persistence<Pantry>(file: url, interval: .seconds(60))
        let store = try makePantryStore(persistence, clock: TestClock(), middlewares: [pantryGate, closer])
        target.object = store
        store.dispatch(.add("milk"))
        store.dispatch(.add("last"))  // invalidates, then its reducer runs
        #expect(try readSaved(url).state.items == ["milk", "last"])
        #expect(!persistence.disk.isLocked)
    }
}

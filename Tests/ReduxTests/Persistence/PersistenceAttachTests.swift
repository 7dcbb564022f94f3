import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// One file, one store: a second persistence on a locked file waits for its timeout and throws
/// `.inUse`; one persistence cannot serve two stores.
@Suite("Persistence: attaching", .timeLimit(.minutes(2)))
@MainActor
struct PersistenceAttachTests {
    @Test func aSecondPersistenceOnTheSameFileThrowsInUseAfterItsTimeout() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let first = try makePantryStore(Persistence<Pantry>(file: url), clock: TestClock())
        let timeout = Duration.milliseconds(200)
        let second = Persistence<Pantry>(file: url, lockTimeout: timeout)
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            _ = try makePantryStore(second, clock: TestClock())
        } throws: { error in
            guard case .inUse(let file, let waited) = error as? PersistenceError else { return false }
            return file == url && waited >= timeout
        }
        #expect(clock.now - start >= timeout, "it waited at least its timeout")
        #expect(second.status == .notAttached)
        first.invalidate()
        let third = try makePantryStore(second, clock: TestClock())  // free again: the same persistence attaches now
        #expect(second.status == .startedFresh)
        third.invalidate()
    }

    @Test func onePersistenceCannotServeTwoStores() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: TestClock())
        #expect(throws: PersistenceError.alreadyAttached(file: url)) {
            _ = try makePantryStore(persistence, clock: TestClock())
        }
        #expect(persistence.status == .startedFresh, "the first store keeps it")
        store.invalidate()
    }
}

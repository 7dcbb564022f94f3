import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// The file's lock lasts exactly as long as the store it serves: released at `invalidate()`
/// (by the end of the main-actor call that invalidated, when no terminal follows), and a
/// persistence without a live store deletes nothing.
@Suite("Persistence: the lock's lifetime", .timeLimit(.minutes(2)))
@MainActor
struct PersistenceLockLifetimeTests {
    /// Yields the main actor until `persistence` no longer holds its lock (or gives up).
    func waitForUnlock(_ persistence: Persistence<Pantry>) async {
        for _ in 0..<1_000 where persistence.core.withLock({ $0.holdsLock }) {
            await Task.yield()
        }
    }

    @Test func invalidatingFromASubscriptionCallbackReleasesTheLockByTheEndOfTheCall() async throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: TestClock())
        store.dispatch(.add("milk"))  // handled: a save is pending
        // The initial delivery runs inside a processing call that has no action, so no
        // terminal follows the invalidation.
        let subscription = store.subscribe(select: \.items) { [weak store] _ in store?.invalidate() }
        #expect(!store.isValid)
        await waitForUnlock(persistence)
        #expect(!persistence.core.withLock { $0.holdsLock }, "the lock is released")
        let second = try makePantryStore(
            Persistence<Pantry>(file: url, lockTimeout: .zero), clock: TestClock()
        )
        #expect(second.items == ["milk"], "the change that led to the invalidation was saved")
        second.invalidate()
        _ = subscription
    }

    @Test func purgeAfterTheStoreWasInvalidatedThrowsNotAttachedAndDeletesNothing() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        let persistence = Persistence<Pantry>(file: url)
        let store = try makePantryStore(persistence, clock: TestClock())
        store.dispatch(.add("milk"))
        store.invalidate()
        let other = try makePantryStore(Persistence<Pantry>(file: url, lockTimeout: .zero), clock: TestClock())
        #expect(throws: PersistenceError.notAttached(file: url)) { try persistence.purge() }
        #expect(try readSaved(url).state.items == ["milk"], "the file another store holds is still there")
        other.invalidate()
    }

    @Test func purgeOnANeverAttachedPersistenceThrowsNotAttachedAndDeletesNothing() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("notes.json")
        try writeSaved(Pantry(items: ["milk"]), version: 1, to: url)
        let holder = try makePantryStore(Persistence<Pantry>(file: url), clock: TestClock())
        let stranger = Persistence<Pantry>(file: url)
        #expect(throws: PersistenceError.notAttached(file: url)) { try stranger.purge() }
        #expect(fileBytes(url) != nil)
        #expect(PersistenceError.notAttached(file: url).description.contains(url.path))
        holder.invalidate()
    }
}

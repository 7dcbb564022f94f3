import Redux
import Testing

/// `store.snapshot`: an immutable state plus a weak way back to the store.
@Suite("StoreSnapshot: reading and dispatching", .timeLimit(.minutes(5)))
@MainActor
struct StoreSnapshotTests {
    @Test func aSnapshotReadsTheWholeStateAndEachMemberAsTheStoreHasThem() {
        let store = makeSnapStore()
        store.dispatch(.add(3))
        store.dispatch(.label("three"))
        let snapshot = store.snapshot
        #expect(snapshot.state == store.state)
        #expect(snapshot.count == 3)
        #expect(snapshot.label == "three")
        #expect(snapshot.items.isEmpty)
        #expect(!snapshot.isDetached)
    }

    @Test func aSnapshotDoesNotUpdateTakeANewOneToSeeLaterStates() {
        let store = makeSnapStore()
        store.dispatch(.append(1))
        let snapshot = store.snapshot
        store.dispatch(.increment)
        store.dispatch(.append(2))
        #expect(snapshot.count == 0)
        #expect(snapshot.items == [1])
        #expect(store.items == [1, 2])
        let later = store.snapshot
        #expect(later.count == 1)
        #expect(later.items == [1, 2])
    }

    @Test func aDispatchOnASnapshotFromTheMainActorIsTheStoresAndProcessedBeforeItReturns() {
        let store = makeSnapStore()
        let snapshot = store.snapshot
        snapshot.dispatch(.increment)
        #expect(store.count == 1)
        snapshot.dispatch(.append(1), .append(2), .append(3))
        #expect(store.items == [1, 2, 3])
    }

    @Test func aDispatchOnASnapshotFromInsideThePipelineIsQueuedBehindTheCurrentAction() {
        let store = makeSnapStore()
        let snapshot = store.snapshot
        var seen: [Int] = []
        let token = store.subscribe(select: \.count) { count in
            seen.append(count)
            if count == 1 {
                snapshot.dispatch(.add(10))
                seen.append(store.count)
            }
        }
        store.dispatch(.increment)
        #expect(seen == [0, 1, 1, 11])
        withExtendedLifetime(token) {}
    }

    @Test func aTrackedDispatchOnASnapshotAnswersWithTheStoresOutcome() async throws {
        let store = makeSnapStore()
        let ticket = store.snapshot.dispatchTracked(.add(4))
        #expect(store.count == 4)
        #expect(ticket.sequence != 0)
        try await expectOutcome(ticket, "reduced")
    }

    @Test func aDispatchOnASnapshotFromAnotherIsolationGoesThroughTheInboxInOrder() async throws {
        let store = makeSnapStore()
        let snapshot = store.snapshot
        let ticket = await Task.detached {
            snapshot.dispatch(.append(1))
            snapshot.dispatch(.append(2), .append(3))
            return snapshot.dispatchTracked(.append(4))
        }.value
        try await expectOutcome(ticket, "reduced")
        #expect(store.items == [1, 2, 3, 4])
    }

    @Test func aSnapshotDoesNotKeepItsStoreAliveAndOnceReleasedDispatchesNothingAndAnswersStoreReleased() async throws {
        var store: SnapStore? = makeSnapStore()
        store?.dispatch(.add(2))
        let snapshot = try #require(store?.snapshot)
        weak let released = store
        store = nil
        #expect(released == nil)
        #expect(snapshot.isDetached)
        #expect(snapshot.count == 2)
        snapshot.dispatch(.increment)
        snapshot.dispatch(.increment, .increment)
        let ticket = snapshot.dispatchTracked(.increment)
        #expect(ticket.sequence == 0)
        #expect(ticket.outcomeIfFinished?.description == "refused(storeReleased)")
        let remote = await Task.detached { snapshot.dispatchTracked(.increment) }.value
        try await expectOutcome(remote, "refused(storeReleased)")
    }

    @Test func afterInvalidationASnapshotIsDetachedAndItsDispatchesAreRefusedAndLogged() async throws {
        let log = LogRecorder<SnapAction>()
        let store = makeSnapStore(onLog: log.handler)
        let before = store.snapshot
        store.invalidate()
        let after = store.snapshot
        #expect(before.isDetached)
        #expect(after.isDetached)
        before.dispatch(.increment)
        after.dispatch(.increment, .increment)
        let ticket = before.dispatchTracked(.increment)
        #expect(ticket.outcomeIfFinished?.description == "refused(invalidated)")
        // Refused on the main actor as the store refuses: logged at once, one event per action.
        let refused = log.events.filter { if case .refused(.invalidated, _) = $0.kind { true } else { false } }
        #expect(refused.count == 4)
        let remote = await Task.detached { after.dispatchTracked(.increment) }.value
        try await expectOutcome(remote, "refused(invalidated)")
        #expect(store.count == 0)
    }
}

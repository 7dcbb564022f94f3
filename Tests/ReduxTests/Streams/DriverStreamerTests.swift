import Redux
import Testing

/// Drivers (kept by the store) and streamers (held weakly): broadcasters of snapshots fed by
/// the store's notification pass.
@Suite("Drivers and streamers: snapshot broadcasters", .timeLimit(.minutes(5)))
@MainActor
struct DriverStreamerTests {
    @Test func aDriverGetsTheCurrentSnapshotThenOneAfterEachHandledAction() async {
        let store = makeSnapStore()
        let driver = SnapBroadcaster(bufferingPolicy: .unbounded)
        var iterator = driver.makeAsyncIterator()
        let token = store.subscribe(driver: driver)
        store.dispatch(.increment)
        store.dispatch(.ignored)
        store.dispatch(.add(2))
        #expect(await iterator.next()?.count == 0)
        #expect(await iterator.next()?.count == 1)
        // `.ignored` was not handled: nothing between 1 and 3.
        let third = await iterator.next()
        #expect(third?.count == 3)
        #expect(third?.isDetached == false)
        // A delivered snapshot dispatches to its store.
        third?.dispatch(.increment)
        #expect(store.count == 4)
        #expect(await iterator.next()?.count == 4)
        token.cancel()
    }

    @Test func theStoreKeepsADriverTheAppDroppedUntilItsTokenIsCancelled() async {
        let store = makeSnapStore()
        weak var kept: SnapBroadcaster?
        var token: Subscription?
        let stream: AsyncStream<StoreSnapshot<SnapCounter, SnapAction>>
        do {
            let driver = SnapBroadcaster(bufferingPolicy: .unbounded)
            stream = driver.stream()
            token = store.subscribe(driver: driver)
            kept = driver
        }
        var iterator = stream.makeAsyncIterator()
        #expect(kept != nil)
        #expect(store.subscriptionCount == 1)
        store.dispatch(.increment)
        #expect(await iterator.next()?.count == 0)
        #expect(await iterator.next()?.count == 1)
        token?.cancel()
        // Let go with its cancelled subscription, though the token is still held: deallocated,
        // it finishes its consumer, which gets nothing after the cancel.
        #expect(kept == nil)
        #expect(store.subscriptionCount == 0)
        store.dispatch(.increment)
        await snapManyTurns()
        #expect(await iterator.next() == nil)
        withExtendedLifetime(token) {}
    }

    @Test func aDriverWhoseTokenIsDiscardedIsStillDelivered() async {
        let store = makeSnapStore()
        weak var kept: SnapBroadcaster?
        let stream: AsyncStream<StoreSnapshot<SnapCounter, SnapAction>>
        do {
            let driver = SnapBroadcaster(bufferingPolicy: .unbounded)
            stream = driver.stream()
            store.subscribe(driver: driver)
            kept = driver
        }
        var iterator = stream.makeAsyncIterator()
        store.dispatch(.add(5))
        #expect(kept != nil)
        #expect(await iterator.next()?.count == 0)
        #expect(await iterator.next()?.count == 5)
        #expect(store.subscriptionCount == 1)
    }

    @Test func aStreamerIsNeverKeptAliveByTheStoreAndItsSubscriptionEndsWhenItIsDeallocated() async {
        let store = makeSnapStore()
        weak var held: SnapBroadcaster?
        var streamer: SnapBroadcaster? = SnapBroadcaster(bufferingPolicy: .unbounded)
        held = streamer
        var iterator = streamer?.makeAsyncIterator()
        if let streamer { store.subscribe(streamer: streamer) }
        #expect(store.subscriptionCount == 1)
        store.dispatch(.increment)
        #expect(await iterator?.next()?.count == 0)
        #expect(await iterator?.next()?.count == 1)
        streamer = nil
        #expect(held == nil)
        #expect(await iterator?.next() == nil)
        #expect(store.subscriptionCount == 0)
        store.dispatch(.increment)
        #expect(store.count == 2)
        #expect(store.subscriptionCount == 0)
    }

    @Test func driversAndStreamersCountAsSubscriptionsNotAsStreams() {
        let store = makeSnapStore()
        let driver = SnapBroadcaster()
        let streamer = SnapBroadcaster()
        let driverToken = store.subscribe(driver: driver)
        store.subscribe(streamer: streamer)
        #expect(store.subscriptionCount == 2)
        #expect(store.streamCount == 0)
        driverToken.cancel()
        #expect(store.subscriptionCount == 1)
    }

    @Test func invalidatingTheStoreFinishesDriversAndStreamersAndEndsTheirSubscriptions() async throws {
        let store = makeSnapStore()
        let driver = SnapBroadcaster(bufferingPolicy: .unbounded)
        let streamer = SnapBroadcaster(bufferingPolicy: .unbounded)
        var fromDriver = driver.makeAsyncIterator()
        var fromStreamer = streamer.makeAsyncIterator()
        store.subscribe(driver: driver)
        store.subscribe(streamer: streamer)
        let snapshot = try #require(await fromDriver.next())
        #expect(await fromStreamer.next()?.count == 0)
        store.invalidate()
        #expect(await fromDriver.next() == nil)
        #expect(await fromStreamer.next() == nil)
        #expect(driver.isFinished)
        #expect(streamer.isFinished)
        #expect(store.subscriptionCount == 0)
        #expect(snapshot.isDetached)
        try await expectOutcome(snapshot.dispatchTracked(.increment), "refused(invalidated)")
        // A driver given to an invalidated store is finished at once.
        let late = SnapBroadcaster()
        var fromLate = late.makeAsyncIterator()
        let token = store.subscribe(driver: late)
        #expect(late.isFinished)
        #expect(token.isCancelled)
        #expect(await fromLate.next()?.isDetached == true)
        #expect(await fromLate.next() == nil)
    }

    @Test func releasingTheStoreFinishesItsDriversAndStreamers() async {
        var store: SnapStore? = makeSnapStore()
        let driver = SnapBroadcaster(bufferingPolicy: .unbounded)
        let streamer = SnapBroadcaster(bufferingPolicy: .unbounded)
        var fromDriver = driver.makeAsyncIterator()
        var fromStreamer = streamer.makeAsyncIterator()
        store?.subscribe(driver: driver)
        store?.subscribe(streamer: streamer)
        weak let released = store
        store = nil
        #expect(released == nil)
        let snapshot = await fromDriver.next()
        #expect(snapshot?.isDetached == true)
        #expect(await fromDriver.next() == nil)
        #expect(await fromStreamer.next()?.count == 0)
        #expect(await fromStreamer.next() == nil)
        #expect(driver.isFinished)
        #expect(streamer.isFinished)
        let ticket = snapshot?.dispatchTracked(.increment)
        #expect(ticket?.outcomeIfFinished?.description == "refused(storeReleased)")
    }

    @Test func aCancelledDriverIsLeftUnfinishedByALaterInvalidation() {
        let store = makeSnapStore()
        let driver = SnapBroadcaster()
        let token = store.subscribe(driver: driver)
        token.cancel()
        store.invalidate()
        #expect(!driver.isFinished)
    }

    @Test func aDriverConsumerInAnotherTaskEndsOnTheSettledState() async {
        let store = makeSnapStore()
        let driver = SnapBroadcaster()
        store.subscribe(driver: driver)
        let consumer = Task.detached {
            var last = -1
            for await snapshot in driver {
                last = snapshot.count
                if last == 200 { break }
            }
            return last
        }
        #expect(await snapWaitUntil { driver.consumerCount == 1 })
        for _ in 0..<200 {
            store.dispatch(.increment)
            await Task.yield()
        }
        #expect(await snapValue(of: consumer) == 200)
        // Leaving the loop released the consumer's iterator: it is removed.
        #expect(driver.consumerCount == 0)
    }
}

import Redux
import Testing

/// Select subscriptions: who keeps a subscription alive (its token, `.strong`, `.weak(owner)`),
/// and the store never keeping a subscriber alive.
@Suite("Select subscriptions: retention", .timeLimit(.minutes(5)))
@MainActor
struct SubscriptionRetentionTests {
    @Test func anObjectThatSubscribesWhenCreatedAndCancelsInItsDeinitIsFreedWhenTheAppDropsIt() {
        let store = makeFeedStore()
        let calls = FeedCalls()
        var service: FeedService? = FeedService(store: store, calls: calls)
        let weakService = WeakReference(service)
        #expect(store.subscriptionCount == 1)
        store.dispatch(.deposit(1))
        #expect(calls.values == [0, 1])
        service = nil
        #expect(weakService.object == nil, "the store does not keep the subscriber alive")
        store.dispatch(.deposit(1))
        #expect(calls.values == [0, 1], "the next dispatch does not call it")
        #expect(store.subscriptionCount == 0)
    }

    @Test func aWeakOwnerThatNeverCancelsIsFreedWhenTheAppDropsItAndIsNotCalledAgain() {
        let store = makeFeedStore()
        let calls = FeedCalls()
        var owner: FeedWeakOwner? = FeedWeakOwner(store: store, calls: calls)
        let weakOwner = WeakReference(owner)
        #expect(store.subscriptionCount == 1)
        store.dispatch(.deposit(1))
        #expect(calls.values == [0, 1])
        owner = nil
        #expect(weakOwner.object == nil, "the store never keeps a weak subscriber's owner alive")
        store.dispatch(.deposit(1))
        #expect(calls.values == [0, 1], "the next dispatch does not call it")
        #expect(store.subscriptionCount == 0)
    }

    @Test func theStoreNeverKeepsAWeakOwnerAliveWhateverTheSelectionForm() {
        let store = makeFeedStore()
        var calls = 0
        var owner: FeedCalls? = FeedCalls()
        let weakOwner = WeakReference(owner)
        if let owner {
            store.subscribe(select: \.balance, owner: .weak(owner)) { _ in calls += 1 }
            store.subscribe(select: \.balance, isDuplicate: { $0 == $1 }, owner: .weak(owner)) { _ in calls += 1 }
            store.subscribe(select: { $0.balance }, owner: .weak(owner)) { _ in calls += 1 }
            store.subscribe(select: { $0.payload }, owner: .weak(owner)) { _ in calls += 1 }
            store.subscribe(select: { $0.balance }, isDuplicate: { _, _ in false }, owner: .weak(owner)) { _ in calls += 1 }
        }
        #expect(store.subscriptionCount == 5)
        #expect(calls == 5)
        owner = nil
        #expect(weakOwner.object == nil)
        #expect(store.subscriptionCount == 0, "an ended subscription is not counted, before any dispatch")
        store.dispatch(.deposit(1))
        #expect(calls == 5)
    }

    @Test func aWeakOwnerGoneDuringAPassIsNotCalledAfterIt() {
        let store = makeFeedStore()
        var owner: FeedCalls? = FeedCalls()
        var calls: [String] = []
        let a = store.subscribe(select: \.balance) { balance in
            calls.append("A\(balance)")
            if balance == 1 { owner = nil }
        }
        if let owner {
            store.subscribe(select: \.balance, owner: .weak(owner)) { calls.append("W\($0)") }
        }
        calls.removeAll()
        store.dispatch(.deposit(1))
        #expect(calls == ["A1"], "its owner went before its turn")
        #expect(store.subscriptionCount == 1)
        withExtendedLifetime(a) {}
    }

    @Test func aStrongSubscriptionIsKeptWhileItsTokenIsDroppedUntilCancelled() async {
        let store = makeFeedStore()
        var dropped: [Int] = []
        var kept: [Int] = []
        let weakToken = WeakReference<Subscription>()
        weakToken.object = store.subscribe(select: \.balance, owner: .strong) { dropped.append($0) }
        #expect(weakToken.object == nil, "the app holds no token")
        let token = store.subscribe(select: \.balance, owner: .strong) { kept.append($0) }
        await giveMainActorTurns()
        store.dispatch(.deposit(1))
        #expect(store.subscriptionCount == 2)
        #expect(dropped == [0, 1], "the store keeps a strong subscription without its token")
        #expect(kept == [0, 1])
        token.cancel()
        store.dispatch(.deposit(1))
        #expect(kept == [0, 1], "until it is cancelled")
        #expect(dropped == [0, 1, 2])
        #expect(store.subscriptionCount == 1)
    }

    @Test func theSubscriptionCountCountsOnlyLiveSubscriptions() {
        let store = makeFeedStore()
        var owner: FeedCalls? = FeedCalls()
        var released: Subscription? = store.subscribe(select: \.balance) { _ in }
        let cancelled = store.subscribe(select: \.balance) { _ in }
        let strong = store.subscribe(select: \.label, owner: .strong) { _ in }
        if let owner { store.subscribe(select: \.flag, owner: .weak(owner)) { _ in } }
        let stream = store.updates()
        #expect(store.subscriptionCount == 4, "streams are not select subscriptions")
        released = nil
        #expect(store.subscriptionCount == 3)
        cancelled.cancel()
        #expect(store.subscriptionCount == 2)
        owner = nil
        #expect(store.subscriptionCount == 1)
        strong.cancel()
        #expect(store.subscriptionCount == 0)
        #expect(released == nil)
        withExtendedLifetime(stream) {}
    }

    @Test func releasingTheStoreReleasesWhatItsSubscriptionsHold() {
        var store: Store<FeedState, FeedAction>? = makeFeedStore()
        var captured: FeedCalls? = FeedCalls()
        var owner: FeedCalls? = FeedCalls()
        let weakStore = WeakReference(store)
        let weakCaptured = WeakReference(captured)
        if let store, let captured, let owner {
            store.subscribe(select: \.balance, owner: .strong) { captured.values.append($0) }
            store.subscribe(select: \.balance, owner: .weak(owner)) { captured.values.append($0) }
        }
        captured = nil
        #expect(weakCaptured.object != nil, "a strong subscription keeps what its callback captures")
        store = nil
        #expect(weakStore.object == nil, "subscriptions do not keep their store alive")
        #expect(weakCaptured.object == nil, "the released store released its subscriptions")
        owner = nil
    }
}

import Redux
import Testing

/// What a callback captured, to see when the store lets it go.
private final class ReleaseProbe {
    var calls = 0
}

/// A box a callback reads its own token from.
private final class TokenBox {
    var token: Subscription?
}

/// A cancelled subscription lets go of its callback, so nothing it captured outlives it.
@Suite("Select subscriptions: releasing callbacks", .timeLimit(.minutes(5)))
@MainActor
struct SubscriptionReleaseTests {
    @Test func aCancelledSubscriptionReleasesWhatItsCallbackCaptured() {
        let store = makePassAccountStore()
        weak var weakProbe: ReleaseProbe?
        var token: Subscription?
        do {
            let probe = ReleaseProbe()
            weakProbe = probe
            token = store.subscribe(select: \.balance, owner: .strong) { _ in probe.calls += 1 }
        }
        store.dispatch(.deposit(1))
        let calls = weakProbe?.calls
        #expect(calls == 2)
        token?.cancel()
        #expect(weakProbe == nil)
        #expect(store.subscriptionCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func aCallbackHoldingItsOwnTokenIsFreedOnceItCancels() {
        let store = makePassAccountStore()
        weak var weakToken: Subscription?
        weak var weakBox: TokenBox?
        var delivered: [Int] = []
        do {
            let box = TokenBox()
            weakBox = box
            box.token = store.subscribe(select: \.balance) { balance in
                delivered.append(balance)
                if balance == 2 { box.token?.cancel() }
            }
            weakToken = box.token
        }
        // The box and the token are held only by the callback, which the store keeps.
        #expect(weakToken != nil)
        store.dispatch(.deposit(2))
        store.dispatch(.deposit(3))
        #expect(delivered == [0, 2])
        #expect(weakToken == nil)
        #expect(weakBox == nil)
        #expect(store.subscriptionCount == 0)
    }

    @Test func aSweptSubscriptionCancelledFromADeinitDuringTheSweepLeavesTheOthersIntact() {
        let store = makePassAccountStore()
        var survivorCalls = 0
        let survivor = store.subscribe(select: \.balance) { _ in survivorCalls += 1 }
        let inner = TokenBox()
        inner.token = store.subscribe(select: \.balance) { _ in }
        final class CancelsOnDeinit {
            let box: TokenBox
            init(_ box: TokenBox) { self.box = box }
            deinit { box.token?.cancel() }
        }
        var outer: Subscription? = {
            let holder = CancelsOnDeinit(inner)
            return store.subscribe(select: \.balance) { _ in _ = holder }
        }()
        #expect(store.subscriptionCount == 3)
        outer = nil
        #expect(store.subscriptionCount == 1)
        store.dispatch(.deposit(1))
        #expect(survivorCalls == 2)
        withExtendedLifetime((survivor, outer)) {}
    }
}

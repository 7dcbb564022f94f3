import Redux
import Testing

/// A small account state for the notification pass's rules.
struct PassAccount: Equatable, Sendable {
    var balance = 0
    var label = "a"
    var ratio = 0.0
}

enum PassAccountAction: Sendable {
    case deposit(Int)
    case set(Int)
    case label(String)
    case ratio(Double)
    case ignored
}

/// A store of ``PassAccount`` whose reducer handles every action but `.ignored`.
@MainActor
func makePassAccountStore() -> Store<PassAccount, PassAccountAction> {
    Store(
        initialState: PassAccount(),
        reducers: [
            Reducer(id: "account") { state, action in
                switch action {
                case .deposit(let amount): state.balance += amount
                case .set(let amount): state.balance = amount
                case .label(let label): state.label = label
                case .ratio(let ratio): state.ratio = ratio
                case .ignored: return .defaultNext
                }
                return .next
            },
        ]
    )
}

/// The notification pass: order, queued dispatches, cancellation and additions during a pass.
@Suite("Select subscriptions: the notification pass", .timeLimit(.minutes(5)))
@MainActor
struct SubscriptionPassTests {
    @Test func aSubscriberThatDispatchesWhileNotifiedGetsNoStaleDeliveryAndEndsOnTheFinalState() {
        let store = makePassAccountStore()
        var seen: [Int] = []
        var later: [Int] = []
        let first = store.subscribe(select: \.balance) { balance in
            seen.append(balance)
            if balance == 50 { store.dispatch(.set(42)) }
        }
        let second = store.subscribe(select: \.balance) { later.append($0) }
        store.dispatch(.deposit(50))
        #expect(seen == [0, 50, 42])
        #expect(later == [0, 50, 42])
        #expect(store.balance == 42)
        withExtendedLifetime((first, second)) {}
    }

    @Test func valueComparedSelectionsNeverRepeatAValueAndDeclinedActionsDeliverNothing() {
        let store = makePassAccountStore()
        var labels: [String] = []
        var ratios: [Double] = []
        let a = store.subscribe(select: \.label) { labels.append($0) }
        let b = store.subscribe(select: \.ratio) { ratios.append($0) }
        store.dispatch(.label("a"))
        store.dispatch(.ignored)
        store.dispatch(.label("b"))
        store.dispatch(.ratio(-0.0))
        store.dispatch(.ratio(1.5))
        #expect(labels == ["a", "b"])
        #expect(ratios == [0.0, 1.5])
        withExtendedLifetime((a, b)) {}
    }

    @Test func aCancelledSubscriptionIsNotCalledAndOthersAreNeverSkipped() {
        let store = makePassAccountStore()
        var counts = [0, 0, 0]
        var b: Subscription?
        let a = store.subscribe(select: \.balance) { _ in counts[0] += 1 }
        b = store.subscribe(select: \.balance) { _ in
            counts[1] += 1
            if counts[1] == 2 { b?.cancel() }
        }
        let c = store.subscribe(select: \.balance) { _ in counts[2] += 1 }
        store.dispatch(.deposit(1))
        store.dispatch(.deposit(1))
        #expect(counts == [3, 2, 3])
        #expect(store.subscriptionCount == 2)
        withExtendedLifetime((a, c)) {}
    }

    @Test func aReleasedTokenCancelsAndAStrongOwnerKeepsDelivering() {
        let store = makePassAccountStore()
        var tokenCalls = 0
        var strongCalls = 0
        _ = store.subscribe(select: \.balance) { _ in tokenCalls += 1 }
        let strong = store.subscribe(select: \.balance, owner: .strong) { _ in strongCalls += 1 }
        #expect(store.subscriptionCount == 1)
        store.dispatch(.deposit(1))
        #expect(tokenCalls == 1)
        #expect(strongCalls == 2)
        strong.cancel()
        store.dispatch(.deposit(1))
        #expect(strongCalls == 2)
        #expect(store.subscriptionCount == 0)
    }

    @Test func aStreamYieldsTheCurrentStateThenEachHandledActionAndFinishesOnInvalidation() async {
        let store = makePassAccountStore()
        let stream = store.updates(of: \.balance)
        #expect(store.streamCount == 1)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        store.dispatch(.deposit(5))
        #expect(await iterator.next() == 5)
        store.invalidate()
        #expect(await iterator.next() == nil)
        #expect(store.streamCount == 0)
    }
}

import Redux
import Testing

/// Select subscriptions: where and in what order callbacks run, additions during a pass, and
/// dispatches from callbacks (queued, never nested).
@Suite("Select subscriptions: order and re-entrancy", .timeLimit(.minutes(5)))
@MainActor
struct SubscriptionOrderTests {
    @Test func callbacksRunOnTheMainActorInSubscriptionOrder() {
        let store = makeFeedStore()
        var calls: [String] = []
        let tokens = ["A", "B", "C", "D"].map { name in
            store.subscribe(select: \.balance) { _ in
                MainActor.assertIsolated()
                calls.append(name)
            }
        }
        calls.removeAll()
        store.dispatch(.deposit(1))
        store.dispatch(.deposit(1))
        #expect(calls == ["A", "B", "C", "D", "A", "B", "C", "D"])
        withExtendedLifetime(tokens) {}
    }

    @Test func callbacksForActionsDispatchedOffTheMainActorRunOnTheMainActor() async throws {
        let store = makeFeedStore(middlewares: [
            Middleware(id: "off-main") { context in
                guard context.action == .start else { return .next }
                return .task { effect in
                    _ = try await effect.dispatchTracked(.deposit(1)).outcome
                }
            },
        ])
        var calls = 0
        let token = store.subscribe(select: \.balance) { _ in
            MainActor.assertIsolated()
            calls += 1
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(calls == 2)
        #expect(store.balance == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aSubscriberAddedDuringAPassIsKeptAndNotifiedFromTheNextPass() {
        let store = makeFeedStore()
        var events: [String] = []
        var added: Subscription?
        let a = store.subscribe(select: \.balance) { balance in
            events.append("A\(balance)")
            if balance == 1 && added == nil {
                added = store.subscribe(select: \.balance) { events.append("D\($0)") }
            }
        }
        let b = store.subscribe(select: \.balance) { events.append("B\($0)") }
        events.removeAll()
        store.dispatch(.deposit(1))
        #expect(events == ["A1", "D1", "B1"], "D's initial delivery happens at subscribe; D is not told again in the pass it joined")
        #expect(store.subscriptionCount == 3, "the subscriber added during the pass is kept")
        events.removeAll()
        store.dispatch(.deposit(1))
        #expect(events == ["A2", "B2", "D2"], "from the next pass on, in subscription order (after those before it)")
        added = nil
        withExtendedLifetime((a, b)) {}
    }

    @Test func aDispatchFromACallbackIsQueuedFIFOAndNeverNested() {
        let store = makeFeedStore()
        var events: [String] = []
        var depth = 0
        func enter(_ name: String, _ value: Int) {
            depth += 1
            events.append("\(name)>\(value)")
            #expect(depth == 1, "a callback runs inside another one")
        }
        func exit(_ name: String, _ value: Int) {
            events.append("\(name)<\(value)")
            depth -= 1
        }
        let a = store.subscribe(select: \.balance) { balance in
            enter("A", balance)
            if balance == 1 {
                store.dispatch(.deposit(10))
                store.dispatch(.deposit(100))
            }
            exit("A", balance)
        }
        let b = store.subscribe(select: \.balance) { balance in
            enter("B", balance)
            if balance == 1 { store.dispatch(.deposit(1_000)) }
            exit("B", balance)
        }
        events.removeAll()
        store.dispatch(.deposit(1))
        #expect(events == [
            "A>1", "A<1", "B>1", "B<1",
            "A>11", "A<11", "B>11", "B<11",
            "A>111", "A<111", "B>111", "B<111",
            "A>1111", "A<1111", "B>1111", "B<1111",
        ], "each pass completes before the next action; queued actions run in the order they were dispatched")
        #expect(store.balance == 1_111)
        withExtendedLifetime((a, b)) {}
    }

    @Test func aSubscriberDispatchingWhileNotifiedCausesNoStaleDeliveryToTheSubscribersAroundIt() {
        let store = makeFeedStore()
        var before: [Int] = []
        var dispatcher: [Int] = []
        var after: [Int] = []
        var closure: [Int] = []
        let a = store.subscribe(select: \.balance) { before.append($0) }
        let b = store.subscribe(select: { $0.balance }) { balance in
            dispatcher.append(balance)
            if balance == 50 { store.dispatch(.set(42)) }
        }
        let c = store.subscribe(select: \.balance) { after.append($0) }
        let d = store.subscribe(select: { $0.balance }, isDuplicate: { _, _ in false }) { closure.append($0) }
        store.dispatch(.deposit(50))
        for seen in [before, dispatcher, after, closure] {
            #expect(seen == [0, 50, 42], "never 50 after 42")
            #expect(seen.last == store.balance, "the final delivery is the final state")
        }
        withExtendedLifetime((a, b, c, d)) {}
    }

    @Test func everySubscribersLastValueEqualsTheStateOnceSettledWhenSeveralDispatch() {
        let store = makeFeedStore()
        var balances: [Int] = []
        var labels: [String] = []
        var points: [FeedPoint] = []
        var doubled: [Int] = []
        let tokens = [
            store.subscribe(select: \.balance) { balance in
                balances.append(balance)
                if balance % 2 == 1 && balance < 40 { store.dispatch(.deposit(1)) }
            },
            store.subscribe(select: \.label) { label in
                labels.append(label)
                if label.count < 5 { store.dispatch(.label(label + "b")) }
            },
            store.subscribe(select: { $0.balance }) { balance in
                if balance % 10 == 0 && balance < 40 { store.dispatch(.deposit(3)) }
                store.dispatch(.point(FeedPoint(x: balance, y: 0)))
            },
            store.subscribe(select: \.point) { point in
                points.append(point)
                if point.x > 30 && point.y == 0 { store.dispatch(.point(FeedPoint(x: point.x, y: 1))) }
            },
            store.subscribe(select: \.doubled) { doubled.append($0) },
        ]
        store.dispatch(.deposit(1))
        let state = store.state
        #expect(balances.last == state.balance)
        #expect(labels.last == state.label)
        #expect(points.last == state.point)
        #expect(doubled.last == state.doubled)
        #expect(zip(balances, balances.dropFirst()).allSatisfy { $0 != $1 }, "value-compared: never the same value twice in a row")
        #expect(zip(points, points.dropFirst()).allSatisfy { $0 != $1 })
        withExtendedLifetime(tokens) {}
    }
}

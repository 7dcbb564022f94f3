import Redux
import Testing

/// Select subscriptions: cancelling, from a callback during a pass, from another thread, twice,
/// or by releasing the token.
@Suite("Select subscriptions: cancellation", .timeLimit(.minutes(5)))
@MainActor
struct SubscriptionCancellationTests {
    @Test func aSubscriberThatCancelsItselfOnItsFirstNotificationIsToldOnceAndTheOthersAreNeverSkipped() {
        let store = makeFeedStore()
        var counts = ["A": 0, "B": 0, "C": 0]
        var b: Subscription?
        let a = store.subscribe(select: \.balance) { _ in counts["A", default: 0] += 1 }
        b = store.subscribe(select: \.balance) { _ in
            counts["B", default: 0] += 1
            b?.cancel()
        }
        let c = store.subscribe(select: \.balance) { _ in counts["C", default: 0] += 1 }
        counts = ["A": 0, "B": 0, "C": 0]
        store.dispatch(.deposit(1))
        store.dispatch(.deposit(1))
        #expect(counts == ["A": 2, "B": 1, "C": 2], "counts exclude the initial delivery")
        #expect(b?.isCancelled == true)
        #expect(store.subscriptionCount == 2)
        b = nil
        withExtendedLifetime((a, c)) {}
    }

    @Test func aSubscriptionCancelledDuringAPassBeforeItsTurnIsNotCalledInThatPass() {
        let store = makeFeedStore()
        var calls: [String] = []
        var c: Subscription?
        let a = store.subscribe(select: \.balance) { balance in
            calls.append("A\(balance)")
            if balance == 1 { c?.cancel() }
        }
        let b = store.subscribe(select: \.balance) { calls.append("B\($0)") }
        c = store.subscribe(select: \.balance) { calls.append("C\($0)") }
        let d = store.subscribe(select: \.balance) { calls.append("D\($0)") }
        calls.removeAll()
        store.dispatch(.deposit(1))
        #expect(calls == ["A1", "B1", "D1"], "C was cancelled before its turn; B and D are not skipped")
        store.dispatch(.deposit(1))
        #expect(calls == ["A1", "B1", "D1", "A2", "B2", "D2"])
        #expect(store.subscriptionCount == 3)
        c = nil
        withExtendedLifetime((a, b, d)) {}
    }

    @Test func aTokenReleasedDuringAPassCancelsItsSubscriptionAndTheOthersAreNeverSkipped() {
        let store = makeFeedStore()
        var calls: [String] = []
        let box = FeedTokenBox()
        let a = store.subscribe(select: \.balance) { balance in
            calls.append("A\(balance)")
            if balance == 1 { box.token = nil }
        }
        box.token = store.subscribe(select: \.balance) { calls.append("B\($0)") }
        let c = store.subscribe(select: \.balance) { calls.append("C\($0)") }
        calls.removeAll()
        store.dispatch(.deposit(1))
        store.dispatch(.deposit(1))
        #expect(calls == ["A1", "C1", "A2", "C2"], "B's token was released before its turn")
        #expect(store.subscriptionCount == 2)
        withExtendedLifetime((a, c)) {}
    }

    @Test func cancelIsIdempotent() {
        let store = makeFeedStore()
        var calls = 0
        let token = store.subscribe(select: \.balance) { _ in calls += 1 }
        let other = store.subscribe(select: \.balance) { _ in }
        #expect(store.subscriptionCount == 2)
        #expect(!token.isCancelled)
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        #expect(store.subscriptionCount == 1, "a second cancel takes nothing else with it")
        store.dispatch(.deposit(1))
        token.cancel()
        #expect(calls == 1)
        #expect(store.subscriptionCount == 1)
        withExtendedLifetime(other) {}
    }

    @Test func aSubscriptionCancelledFromAnotherThreadIsNotCalledAgainAndLeavesTheCountWhenTheMainActorRuns() async {
        let store = makeFeedStore()
        var calls = 0
        let token = store.subscribe(select: \.balance) { _ in calls += 1 }
        let other = store.subscribe(select: \.balance, owner: .strong) { _ in }
        #expect(store.subscriptionCount == 2)
        let cancelledThere = await Task.detached {
            token.cancel()
            return token.isCancelled
        }.value
        #expect(cancelledThere)
        #expect(token.isCancelled)
        #expect(store.subscriptionCount == 1, "counted out once the main actor runs")
        store.dispatch(.deposit(1))
        #expect(calls == 1, "only the initial delivery")
        other.cancel()
        #expect(store.subscriptionCount == 0)
    }

    @Test func aSubscriptionCancelledFromAnotherThreadDuringAPassIsNotCalledAfterTheCancelReturns() async {
        let store = makeFeedStore()
        let released = FeedSemaphore()
        var late = 0
        var cancelled = false
        let victimBox = FeedTokenBox()
        let a = store.subscribe(select: \.balance) { balance in
            guard balance == 1, let token = victimBox.token else { return }
            // Cancel on another thread while the pass runs; wait until that cancel returned.
            let victim = token
            startThread {
                victim.cancel()
                released.signal()
            }
            cancelled = released.wait()
        }
        victimBox.token = store.subscribe(select: \.balance) { balance in
            if balance > 0 { late += 1 }
        }
        store.dispatch(.deposit(1))
        #expect(cancelled)
        store.dispatch(.deposit(1))
        #expect(late == 0, "cancelled before its turn, from another thread: not called in that pass or later")
        #expect(store.subscriptionCount == 1)
        victimBox.token = nil
        withExtendedLifetime(a) {}
    }

    @Test func releasingATokenCancelsItsSubscription() {
        let store = makeFeedStore()
        var calls: [Int] = []
        var token: Subscription? = store.subscribe(select: \.balance) { calls.append($0) }
        store.dispatch(.deposit(1))
        #expect(store.subscriptionCount == 1)
        let weakToken = WeakReference(token)
        token = nil
        #expect(weakToken.object == nil)
        #expect(store.subscriptionCount == 0)
        store.dispatch(.deposit(1))
        #expect(calls == [0, 1])
    }

    @Test func aTokenReleasedOnAnotherThreadCancelsItsSubscription() async {
        let store = makeFeedStore()
        var calls: [Int] = []
        let last = LastReference(store.subscribe(select: \.balance) { calls.append($0) })
        await Task.detached { _ = last.take() }.value
        #expect(store.subscriptionCount == 0)
        store.dispatch(.deposit(1))
        #expect(calls == [0])
    }
}

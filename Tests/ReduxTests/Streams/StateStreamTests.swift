import Redux
import Testing

/// State streams (`updates()`, `updates(of:)`): what they yield, when they finish, a slow
/// consumer, several streams, and a stream made by an effect.
@Suite("State streams", .timeLimit(.minutes(5)))
@MainActor
struct StateStreamTests {
    @Test func updatesYieldsTheCurrentStateFirstThenOncePerHandledActionWithoutComparingStates() async {
        var state = FeedState()
        state.balance = 3
        let store = makeFeedStore(state)
        let recorder = FeedStreamRecorder(store.updates())
        #expect(await recorder.waitForCount(1))
        #expect(recorder.values.map(\.balance) == [3], "the current state first")
        store.dispatch(.deposit(1))
        #expect(await recorder.waitForCount(2))
        store.dispatch(.touch)
        #expect(await recorder.waitForCount(3), "a handled action that changes nothing still yields")
        store.dispatch(.ignored)
        await giveMainActorTurns()
        store.dispatch(.label("z"))
        #expect(await recorder.waitForCount(4))
        await giveMainActorTurns()
        #expect(recorder.values.map(\.balance) == [3, 4, 4, 4], "one state per handled action; nothing for the declined one")
        #expect(recorder.values.map(\.label) == ["a", "a", "a", "z"])
        recorder.stop()
    }

    @Test func updatesOfAFieldIsDeduplicatedLikeASelectSubscription() async {
        let store = makeFeedStore()
        let balances = FeedStreamRecorder(store.updates(of: \.balance))
        let labels = FeedStreamRecorder(store.updates(of: \.label))
        let rows = FeedStreamRecorder(store.updates(of: \.rows))
        let doubled = FeedStreamRecorder(store.updates(of: \.doubled))
        let notes = FeedStreamRecorder(store.updates(of: \.note))
        #expect(await balances.waitForCount(1))
        #expect(await doubled.waitForCount(1))
        let actions: [FeedAction] = [.set(0), .touch, .set(2), .set(2), .label("a"), .label("b"), .rewriteRowInPlace, .assignEqualRow, .note("x"), .note(nil), .ignored]
        for (index, action) in actions.enumerated() {
            store.dispatch(action)
            // Let each stream's consumer take what it was given before the next action.
            await giveMainActorTurns(100)
            #expect(doubled.values.count == 1 + min(index + 1, actions.count - 1), "computed: one value per handled action")
        }
        await giveMainActorTurns()
        #expect(balances.values == [0, 2], "value-compared: never the same value twice in a row")
        #expect(labels.values == ["a", "b"])
        #expect(rows.values.count == 2, "stamp-compared: the in-place equal rewrite repeats an equal array, the comparing assignment does not")
        #expect(doubled.values == [0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4], "computed: repeats equal values on every handled action")
        #expect(notes.values == [nil, "x", nil], "an optional going back to nil is yielded")
        for recorder in [balances, doubled] { recorder.stop() }
        labels.stop()
        rows.stop()
        notes.stop()
    }

    @Test func aStreamFinishesWhenTheStoreIsReleased() async {
        var store: Store<FeedState, FeedAction>? = makeFeedStore()
        let weakStore = WeakReference(store)
        let recorder = FeedStreamRecorder(store!.updates(of: \.balance))
        let whole = FeedStreamRecorder(store!.updates())
        #expect(await recorder.waitForCount(1))
        store = nil
        #expect(weakStore.object == nil, "a stream does not keep its store alive")
        #expect(await recorder.waitForFinish())
        #expect(await whole.waitForFinish())
        #expect(recorder.values == [0])
    }

    @Test func aStreamFinishesWhenTheStoreIsInvalidatedAndALaterOneFinishesAtOnce() async {
        let store = makeFeedStore()
        let recorder = FeedStreamRecorder(store.updates())
        #expect(await recorder.waitForCount(1))
        #expect(store.streamCount == 1)
        store.invalidate()
        #expect(await recorder.waitForFinish())
        #expect(store.streamCount == 0)
        let later = FeedStreamRecorder(store.updates(of: \.balance))
        #expect(await later.waitForFinish())
        #expect(later.values.isEmpty)
        #expect(store.streamCount == 0)
    }

    @Test func aConsumerWhoseTaskIsCancelledUnregistersItsStream() async {
        let store = makeFeedStore()
        let recorder = FeedStreamRecorder(store.updates())
        let other = FeedStreamRecorder(store.updates(of: \.balance))
        #expect(await recorder.waitForCount(1))
        #expect(store.streamCount == 2)
        recorder.stop()
        #expect(await waitOnMainActor { store.streamCount == 1 }, "unregistered: the count is back down")
        #expect(await recorder.waitForFinish())
        store.dispatch(.deposit(1))
        #expect(await other.waitForCount(2), "the other stream goes on")
        other.stop()
        #expect(await waitOnMainActor { store.streamCount == 0 })
    }

    @Test func aConsumerThatLeavesItsLoopUnregistersItsStream() async {
        let store = makeFeedStore()
        let started = Gate()
        // The stream lives in the consumer only, so leaving the loop drops its last reference.
        let consumer = Task { @MainActor [stream = store.updates(of: \.balance)] in
            var seen: [Int] = []
            for await balance in stream {
                seen.append(balance)
                if balance == 0 { started.open() }
                if balance == 2 { break }
            }
            return seen
        }
        #expect(store.streamCount == 1)
        #expect(await started.waitOpened(ifCancelled: .keepWaiting))
        store.dispatch(.deposit(1))
        await giveMainActorTurns(100)
        store.dispatch(.deposit(1))
        let seen = await consumer.value
        #expect(seen.first == 0 && seen.last == 2)
        #expect(await waitOnMainActor { store.streamCount == 0 }, "unregistered once the consumer left its loop")
        store.dispatch(.deposit(1))
        #expect(store.streamCount == 0)
    }

    @Test func aSlowConsumerKeepsOnlyTheNewestState() async {
        let store = makeFeedStore()
        let firstRead = Gate()
        let resume = Gate()
        let consumer = Task.detached { [stream = store.updates()] () -> [Int] in
            var received: [Int] = []
            var iterator = stream.makeAsyncIterator()
            if let state = await iterator.next() { received.append(state.balance) }
            firstRead.open()
            // Asleep on a gate the test opens, while the store handles 10,000 actions.
            await resume.wait()
            if let state = await iterator.next() { received.append(state.balance) }
            if let state = await iterator.next() { received.append(state.balance) }
            return received
        }
        #expect(await firstRead.waitOpened(ifCancelled: .keepWaiting))
        for _ in 0..<10_000 { store.dispatch(.deposit(1)) }
        resume.open()
        // The consumer reads the newest state, then waits: give it time to take anything older.
        await giveMainActorTurns()
        store.dispatch(.set(-1))
        let received = await consumer.value
        #expect(received == [0, 10_000, -1], "the final state, nothing older, never a backlog")
        #expect(await waitOnMainActor { store.streamCount == 0 })
    }

    @Test func twoIndependentStreamsBothSeeADispatch() async {
        let store = makeFeedStore()
        let first = FeedStreamRecorder(store.updates())
        let second = FeedStreamRecorder(store.updates(of: \.balance))
        #expect(await first.waitForCount(1))
        #expect(await second.waitForCount(1))
        store.dispatch(.deposit(7))
        #expect(await first.waitForCount(2))
        #expect(await second.waitForCount(2))
        #expect(first.values.map(\.balance) == [0, 7])
        #expect(second.values == [0, 7])
        first.stop()
        second.stop()
    }

    @Test func aStreamCreatedDuringAPassStartsWithTheCurrentStateAndIsToldFromTheNextPass() async throws {
        let store = makeFeedStore()
        var recorder: FeedStreamRecorder<Int>?
        let token = store.subscribe(select: \.balance) { balance in
            if balance == 1 && recorder == nil { recorder = FeedStreamRecorder(store.updates(of: \.balance)) }
        }
        store.dispatch(.deposit(1))
        let made = try #require(recorder)
        #expect(await made.waitForCount(1))
        await giveMainActorTurns()
        #expect(made.values == [1], "the state of the pass it joined, once")
        store.dispatch(.deposit(1))
        #expect(await made.waitForCount(2))
        #expect(made.values == [1, 2])
        made.stop()
        withExtendedLifetime(token) {}
    }

    /// The store is main-actor, so an effect (off the main actor, with an `EffectContext` that
    /// does not expose the store) makes its stream in a main-actor hop, through a weak reference
    /// the test gives it. It then dispatches with `dispatchTracked` and awaits each outcome before
    /// reading the next value: the stream keeps only the newest, so reading after each outcome
    /// shows every state its actions produced.
    @Test func aStreamCreatedInsideAnEffectSeesTheStatesThatEffectsActionsProduce() async throws {
        let holder = WeakReference<Store<FeedState, FeedAction>>()
        let seen = SharedValue<[Int]>([])
        let store = makeFeedStore(middlewares: [
            Middleware(id: "streams") { context in
                guard context.action == .start else { return .next }
                return .task { effect in
                    let stream = await MainActor.run { holder.object?.updates(of: \.balance) }
                    guard let stream else { return }
                    var iterator = stream.makeAsyncIterator()
                    if let value = await iterator.next() { seen.value.append(value) }
                    for amount in [10, 5] {
                        _ = try await effect.dispatchTracked(.deposit(amount)).outcome
                        if let value = await iterator.next() { seen.value.append(value) }
                    }
                }
            },
        ])
        holder.object = store
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(seen.value == [0, 10, 15])
        #expect(await waitOnMainActor { store.streamCount == 0 }, "the effect's stream ended with it")
    }
}

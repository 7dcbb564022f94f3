import Dispatch
import Redux
import Testing

/// Rule 1: `dispatch` can be called from any isolation without `await`; off the main actor it
/// only enqueues and never blocks on the pipeline; the variadic and sequence forms keep order.
@Suite("Dispatch from any isolation")
@MainActor
struct DispatchIsolationTests {
    @Test func dispatchIsCallableFromAnyIsolationWithoutAwait() async throws {
        let store = makeCounterStore()
        let producer = CounterProducer()

        store.dispatch(.mark("main actor"))
        #expect(store.record == [.mark("main actor")], "on the main actor it is processed at once")

        await producer.send([.mark("actor")], to: store)
        await Task.detached { store.dispatch(.mark("detached task")) }.value
        let threadFinished = Gate()
        startThread {
            store.dispatch(.mark("thread"))
            threadFinished.open()
        }
        #expect(await threadFinished.waitOpened(ifCancelled: .keepWaiting))

        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("main actor"), .mark("actor"), .mark("detached task"), .mark("thread")])
    }

    @Test func dispatchFromAThreadOnlyEnqueuesUntilTheMainActorGetsATurn() async throws {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait { store.dispatch(.increment) }, "the thread's dispatch returned while the main actor was busy")
        #expect(store.count == 0, "nothing ran: the main actor has not had a turn")
        #expect(!store.isSettled)
        try await store.settled(timeout: patience)
        #expect(store.count == 1)
    }

    @Test func dispatchFromADetachedTaskOnlyEnqueuesUntilTheMainActorGetsATurn() async throws {
        let store = makeCounterStore()
        #expect(runDetachedAndWait { store.dispatch(.increment) })
        #expect(store.count == 0, "nothing ran: the main actor has not had a turn")
        try await store.settled(timeout: patience)
        #expect(store.count == 1)
    }

    @Test func dispatchFromAnotherActorOnlyEnqueuesUntilTheMainActorGetsATurn() async throws {
        let store = makeCounterStore()
        let producer = CounterProducer()
        #expect(runDetachedAndWait { await producer.send([.increment], to: store) })
        #expect(store.count == 0, "nothing ran: the main actor has not had a turn")
        try await store.settled(timeout: patience)
        #expect(store.count == 1)
    }

    /// A dispatch from a thread returns while the main actor is in the middle of an action.
    @Test func dispatchOffTheMainActorNeverBlocksOnTheRunningPipeline() async throws {
        let returnedDuringTheAction = SharedValue(false)
        let storeReference = WeakReference<CounterStore>()
        let store = makeCounterStore(middlewares: [
            Middleware(id: "holds the main actor") { context in
                guard context.action == .mark("busy"), let store = storeReference.object else { return .next }
                returnedDuringTheAction.value = runOnThreadAndWait { store.dispatch(.mark("from thread")) }
                return .next
            },
        ])
        storeReference.object = store
        store.dispatch(.mark("busy"))
        #expect(returnedDuringTheAction.value, "the thread's dispatch did not wait for the pipeline")
        #expect(store.record == [.mark("busy")], "queued in the inbox; the running call does not look at it again")
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("busy"), .mark("from thread")], "processed on a later main-actor turn")
    }

    @Test func variadicDispatchKeepsOrderOnTheMainActor() {
        let store = makeCounterStore()
        store.dispatch(.mark("a"), .mark("b"), .mark("c"))
        #expect(store.record == [.mark("a"), .mark("b"), .mark("c")], "all processed, in order, before it returned")
    }

    @Test func variadicAndSequenceDispatchKeepOrderFromAThread() async throws {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait {
            store.dispatch(.mark("a"), .mark("b"), .mark("c"))
            store.dispatch(contentsOf: [.mark("d"), .mark("e")])
            store.dispatch(contentsOf: (1...3).map { CounterAction.produce(producer: 0, index: $0) })
        })
        #expect(store.record.isEmpty)
        try await store.settled(timeout: patience)
        #expect(store.record == [
            .mark("a"), .mark("b"), .mark("c"), .mark("d"), .mark("e"),
            .produce(producer: 0, index: 1), .produce(producer: 0, index: 2), .produce(producer: 0, index: 3),
        ])
    }

    @Test func sequenceDispatchKeepsOrderFromAnotherActor() async throws {
        let store = makeCounterStore()
        let producer = CounterProducer()
        let actions = (0..<50).map { CounterAction.produce(producer: 1, index: $0) }
        await producer.sendAll(actions, to: store)
        try await store.settled(timeout: patience)
        #expect(store.record == actions)
    }

    /// `dispatch(contentsOf:)` from another isolation enters the queue as one block: no other
    /// producer's action lands in between.
    @Test func sequenceDispatchFromAThreadEntersTheQueueAsOneBlock() async throws {
        let store = makeCounterStore()
        let block = (0..<200).map { CounterAction.produce(producer: 1, index: $0) }
        let finished = ArrivalCounter(count: 2)
        let start = DispatchSemaphore(value: 0)
        startThread {
            start.wait()
            for index in 0..<400 { store.dispatch(.produce(producer: 2, index: index)) }
            finished.arrive()
        }
        startThread {
            start.wait()
            for _ in 0..<5 { store.dispatch(contentsOf: block) }
            finished.arrive()
        }
        start.signal()
        start.signal()
        #expect(await finished.gate.waitOpened(ifCancelled: .keepWaiting))
        try await store.settled(timeout: patience)

        let record = store.record
        #expect(record.count == 400 + 5 * 200)
        var blocksSeen = 0
        var index = 0
        while index < record.count {
            if case .produce(producer: 1, _) = record[index] {
                #expect(Array(record[index..<min(index + block.count, record.count)]) == block, "block \(blocksSeen) arrived whole")
                blocksSeen += 1
                index += block.count
            } else {
                index += 1
            }
        }
        #expect(blocksSeen == 5)
    }
}

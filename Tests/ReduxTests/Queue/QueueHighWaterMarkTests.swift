import Redux
import Testing

/// Rule 7: the queue is unbounded; its high-water mark (the most actions waiting at once) is
/// exposed on the store and logged when it rises.
@Suite("Queue high-water mark")
@MainActor
struct QueueHighWaterMarkTests {
    @Test func queueIsUnboundedAndItsHighWaterMarkIsExposedAndLogged() async throws {
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(recorder: recorder)
        #expect(store.queueHighWaterMark == 0)

        let markSeenByTheThread = SharedValue(-1)
        #expect(runOnThreadAndWait {
            for _ in 0..<5 { store.dispatch(.increment) }
            markSeenByTheThread.value = store.queueHighWaterMark
        })
        #expect(markSeenByTheThread.value == 5, "readable from any thread, up to date before the drain")
        try await store.settled(timeout: patience)
        #expect(store.count == 5)
        #expect(store.queueHighWaterMark == 5, "a drain does not lower it")
        #expect(recorder.highWaterMarks == [5])

        #expect(runOnThreadAndWait { store.dispatch(contentsOf: Array(repeating: .increment, count: 3)) })
        try await store.settled(timeout: patience)
        #expect(store.queueHighWaterMark == 5, "three waiting is not a new mark")
        #expect(recorder.highWaterMarks == [5], "and nothing new is logged")

        #expect(runOnThreadAndWait { store.dispatch(contentsOf: Array(repeating: .increment, count: 7)) })
        try await store.settled(timeout: patience)
        #expect(store.queueHighWaterMark == 7)
        #expect(recorder.highWaterMarks == [5, 7])
        #expect(store.count == 15)
    }

    @Test func theQueueTakesTenThousandActionsBeforeTheMainActorsTurn() async throws {
        let store = makeCounterStore(reducers: [Reducer(id: "counts") { state, _ in
            state.count += 1
            return .next
        }])
        #expect(runOnThreadAndWait {
            for _ in 0..<10_000 { store.dispatch(.increment) }
        })
        #expect(store.count == 0)
        #expect(store.queueHighWaterMark == 10_000, "nothing was refused or dropped")
        try await store.settled(timeout: patience)
        #expect(store.count == 10_000)
    }

    @Test func actionsQueuedInsideThePipelineCountTowardTheMark() {
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(
            middlewares: [
                Middleware(id: "fans out") { context in
                    if context.action == .mark("fan out") {
                        for _ in 0..<4 { context.dispatch(.increment) }
                    }
                    return .next
                },
            ],
            recorder: recorder
        )
        store.dispatch(.mark("fan out"))
        #expect(store.count == 4)
        #expect(store.queueHighWaterMark == 4)
        #expect(recorder.highWaterMarks == [4])
    }
}

import Dispatch
import Redux
import Testing

/// Rules 2 and 8: actions are processed one at a time, on the main actor, in FIFO order of
/// arrival, with each caller's order kept; two background dispatches made before the main
/// actor's turn are both applied, in order.
@Suite("FIFO order")
@MainActor
struct FIFOOrderTests {
    /// A store whose only reducer records every action and flags any overlapping call.
    private func recordingStore(_ overlap: OverlapDetector) -> CounterStore {
        makeCounterStore(reducers: [
            Reducer(id: "records") { state, action in
                overlap.enter()
                defer { overlap.leave() }
                if action == .increment { state.count += 1 }
                state.record.append(action)
                return .next
            },
        ])
    }

    @Test func actionsAreProcessedOneAtATimeInFIFOOrderPerCaller() async throws {
        let overlap = OverlapDetector()
        let store = recordingStore(overlap)
        let perProducer = 1_500
        let actions: @Sendable (Int) -> [CounterAction] = { producer in (0..<perProducer).map { CounterAction.produce(producer: producer, index: $0) } }
        let finished = ArrivalCounter(count: 6)
        let start = DispatchSemaphore(value: 0)

        for producer in 0..<4 {
            startThread {
                start.wait()
                for action in actions(producer) { store.dispatch(action) }
                finished.arrive()
            }
        }
        Task.detached {
            for action in actions(4) { store.dispatch(action) }
            finished.arrive()
        }
        let actor = CounterProducer()
        Task.detached {
            await actor.send(actions(5), to: store)
            finished.arrive()
        }
        for _ in 0..<4 { start.signal() }
        // The main actor keeps dispatching while the producers run.
        for index in 0..<100 {
            store.dispatch(.produce(producer: 6, index: index))
            #expect(store.record.contains(.produce(producer: 6, index: index)), "applied when dispatch returned")
            await Task.yield()
        }

        #expect(await finished.gate.waitOpened(ifCancelled: .keepWaiting))
        try await store.settled(timeout: patience)

        let record = store.record
        #expect(record.count == 6 * perProducer + 100)
        for producer in 0...6 {
            let indices = record.compactMap { action -> Int? in
                if case let .produce(from, index) = action, from == producer { index } else { nil }
            }
            #expect(indices == Array(0..<(producer == 6 ? 100 : perProducer)), "producer \(producer) kept its order")
        }
        #expect(overlap.overlaps == 0, "the reducer never ran concurrently with itself")
    }

    @Test func actionsFromDifferentCallersAreProcessedInOrderOfArrival() async throws {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait { store.dispatch(.mark("first thread")) })
        #expect(runDetachedAndWait { store.dispatch(.mark("detached task")) })
        #expect(runOnThreadAndWait { store.dispatch(.mark("second thread")) })
        #expect(store.record.isEmpty, "all three are still queued")
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("first thread"), .mark("detached task"), .mark("second thread")])
    }

    @Test func twoBackgroundDispatchesBeforeTheMainActorsTurnAreBothAppliedInOrder() async throws {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait {
            store.dispatch(.increment)
            store.dispatch(.increment)
        })
        #expect(store.count == 0, "the main actor has not had a turn yet")
        try await store.settled(timeout: patience)
        #expect(store.count == 2)
        #expect(store.record == [.increment, .increment])
    }

    @Test func twoBackgroundDispatchesOfDifferentActionsKeepTheirOrder() async throws {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait {
            store.dispatch(.mark("one"))
            store.dispatch(.mark("two"))
        })
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("one"), .mark("two")])
    }
}

import Dispatch
import Redux
import Testing

/// Rule 4: a dispatch made from inside the pipeline (a middleware, a resolver, store-owned work,
/// an observation callback) is appended to the queue and processed after the current action's
/// terminal, never nested in it. Checked through `onLog`: the processing events of one action
/// never interleave with another's.
@Suite("Re-entrant dispatch")
@MainActor
struct ReentrantDispatchTests {
    /// A passes two middlewares and two reducers; the first middleware dispatches B while A runs;
    /// an observation callback fired by B's change dispatches C. The processing events come as
    /// all of A's, then all of B's, then all of C's.
    @Test func reentrantDispatchIsQueuedBehindTheCurrentActionsTerminal() throws {
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(
            middlewares: [
                Middleware(id: "first") { context in
                    if context.action == .mark("A") { context.dispatch(.mark("B")) }
                    return .next
                },
                Middleware(id: "second") { _ in .next },
            ],
            reducers: [counterReducer(id: "records"), Reducer(id: "passes") { _, _ in .next }],
            recorder: recorder
        )
        let observer = CountObserver(store, read: .dynamicMember) { store in
            if store.record.last == .mark("B") { store.dispatch(.mark("C")) }
        }

        store.dispatch(.mark("A"))

        #expect(store.record == [.mark("A"), .mark("B"), .mark("C")])
        #expect(observer.seen.count == 3, "told once per handled action")
        let a = try #require(recorder.sequence(of: .mark("A")))
        let b = try #require(recorder.sequence(of: .mark("B")))
        let c = try #require(recorder.sequence(of: .mark("C")))
        #expect(recorder.processingRuns == [a, b, c], "A's, then B's, then C's processing events, never interleaved")
        for action in ["A", "B", "C"] {
            #expect(recorder.processingLabels.filter { $0.hasPrefix("\(action):") } == [
                "\(action): middleware first next",
                "\(action): middleware second next",
                "\(action): reducer records next",
                "\(action): reducer passes next",
                "\(action): terminal reduced",
            ])
        }
        // The nested dispatches were made in the middle of the runs they follow.
        #expect(recorder.labels.filter { !$0.contains("high-water mark") } == [
            "A: enqueued",
            "B: enqueued",
            "A: middleware first next",
            "A: middleware second next",
            "A: reducer records next",
            "A: reducer passes next",
            "A: terminal reduced",
            "B: middleware first next",
            "B: middleware second next",
            "B: reducer records next",
            "B: reducer passes next",
            "C: enqueued",
            "B: terminal reduced",
            "C: middleware first next",
            "C: middleware second next",
            "C: reducer records next",
            "C: reducer passes next",
            "C: terminal reduced",
        ])
    }

    @Test func dispatchFromAMiddlewareIsProcessedAfterTheCurrentAction() {
        let seenByLaterMiddleware = SharedList<String>()
        let store = makeCounterStore(middlewares: [
            Middleware(id: "dispatches") { context in
                if context.action == .mark("outer") {
                    context.dispatch(.increment)
                    seenByLaterMiddleware.append("count right after dispatching: \(context.count)")
                }
                return .next
            },
            Middleware(id: "watches") { context in
                seenByLaterMiddleware.append("\(context.action) at count \(context.count)")
                return .next
            },
        ])
        store.dispatch(.mark("outer"))
        #expect(seenByLaterMiddleware.values == [
            "count right after dispatching: 0",
            "outer at count 0",
            "increment at count 0",
        ], "the nested action ran only after the outer one's reducers")
        #expect(store.record == [.mark("outer"), .increment])
    }

    @Test func dispatchFromAResolverIsProcessedAfterTheCurrentAction() throws {
        let recorder = LogRecorder<CounterAction>()
        let countInResolver = SharedValue<Int?>(nil)
        let store = makeCounterStore(
            middlewares: [
                Middleware(id: "throws") { context in
                    if context.action == .mark("fails") { throw CounterFailure.refused }
                    return .next
                },
            ],
            resolvers: [
                Resolver(id: "recovers") { context in
                    context.dispatch(.increment)
                    countInResolver.value = context.count
                    return .exit(.reduce)
                },
            ],
            recorder: recorder
        )
        store.dispatch(.mark("fails"))
        #expect(countInResolver.value == 0, "the resolver's dispatch was not run inside it")
        #expect(store.record == [.mark("fails"), .increment])
        let failing = try #require(recorder.sequence(of: .mark("fails")))
        let nested = try #require(recorder.sequence(of: .increment))
        #expect(recorder.processingRuns == [failing, nested])
        #expect(recorder.labels(sequence: failing).last == "fails: terminal recovered(reduce, reduced: true)")
    }

    /// Store-owned work dispatches while the main actor is in the middle of another action; that
    /// dispatch waits in the inbox for a later main-actor turn: not processed inside the running
    /// action, nor before the main-actor call that runs it returns.
    @Test func dispatchFromStoreOwnedWorkWaitsForALaterMainActorTurn() async throws {
        let recorder = LogRecorder<CounterAction>()
        let busyStarted = Gate()
        let taskDispatched = DispatchSemaphore(value: 0)
        let taskDispatchedDuringBusy = SharedValue(false)
        let store = makeCounterStore(
            middlewares: [
                Middleware(id: "works") { context in
                    switch context.action {
                    case .mark("start"):
                        return .task { effect in
                            await busyStarted.wait()
                            effect.dispatch(.mark("from task"))
                            taskDispatched.signal()
                        }
                    case .mark("busy"):
                        busyStarted.open()
                        taskDispatchedDuringBusy.value = waitForSignal(taskDispatched)
                        return .next
                    default:
                        return .next
                    }
                },
            ],
            recorder: recorder
        )
        store.dispatch(.mark("start"))
        store.dispatch(.mark("busy"))

        #expect(taskDispatchedDuringBusy.value, "the task dispatched while busy was running")
        #expect(store.record == [.mark("start"), .mark("busy")], "not processed before the call returned")
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("start"), .mark("busy"), .mark("from task")])
        let busy = try #require(recorder.sequence(of: .mark("busy")))
        let fromTask = try #require(recorder.sequence(of: .mark("from task")))
        let start = try #require(recorder.sequence(of: .mark("start")))
        #expect(recorder.processingRuns == [start, busy, fromTask])
        #expect(recorder.labels(sequence: busy).last == "busy: terminal reduced")
    }

    @Test func dispatchFromAnObservationCallbackIsProcessedAfterTheCurrentAction() throws {
        let recorder = LogRecorder<CounterAction>()
        let countWhenDispatching = SharedList<Int>()
        let store = makeCounterStore(
            reducers: [counterReducer(id: "first"), counterReducer(id: "second")],
            recorder: recorder
        )
        let observer = CountObserver(store, read: .dynamicMember) { store in
            guard store.record.last == .mark("observed") else { return }
            store.dispatch(.increment)
            countWhenDispatching.append(store.count)
        }
        store.dispatch(.mark("observed"))
        #expect(countWhenDispatching.values == [0], "not processed inside the callback")
        #expect(store.count == 2, "processed after, by both reducers, before dispatch returned")
        #expect(observer.seen == [0, 2])
        let observed = try #require(recorder.sequence(of: .mark("observed")))
        let nested = try #require(recorder.sequence(of: .increment))
        #expect(recorder.processingRuns == [observed, nested])
    }
}

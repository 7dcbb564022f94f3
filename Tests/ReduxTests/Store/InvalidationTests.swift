import Redux
import Testing

/// Rule 10 and the store's lifetime: `invalidate()` drops what is queued (tickets answer
/// cancelled), cancels store-owned work and refuses later dispatches; called from inside the
/// pipeline, the current action finishes its synchronous pass and nothing runs after it.
/// Releasing the store does the same from `deinit`, on any thread, without the main actor.
@Suite("Invalidation and release")
@MainActor
struct InvalidationTests {
    @Test func invalidateDropsQueuedActionsAndTheirTicketsAnswerCancelled() async throws {
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(recorder: recorder)
        let tickets = SharedList<DispatchTicket<CounterAction>>()
        #expect(runOnThreadAndWait {
            for index in 0..<3 { tickets.append(store.dispatchTracked(.mark("queued \(index)"))) }
            store.dispatch(.increment)
        })
        store.invalidate()

        #expect(!store.isValid)
        for ticket in tickets.values {
            try await expectOutcome(ticket, "cancelled")
        }
        try await store.settled(timeout: patience)
        #expect(store.record.isEmpty, "nothing queued was processed")
        #expect(store.count == 0)
        #expect(recorder.processingLabels == [
            "queued 0: terminal cancelled",
            "queued 1: terminal cancelled",
            "queued 2: terminal cancelled",
            "increment: terminal cancelled",
        ], "each dropped action logs a cancelled terminal, and nothing else runs")
    }

    /// The middleware invalidates while handling `.mark("stop")`: the rest of stop's synchronous
    /// pass (the later middleware, the reducers, the terminal) still runs; the action queued behind
    /// it and the one dispatched during it never run.
    @Test func invalidateFromInsideThePipelineFinishesTheCurrentPassAndNothingRunsAfter() async throws {
        let recorder = LogRecorder<CounterAction>()
        let storeReference = WeakReference<CounterStore>()
        let store = makeCounterStore(
            middlewares: [
                Middleware(id: "stops") { context in
                    if context.action == .mark("stop") {
                        context.dispatch(.mark("dispatched while stopping"))
                        storeReference.object?.invalidate()
                    }
                    return .next
                },
                Middleware(id: "later") { _ in .next },
            ],
            recorder: recorder
        )
        storeReference.object = store
        let tickets = SharedList<DispatchTicket<CounterAction>>()
        #expect(runOnThreadAndWait {
            tickets.append(store.dispatchTracked(.mark("before")))
            tickets.append(store.dispatchTracked(.mark("stop")))
            tickets.append(store.dispatchTracked(.mark("queued behind")))
        })
        try await store.settled(timeout: patience)

        #expect(tickets.values.count == 3)
        for (ticket, expected) in zip(tickets.values, ["reduced", "reduced", "cancelled"]) {
            try await expectOutcome(ticket, expected)
        }
        #expect(store.record == [.mark("before"), .mark("stop")], "stop was reduced; nothing after it")
        #expect(!store.isValid)
        let stop = try #require(recorder.sequence(of: .mark("stop")))
        #expect(recorder.labels(sequence: stop).filter { !$0.contains("enqueued") } == [
            "stop: middleware stops next",
            "stop: middleware later next",
            "stop: reducer counter next",
            "stop: terminal reduced",
        ])
        let afterStop = recorder.events.drop(while: { !($0.sequence == stop && $0.eventLabel.contains("terminal")) }).dropFirst()
        #expect(afterStop.allSatisfy { $0.eventLabel.hasSuffix("terminal cancelled") || $0.eventLabel.hasSuffix("enqueued") },
                "after stop's terminal only cancellations: \(afterStop.map(\.eventLabel))")
        #expect(recorder.labels.contains("dispatched while stopping: terminal cancelled"))
        #expect(recorder.labels.contains("queued behind: terminal cancelled"))
    }

    @Test func dispatchesAfterInvalidateAreRefused() async throws {
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(recorder: recorder)
        store.dispatch(.increment)
        store.invalidate()
        store.invalidate()

        store.dispatch(.increment)
        store.dispatch(.increment, .increment)
        #expect(store.dispatchTracked(.increment).outcomeIfFinished?.description == "refused(invalidated)")
        #expect(runOnThreadAndWait { store.dispatch(.increment) })
        await Task.detached { store.dispatch(contentsOf: [.increment, .increment]) }.value
        try await store.settled(timeout: patience)

        #expect(store.count == 1, "only the dispatch made before invalidate was applied")
        let lines = recorder.processingLabels
        #expect(Array(lines.prefix(2)) == ["increment: reducer counter next", "increment: terminal reduced"])
        #expect(Array(lines.dropFirst(2)) == Array(repeating: "increment: refused invalidated", count: 7),
                "nothing ran after invalidate; one refused event per refused dispatch, wherever it was made: \(lines)")
        #expect(recorder.labels.filter { $0.hasSuffix("enqueued") }.count == 1, "a refused dispatch is never enqueued")
    }

    @Test func invalidateCancelsStoreOwnedWorkAndNothingItSendsIsProcessed() async throws {
        let deferredStarted = Gate(), deferredCancelled = Gate()
        let deferredLate = SharedValue<String?>(nil)
        let taskStarted = Gate(), taskCancelled = Gate()
        let diagnostics = DiagnosticLines()
        let store = makeCounterStore(middlewares: [
            sleepingMiddleware("slow", started: deferredStarted, cancelled: deferredCancelled, late: deferredLate),
            Middleware(id: "starts a task") { context in
                guard context.action == .mark("task") else { return .next }
                return .task { effect in
                    taskStarted.open()
                    do {
                        try await effect.sleep(for: .seconds(3_600))  // real clock: in effect until cancelled
                    } catch {
                        effect.dispatch(.mark("sent by the cancelled task"))
                        taskCancelled.open()
                    }
                }
            },
        ], diagnostics: diagnostics)
        store.dispatch(.mark("slow"))
        store.dispatch(.mark("task"))
        #expect(await deferredStarted.waitOpened(ifCancelled: .keepWaiting))
        #expect(await taskStarted.waitOpened(ifCancelled: .keepWaiting))
        store.invalidate()
        #expect(await deferredCancelled.waitOpened(ifCancelled: .keepWaiting))
        #expect(await taskCancelled.waitOpened(ifCancelled: .keepWaiting))
        try await store.settled(timeout: patience)
        #expect(deferredLate.value == "refused(invalidated)")
        #expect(store.record == [.mark("task")], "nothing sent by cancelled work reached a reducer")
        // The three dispatches of the cancelled work, in whichever order their tasks ran.
        #if DEBUG
        #expect(diagnostics.lines.count == 3, "\(diagnostics.lines)")
        #endif
        diagnostics.expectAll(containingOneOf: ["was refused: the store is invalidated"])
    }

    /// The last reference is dropped on a Foundation thread while the main actor is blocked: the
    /// deinitializer runs there, to completion, without needing the main actor; it cancels the
    /// work in flight and answers the tickets of a queued and a suspended action.
    @Test func deinitRunsOnAnyThreadAndTouchesNoMainActorState() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let weakStore = WeakReference<CounterStore>()
        let queued = SharedValue<DispatchTicket<CounterAction>?>(nil)
        let releasedOnTheThread = SharedValue(false)
        let carrier: LastReference<CounterStore>
        let suspended: DispatchTicket<CounterAction>
        do {
            let store = makeCounterStore(middlewares: [sleepingMiddleware("slow", started: started, cancelled: cancelled, late: late)])
            weakStore.object = store
            suspended = store.dispatchTracked(.mark("slow"))
            carrier = LastReference(store)
        }
        #expect(await started.waitOpened(ifCancelled: .keepWaiting))

        #expect(runOnThreadAndWait {
            var store = carrier.take()
            queued.value = store?.dispatchTracked(.increment)
            store = nil
            releasedOnTheThread.value = weakStore.object == nil
        }, "the release did not wait for the main actor")

        #expect(releasedOnTheThread.value, "deinit ran on the thread that dropped the last reference")
        try await expectOutcome(queued.value, "cancelled")
        try await expectOutcome(suspended, "cancelled")
        #expect(await cancelled.waitOpened(ifCancelled: .keepWaiting), "the deferred handler was cancelled")
        #expect(late.value == "refused(storeReleased)", "what it sends after the release is refused")
    }

    /// A store released with a 10-second `.deferred` in flight is freed, with its state, while the
    /// handler still sleeps; the handler is cancelled, nothing reaches a reducer afterwards, and
    /// an awaiting caller gets `.cancelled`.
    @Test func releasingTheStoreWithALongDeferredInFlightFreesItAndCancelsTheEffect() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let reduced = SharedList<CounterAction>()
        weak var weakStore: CounterStore?
        weak var weakToken: LifetimeToken?
        let awaiting: Task<String, any Error>
        do {
            let token = LifetimeToken()
            weakToken = token
            let store = makeCounterStore(
                CounterState(token: token),
                middlewares: [sleepingMiddleware("slow", started: started, cancelled: cancelled, late: late)],
                reducers: [Reducer(id: "records") { _, action in
                    reduced.append(action)
                    return .next
                }]
            )
            weakStore = store
            let ticket = store.dispatchTracked(.mark("slow"))
            awaiting = Task.detached { try await ticket.outcome.description }
            #expect(await started.waitOpened(ifCancelled: .keepWaiting))
            #expect(!cancelled.isOpen)
        }
        #expect(weakStore == nil, "freed while the handler sleeps")
        #expect(weakToken == nil, "and its state with it")
        #expect(await cancelled.waitOpened(ifCancelled: .keepWaiting), "the handler saw its cancellation, long before its 10 s")
        let awaited = try await taskResult(of: awaiting)?.get()
        #expect(awaited == "cancelled")
        #expect(late.value == "refused(storeReleased)")
        #expect(reduced.values.isEmpty, "no action reached a reducer")
    }
}

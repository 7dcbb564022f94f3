import Redux
import Testing

/// Rule 6: `settled()` returns when the queue is empty, no `.deferred` handler is running or
/// pending, no store-owned `.task` is running and no resolver run for a task error (nor what it
/// enqueued) is outstanding; at once on an invalidated store; with a timeout, it throws
/// `SettleTimeoutError`.
@Suite("Settled")
@MainActor
struct SettledTests {
    /// A store whose middleware starts, per action: `.mark("defer")` a deferred handler that works
    /// 30 ms, dispatches, then resumes; `.mark("task")` a task that works 30 ms then dispatches
    /// twice; `.mark("fail")` a task that works 30 ms then throws, recovered by a resolver that
    /// enqueues `.mark("recovered")`, whose own middleware pass starts one more task.
    ///
    /// The 30 ms are real time (`Task.sleep`, not the store's clock) on purpose: `settled()`
    /// must wait for work that is still running, whatever it waits on. They cannot change a
    /// result: `settled()` waits for the work to end however long it takes (up to `patience`, a
    /// hang guard), and no test asserts how long it took.
    private func busyStore() -> CounterStore {
        makeCounterStore(
            middlewares: [
                Middleware(id: "works") { context in
                    switch context.action {
                    case .mark("defer"):
                        return .deferred { effect in
                            try await Task.sleep(for: .milliseconds(30))
                            effect.dispatch(.mark("from deferred"))
                            return .next
                        }
                    case .mark("task"):
                        return .task { effect in
                            try await Task.sleep(for: .milliseconds(30))
                            effect.dispatch(.increment)
                            effect.dispatch(.increment)
                        }
                    case .mark("fail"):
                        return .task { _ in
                            try await Task.sleep(for: .milliseconds(30))
                            throw CounterFailure.refused
                        }
                    case .mark("recovered"):
                        return .task { effect in
                            try await Task.sleep(for: .milliseconds(30))
                            effect.dispatch(.mark("after recovery"))
                        }
                    default:
                        return .next
                    }
                },
            ],
            resolvers: [
                Resolver(id: "recovers task errors") { context in
                    guard case .effect = context.origin else { return .defaultNext }
                    return .exit(.reduceAs(.mark("recovered")))
                },
            ]
        )
    }

    @Test func settledReturnsWhenTheStoreHasNothingLeftToDo() async throws {
        let store = busyStore()
        #expect(runOnThreadAndWait { store.dispatch(.mark("queued")) })
        store.dispatch(.mark("defer"), .mark("task"), .mark("fail"))
        #expect(!store.isSettled)

        try await store.settled(timeout: patience)

        #expect(store.isSettled)
        #expect(store.count == 2, "the task's dispatches were processed")
        #expect(Set(store.record) == [
            .mark("queued"), .mark("task"), .mark("fail"), .increment,
            .mark("from deferred"), .mark("defer"), .mark("recovered"), .mark("after recovery"),
        ], "the queue, the deferred action, both tasks, the task error's recovery and what it enqueued")
        #expect(store.record.count == 9)
    }

    @Test func settledWaitsForQueuedActions() async throws {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait {
            for _ in 0..<100 { store.dispatch(.increment) }
        })
        #expect(!store.isSettled)
        try await store.settled(timeout: patience)
        #expect(store.count == 100)
    }

    @Test func settledWaitsForADeferredHandlerAndItsResumption() async throws {
        let store = busyStore()
        store.dispatch(.mark("defer"))
        #expect(!store.isSettled)
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("from deferred"), .mark("defer")])
    }

    @Test func settledWaitsForAStoreOwnedTaskAndWhatItDispatches() async throws {
        let store = busyStore()
        store.dispatch(.mark("task"))
        #expect(store.count == 0)
        try await store.settled(timeout: patience)
        #expect(store.count == 2)
    }

    @Test func settledWaitsForTheResolverRunOfATaskErrorAndWhatItEnqueues() async throws {
        let store = busyStore()
        store.dispatch(.mark("fail"))
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("fail"), .mark("recovered"), .mark("after recovery")])
    }

    @Test func settledReturnsAtOnceOnAnInvalidatedStore() async throws {
        let gate = Gate()
        defer { gate.open() }
        let handlerFinished = Gate()
        let store = makeCounterStore(middlewares: [
            Middleware(id: "ignores cancellation") { context in
                guard context.action == .mark("stubborn") else { return .next }
                return .deferred { _ in
                    await gate.wait()
                    handlerFinished.open()
                    return .next
                }
            },
        ])
        store.dispatch(.mark("stubborn"))
        store.invalidate()
        try await store.settled(timeout: patience)
        #expect(store.isSettled)
        #expect(!handlerFinished.isOpen, "it returned although the handler is still running")
        gate.open()
        #expect(await handlerFinished.waitOpened(ifCancelled: .keepWaiting))
        #expect(store.record.isEmpty, "the handler's resumption was dropped")
    }

    @Test func settledThrowsSettleTimeoutErrorWhenTheTimeoutPasses() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
        store.dispatch(.mark("slow"))
        // The 100 ms is the timeout under test, not a wait for the store: the handler waits on a
        // gate that stays shut until after, so the timeout passes on any machine, however slow.
        let error = await #expect(throws: SettleTimeoutError.self) {
            try await store.settled(timeout: .milliseconds(100))
        }
        #expect(error?.timeout == .milliseconds(100))
        #expect(error?.runningTasks == 1)
        #expect(error?.queuedActions == 0)
        gate.open()
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("slow")])
    }

    @Test func cancellingTheTaskWaitingInSettledThrowsCancellationError() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
        store.dispatch(.mark("slow"))
        let waiter = Task { try await store.settled() }
        waiter.cancel()
        let outcome = try #require(await taskResult(of: waiter), "the cancelled wait returned")
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(!store.isSettled, "the store is still busy: the wait ended because it was cancelled")
        gate.open()
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("slow")])
    }

    @Test func settledReturnsAtOnceOnAnIdleStore() async throws {
        let store = makeCounterStore()
        store.dispatch(.increment)
        #expect(store.isSettled)
        try await store.settled(timeout: patience)
    }
}

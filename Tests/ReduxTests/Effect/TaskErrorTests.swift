import Redux
import Testing

/// Errors thrown by a `.task`: they reach the resolvers after their action's terminal, with an
/// effect origin.
@Suite("Task errors", .timeLimit(.minutes(5)))
@MainActor
struct TaskErrorTests {
    /// "rewrites" turns `.tag("go")` into `.tag("work")`; "fx" starts a task for `.tag("work")`
    /// that throws `boom`; "after" records every action it sees.
    private func storeWithFailingTask(
        _ trail: SharedList<String>,
        resolvers: [Resolver<PipeState, PipeAction>],
        log: LogRecorder<PipeAction>? = nil
    ) -> PipeStore {
        makePipeStore(
            middlewares: [
                Middleware(id: "rewrites") { context in
                    context.action == .tag("go") ? .nextAs(.tag("work")) : .next
                },
                Middleware(id: "fx") { context in
                    guard context.action == .tag("work") else { return .next }
                    return .task { _ in throw PipeError.boom }
                },
                pipeMiddleware("after", trail, .next),
            ],
            resolvers: resolvers,
            log: log
        )
    }

    @Test func taskErrorArrivesAfterItsActionsTerminal() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = storeWithFailingTask(trail, resolvers: [pipeResolver("resolver", trail, .exit(.done))], log: log)
        let ticket = store.dispatchTracked(.tag("go"))
        #expect(ticket.outcomeIfFinished?.description == "reduced")
        try await store.settled(timeout: patience)
        #expect(log.lines == [
            "1 tag(go): enqueued",
            "1 tag(go): middleware rewrites#0 nextAs(tag(work))",
            "1 tag(work): middleware fx#1 task",
            "1 tag(work): middleware after#2 next",
            "1 tag(work): reducer record#0 next",
            "1 tag(work): terminal reduced",
            "1 tag(work): effectFailed effect of middleware fx#1 boom",
            "1 tag(work): resolver resolver#0 done",
            "1 tag(work): effectErrorResolved done",
        ])
    }

    @Test func taskErrorReachesResolversWithAnEffectOriginAndTheActionThatStartedTheTask() async throws {
        let trail = SharedList<String>()
        let origins = SharedValue<[ErrorOrigin]>([])
        let store = storeWithFailingTask(trail, resolvers: [
            pipeResolver("resolver", trail),
            Resolver(id: "origin") { context in
                origins.value.append(context.origin)
                return .exit(.done)
            },
        ])
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(origins.value == [.effect(middlewareID: "fx", position: 1)])
        #expect(trail.values == [
            "after tag(work)",
            "resolver boom from effect of middleware fx#1 raised tag(work) dispatched tag(go)",
        ])
    }

    @Test func taskErrorResolvedWithDoneIsSettledAndChangesNothing() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = storeWithFailingTask(trail, resolvers: [pipeResolver("resolver", trail, .exit(.done))], log: log)
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(log.lines.last == "1 tag(work): effectErrorResolved done")
        #expect(store.state.reduced == [.tag("work")])
    }

    @Test func taskErrorResolvedWithFailIsLoggedAsFailed() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = storeWithFailingTask(trail, resolvers: [pipeResolver("resolver", trail, .exit(.fail(PipeError.other)))], log: log)
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(log.lines.suffix(2) == ["1 tag(work): resolver resolver#0 fail(other)", "1 tag(work): effectErrorResolved failed(other)"])
        #expect(store.state.reduced == [.tag("work")])
    }

    @Test func taskErrorResolvedWithReduceAsEnqueuesANewActionThroughTheWholePipeline() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = storeWithFailingTask(trail, resolvers: [pipeResolver("resolver", trail, .exit(.reduceAs(.add(7))))], log: log)
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(log.lines(sequence: 1).last == "1 tag(work): effectErrorResolved enqueued(add(7))")
        #expect(log.lines(sequence: 2) == [
            "2 add(7): enqueued",
            "2 add(7): middleware rewrites#0 next",
            "2 add(7): middleware fx#1 next",
            "2 add(7): middleware after#2 next",
            "2 add(7): reducer record#0 next",
            "2 add(7): terminal reduced",
        ])
        #expect(trail.values.last == "after add(7)")
        #expect(store.state.reduced == [.tag("work"), .add(7)])
    }

    @Test func taskErrorResolvedWithReduceIsALoggedNoOp() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = storeWithFailingTask(trail, resolvers: [pipeResolver("resolver", trail, .exit(.reduce))], log: log)
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(log.lines.suffix(2) == ["1 tag(work): resolver resolver#0 reduce", "1 tag(work): effectErrorResolved ignoredReduce"])
        #expect(store.state.reduced == [.tag("work")], "the action is not reduced a second time")
    }

    @Test func unhandledTaskErrorIsLoggedAsFailedAndTheStoreKeepsWorking() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = storeWithFailingTask(trail, resolvers: [pipeResolver("declines", trail)], log: log)
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(log.lines.suffix(3) == [
            "1 tag(work): effectFailed effect of middleware fx#1 boom",
            "1 tag(work): resolver declines#0 defaultNext",
            "1 tag(work): effectErrorResolved failed(boom)",
        ])
        let next = store.dispatchTracked(.increment)
        #expect(next.outcomeIfFinished?.description == "reduced")
        #expect(store.state.reduced == [.tag("work"), .increment])
    }

    @Test func taskCancellationIsNotAnError() async throws {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let started = Gate()
        let cancelled = Gate()
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "fx") { _ in
                    .task { effect in
                        started.open()
                        do {
                            try await effect.sleep(for: .seconds(3_600))  // real clock: in effect until cancelled
                        } catch {
                            cancelled.open()
                            throw error
                        }
                    }
                },
            ],
            resolvers: [pipeResolver("resolver", trail, .exit(.done))],
            log: log
        )
        store.dispatch(.increment)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting), "the task saw its cancellation")
        try await store.settled(timeout: patience)
        #expect(trail.values.isEmpty, "no resolver was consulted")
        #expect(!log.lines.contains { $0.contains("effect") })
    }
}

import Redux
import Testing

/// One test per synchronous middleware exit, and `.task`.
@Suite("Middleware exits", .timeLimit(.minutes(5)))
@MainActor
struct MiddlewareExitTests {
    @Test func nextPassesTheActionToLaterMiddlewaresAndTheReducers() {
        let trail = SharedList<String>()
        let store = makePipeStore(middlewares: [
            pipeMiddleware("first", trail, .next),
            pipeMiddleware("second", trail, .next),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["first increment", "second increment"])
        #expect(store.state.reduced == [.increment])
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    @Test func defaultNextFlowsLikeNextAndIsLoggedAsDeclined() {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(
            middlewares: [pipeMiddleware("declines", trail, .defaultNext), pipeMiddleware("passes", trail, .next)],
            log: log
        )
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["declines increment", "passes increment"])
        #expect(store.state.reduced == [.increment])
        #expect(ticket.outcomeIfFinished?.description == "reduced")
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: middleware declines#0 defaultNext",
            "1 increment: middleware passes#1 next",
            "1 increment: reducer record#0 next",
            "1 increment: terminal reduced",
        ])
    }

    @Test func nextAsShowsTheNewActionToRemainingMiddlewaresAndReducers() {
        let trail = SharedList<String>()
        let store = makePipeStore(middlewares: [
            pipeMiddleware("first", trail, .next),
            pipeMiddleware("rewrites", trail, .nextAs(.add(5))),
            pipeMiddleware("third", trail, .next),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["first increment", "rewrites increment", "third add(5)"])
        #expect(store.state.reduced == [.add(5)])
        #expect(store.count == 5)
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    @Test func exitReduceSkipsRemainingMiddlewaresAndReducesTheAction() {
        let trail = SharedList<String>()
        let store = makePipeStore(middlewares: [
            pipeMiddleware("ends", trail, .exit(.reduce)),
            pipeMiddleware("skipped", trail, .next),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["ends increment"])
        #expect(store.state.reduced == [.increment])
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    @Test func exitReduceAsSkipsRemainingMiddlewaresAndReducesTheReplacement() {
        let trail = SharedList<String>()
        let store = makePipeStore(middlewares: [
            pipeMiddleware("ends", trail, .exit(.reduceAs(.add(3)))),
            pipeMiddleware("skipped", trail, .next),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["ends increment"])
        #expect(store.state.reduced == [.add(3)])
        #expect(store.count == 3)
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    @Test func exitDoneConsumesTheActionAndNoReducerRuns() {
        let trail = SharedList<String>()
        let store = makePipeStore(middlewares: [
            pipeMiddleware("consumes", trail, .exit(.done)),
            pipeMiddleware("skipped", trail, .next),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["consumes increment"])
        #expect(store.state == PipeState())
        #expect(ticket.outcomeIfFinished?.description == "consumed")
    }

    @Test func exitResolveGoesToTheResolversWithTheMiddlewareAsOrigin() {
        let trail = SharedList<String>()
        let store = makePipeStore(
            middlewares: [
                pipeMiddleware("first", trail, .next),
                pipeMiddleware("raises", trail, .exit(.resolve(PipeError.boom))),
                pipeMiddleware("skipped", trail, .next),
            ],
            resolvers: [pipeResolver("resolver", trail, .exit(.done))]
        )
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == [
            "first increment",
            "raises increment",
            "resolver boom from middleware raises#1 raised increment dispatched increment",
        ])
        #expect(store.state == PipeState())
        #expect(ticket.outcomeIfFinished?.description == "recovered(done, reduced: false)")
    }

    @Test func thrownErrorGoesToTheResolversWithTheMiddlewareAsOrigin() {
        let trail = SharedList<String>()
        let origins = SharedValue<[ErrorOrigin]>([])
        let store = makePipeStore(
            middlewares: [
                pipeMiddleware("first", trail, .next),
                Middleware(id: "throws") { _ in throw PipeError.other },
                pipeMiddleware("skipped", trail, .next),
            ],
            resolvers: [
                Resolver(id: "resolver") { context in
                    origins.value.append(context.origin)
                    return .exit(.fail(context.error))
                },
            ]
        )
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["first increment"])
        #expect(origins.value == [.middleware(id: "throws", position: 1)])
        #expect(store.state == PipeState())
        #expect(ticket.outcomeIfFinished?.description == "failed(other)")
    }

    @Test func taskLetsTheChainContinueNowAndRunsItsWorkLater() async throws {
        let trail = SharedList<String>()
        let gate = Gate()
        defer { gate.open() }
        let store = makePipeStore(middlewares: [
            Middleware(id: "starts") { context in
                guard context.action == .tag("go") else { return .next }
                return .task { _ in
                    await gate.wait()
                    trail.append("task ran")
                }
            },
            pipeMiddleware("after", trail, .next),
        ])
        let ticket = store.dispatchTracked(.tag("go"))
        // The synchronous pass finished while the task is still held at its gate.
        #expect(ticket.outcomeIfFinished?.description == "reduced")
        #expect(trail.values == ["after tag(go)"])
        #expect(store.state.reduced == [.tag("go")])
        #expect(!store.isSettled, "a running task keeps the store unsettled")
        gate.open()
        try await store.settled(timeout: patience)
        #expect(trail.values == ["after tag(go)", "task ran"])
    }

    @Test func taskDispatchesGoThroughTheWholePipeline() async throws {
        let trail = SharedList<String>()
        let store = makePipeStore(middlewares: [
            Middleware(id: "starts") { context in
                guard context.action == .tag("go") else { return .next }
                return .task { effect in
                    effect.dispatch(.add(10))
                    let outcome = try await effect.dispatchTracked(.add(20)).outcome
                    trail.append("tracked \(outcome.description)")
                }
            },
            pipeMiddleware("after", trail, .next),
        ])
        store.dispatch(.tag("go"))
        try await store.settled(timeout: patience)
        #expect(trail.values == ["after tag(go)", "after add(10)", "after add(20)", "tracked reduced"])
        #expect(store.state.reduced == [.tag("go"), .add(10), .add(20)])
        #expect(store.count == 30)
    }
}

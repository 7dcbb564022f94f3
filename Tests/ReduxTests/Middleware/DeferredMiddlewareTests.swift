import Dispatch
import Redux
import Testing

/// `.deferred`: the action's chain is suspended while its handler runs off the main actor, and
/// resumes after the deferring middleware when the handler returns.
@Suite("Deferred middleware", .timeLimit(.minutes(5)))
@MainActor
struct DeferredMiddlewareTests {
    /// A store whose middle middleware defers `.tag("slow")` until `gate` opens, then answers
    /// `resume`; "before" and "after" record what they see (with the count, for "after").
    private func deferringStore(
        _ gate: Gate,
        _ trail: SharedList<String>,
        resolvers: [Resolver<PipeState, PipeAction>] = [],
        diagnostics: DiagnosticLines? = nil,
        handler: @escaping @Sendable (EffectContext<PipeState, PipeAction>) async throws -> DeferredExit<PipeAction>
    ) -> PipeStore {
        makePipeStore(
            middlewares: [
                pipeMiddleware("before", trail, .next),
                Middleware(id: "defers") { context in
                    guard context.action == .tag("slow") else { return .next }
                    return .deferred { effect in
                        await gate.wait()
                        return try await handler(effect)
                    }
                },
                Middleware(id: "after") { context in
                    trail.append("after \(context.action) at count \(context.count)")
                    return .next
                },
            ],
            resolvers: resolvers,
            diagnostics: diagnostics
        )
    }

    /// Dispatches `.tag("slow")`, then an `.increment` while it is suspended, then lets it resume.
    private func runSuspended(
        resumingWith resume: DeferredExit<PipeAction>
    ) async throws -> (outcome: String, trail: [String], reduced: [PipeAction]) {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let store = deferringStore(gate, trail) { _ in resume }
        let ticket = store.dispatchTracked(.tag("slow"))
        store.dispatch(.increment)
        gate.open()
        let outcome = try await ticket.outcome
        try await store.settled(timeout: patience)
        return (outcome.description, trail.values, store.state.reduced)
    }

    @Test func deferredSuspendsTheActionWhileOtherActionsFlow() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let store = deferringStore(gate, trail) { _ in .next }
        let ticket = store.dispatchTracked(.tag("slow"))
        #expect(ticket.outcomeIfFinished == nil)
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state.reduced == [.increment, .increment], "actions behind a suspended one are not held up")
        #expect(ticket.outcomeIfFinished == nil)
        #expect(!store.isSettled, "a pending deferred handler keeps the store unsettled")
        gate.open()
        #expect(try await ticket.outcome.description == "reduced")
        #expect(store.state.reduced == [.increment, .increment, .tag("slow")], "it lands at its resume position")
    }

    @Test func deferredResumeNextRunsOnlyTheLaterMiddlewaresAgainstTheStateAtResume() async throws {
        let result = try await runSuspended(resumingWith: .next)
        #expect(result.outcome == "reduced")
        #expect(result.trail == [
            "before tag(slow)",
            "before increment",
            "after increment at count 0",
            "after tag(slow) at count 1",
        ])
        #expect(result.reduced == [.increment, .tag("slow")])
    }

    @Test func deferredResumeNextAsShowsTheNewActionToLaterMiddlewaresAndReducers() async throws {
        let result = try await runSuspended(resumingWith: .nextAs(.add(4)))
        #expect(result.outcome == "reduced")
        #expect(result.trail == [
            "before tag(slow)",
            "before increment",
            "after increment at count 0",
            "after add(4) at count 1",
        ])
        #expect(result.reduced == [.increment, .add(4)])
    }

    @Test func deferredResumeExitReduceSkipsLaterMiddlewaresAndReduces() async throws {
        let result = try await runSuspended(resumingWith: .exit(.reduce))
        #expect(result.outcome == "reduced")
        #expect(result.trail == ["before tag(slow)", "before increment", "after increment at count 0"])
        #expect(result.reduced == [.increment, .tag("slow")])
    }

    @Test func deferredResumeExitReduceAsSkipsLaterMiddlewaresAndReducesTheReplacement() async throws {
        let result = try await runSuspended(resumingWith: .exit(.reduceAs(.add(6))))
        #expect(result.outcome == "reduced")
        #expect(result.trail == ["before tag(slow)", "before increment", "after increment at count 0"])
        #expect(result.reduced == [.increment, .add(6)])
    }

    @Test func deferredResumeExitDoneConsumesTheAction() async throws {
        let result = try await runSuspended(resumingWith: .exit(.done))
        #expect(result.outcome == "consumed")
        #expect(result.trail == ["before tag(slow)", "before increment", "after increment at count 0"])
        #expect(result.reduced == [.increment])
    }

    @Test func deferredHandlerErrorGoesToResolversWithTheDeferringMiddlewareAsOrigin() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let store = deferringStore(gate, trail, resolvers: [pipeResolver("resolver", trail, .exit(.reduce))]) { _ in
            throw PipeError.boom
        }
        let ticket = store.dispatchTracked(.tag("slow"))
        gate.open()
        #expect(try await ticket.outcome.description == "recovered(reduce, reduced: true)")
        #expect(trail.values == [
            "before tag(slow)",
            "resolver boom from middleware defers#1 raised tag(slow) dispatched tag(slow)",
        ])
        #expect(store.state.reduced == [.tag("slow")])
    }

    @Test func deferredResumeExitResolveGoesToResolversWithTheDeferringMiddlewareAsOrigin() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let diagnostics = DiagnosticLines()
        let store = deferringStore(gate, trail, resolvers: [pipeResolver("resolver", trail)], diagnostics: diagnostics) { _ in
            .exit(.resolve(PipeError.other))
        }
        let ticket = store.dispatchTracked(.tag("slow"))
        gate.open()
        #expect(try await ticket.outcome.description == "failed(other)")
        diagnostics.expect(["action tag(slow) failed with no resolver handling it: other (origin: middleware defers#1"])
        #expect(trail.values == [
            "before tag(slow)",
            "resolver other from middleware defers#1 raised tag(slow) dispatched tag(slow)",
        ])
        #expect(store.state == PipeState())
    }

    @Test func deferredHandlerRunsOffTheMainActor() async throws {
        let running = DispatchSemaphore(value: 0)
        let store = makePipeStore(middlewares: [
            Middleware(id: "defers") { _ in
                .deferred { _ in
                    running.signal()
                    return .next
                }
            },
        ])
        let ticket = store.dispatchTracked(.increment)
        // The main actor stays busy in this synchronous wait: a handler that needed the main
        // actor could not start before it timed out.
        #expect(waitForSignal(running), "the handler did not run while the main actor was busy")
        #expect(try await ticket.outcome.description == "reduced")
    }

    @Test func deferredReadRunsOnTheMainActorAndReturnsAProjection() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let store = deferringStore(gate, trail) { effect in
            let count = try await effect.read { state in state.count }
            return .nextAs(.add(count * 10))
        }
        let ticket = store.dispatchTracked(.tag("slow"))
        store.dispatch(.increment)
        store.dispatch(.increment)
        gate.open()
        #expect(try await ticket.outcome.description == "reduced")
        #expect(store.state.reduced == [.increment, .increment, .add(20)], "the read saw the state at that time")
        #expect(store.count == 22)
    }

    @Test func deferredHandlerDispatchIsQueuedAheadOfItsResumption() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let store = deferringStore(gate, trail) { effect in
            effect.dispatch(.add(100))
            return .next
        }
        let ticket = store.dispatchTracked(.tag("slow"))
        gate.open()
        #expect(try await ticket.outcome.description == "reduced")
        try await store.settled(timeout: patience)
        #expect(store.state.reduced == [.add(100), .tag("slow")])
        #expect(trail.values == ["before tag(slow)", "before add(100)", "after add(100) at count 0", "after tag(slow) at count 100"])
    }

    @Test func deferredHandlerSeesItsDispatchOnceItAwaitsTheTicket() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let seen = SharedValue<Int?>(nil)
        let store = deferringStore(gate, trail) { effect in
            let outcome = try await effect.dispatchTracked(.add(100)).outcome
            trail.append("handler saw \(outcome.description)")
            seen.value = try await effect.read { state in state.count }
            return .next
        }
        let ticket = store.dispatchTracked(.tag("slow"))
        gate.open()
        #expect(try await ticket.outcome.description == "reduced")
        #expect(seen.value == 100)
        #expect(store.state.reduced == [.add(100), .tag("slow")])
    }
}

import Redux
import Testing

/// Resolvers: consulted in order on an error, the first answer other than `.defaultNext` wins.
@Suite("Resolvers", .timeLimit(.minutes(5)))
@MainActor
struct ResolverTests {
    /// "rewrites" turns the action into `.add(2)`, "raises" throws `boom`, "after" would record
    /// the action if it ran.
    private func failingStore(_ trail: SharedList<String>, resolvers: [Resolver<PipeState, PipeAction>]) -> PipeStore {
        makePipeStore(
            middlewares: [
                pipeMiddleware("rewrites", trail, .nextAs(.add(2))),
                Middleware(id: "raises") { _ in throw PipeError.boom },
                pipeMiddleware("after", trail, .next),
            ],
            resolvers: resolvers
        )
    }

    @Test func resolversRunInOrderAndTheFirstAnswerOtherThanDefaultNextWins() {
        let trail = SharedList<String>()
        let store = failingStore(trail, resolvers: [
            pipeResolver("declines", trail, .defaultNext),
            pipeResolver("handles", trail, .exit(.done)),
            pipeResolver("never", trail, .exit(.fail(PipeError.other))),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == [
            "rewrites increment",
            "declines boom from middleware raises#1 raised add(2) dispatched increment",
            "handles boom from middleware raises#1 raised add(2) dispatched increment",
        ])
        #expect(ticket.outcomeIfFinished?.description == "recovered(done, reduced: false)")
        #expect(store.state == PipeState())
    }

    @Test func resolverContextCarriesTheActionAsRaisedTheDispatchedActionAndTheState() {
        let seen = SharedValue<[String]>([])
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "rewrites") { context in
                    context.action == .tag("sent") ? .nextAs(.tag("raised")) : .next
                },
                Middleware(id: "raises") { context in
                    guard context.action == .tag("raised") else { return .next }
                    throw PipeError.boom
                },
            ],
            resolvers: [
                Resolver(id: "inspects") { context in
                    seen.value.append("\(context.action) \(context.dispatchedAction) \(context.error) \(context.origin) count \(context.count) \(context.state.reduced.count)")
                    return .exit(.done)
                },
            ]
        )
        store.dispatch(.add(7))
        store.dispatch(.tag("sent"))
        #expect(seen.value == ["tag(raised) tag(sent) boom middleware raises#1 count 7 1"])
    }

    @Test func recoveringAMiddlewareErrorSkipsTheRemainingMiddlewares() {
        let trail = SharedList<String>()
        let store = failingStore(trail, resolvers: [pipeResolver("recovers", trail, .exit(.reduce))])
        let ticket = store.dispatchTracked(.increment)
        #expect(!trail.values.contains { $0.hasPrefix("after") })
        #expect(ticket.outcomeIfFinished?.description == "recovered(reduce, reduced: true)")
    }

    @Test func resolverReduceReducesTheActionAsItWasWhenTheErrorWasRaised() {
        let trail = SharedList<String>()
        let store = failingStore(trail, resolvers: [pipeResolver("recovers", trail, .exit(.reduce))])
        let ticket = store.dispatchTracked(.increment)
        #expect(store.state.reduced == [.add(2)])
        #expect(store.count == 2)
        #expect(ticket.outcomeIfFinished?.description == "recovered(reduce, reduced: true)")
    }

    @Test func resolverReduceAsReducesTheReplacementDirectly() {
        let trail = SharedList<String>()
        let store = failingStore(trail, resolvers: [pipeResolver("recovers", trail, .exit(.reduceAs(.add(9))))])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values.filter { !$0.hasPrefix("recovers") } == ["rewrites increment"], "no middleware sees the replacement")
        #expect(store.state.reduced == [.add(9)])
        #expect(ticket.outcomeIfFinished?.description == "recovered(reduceAs(add(9)), reduced: true)")
    }

    @Test func recoveredOutcomeSaysWhetherAReducerHandledTheAction() {
        let trail = SharedList<String>()
        let store = failingStore(trail, resolvers: [pipeResolver("recovers", trail, .exit(.reduceAs(.ignored)))])
        let ticket = store.dispatchTracked(.increment)
        #expect(store.state == PipeState())
        #expect(ticket.outcomeIfFinished?.description == "recovered(reduceAs(ignored), reduced: false)")
    }

    @Test func resolverFailFailsTheActionWithItsErrorAndLeavesTheState() {
        let trail = SharedList<String>()
        let store = failingStore(trail, resolvers: [pipeResolver("gives up", trail, .exit(.fail(PipeError.other)))])
        let ticket = store.dispatchTracked(.increment)
        #expect(store.state == PipeState())
        #expect(ticket.outcomeIfFinished?.description == "failed(other)")
    }

    @Test func unresolvedErrorFailsTheActionLeavesTheStateAndTheStoreKeepsWorking() {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "raises") { context in
                    guard context.action == .tag("bad") else { return .next }
                    throw PipeError.boom
                },
            ],
            resolvers: [pipeResolver("declines", trail)],
            log: log
        )
        store.dispatch(.increment)
        let failed = store.dispatchTracked(.tag("bad"))
        #expect(failed.outcomeIfFinished?.description == "failed(boom)")
        #expect(store.state.reduced == [.increment])
        #expect(log.lines(sequence: 2).last == "2 tag(bad): terminal failed(boom)", "the failure is logged")
        let next = store.dispatchTracked(.increment)
        #expect(next.outcomeIfFinished?.description == "reduced")
        #expect(store.state.reduced == [.increment, .increment])
    }

    @Test func errorWithNoResolverAtAllFailsTheAction() {
        let diagnostics = DiagnosticLines()
        let store = makePipeStore(middlewares: [Middleware(id: "raises") { _ in .exit(.resolve(PipeError.boom)) }], diagnostics: diagnostics)
        let ticket = store.dispatchTracked(.increment)
        #expect(ticket.outcomeIfFinished?.description == "failed(boom)")
        #expect(store.state == PipeState())
        diagnostics.expect(["action increment failed with no resolver handling it: boom (origin: middleware raises#0"])
    }
}

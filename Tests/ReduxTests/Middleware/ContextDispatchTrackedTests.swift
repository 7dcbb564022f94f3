import Redux
import Testing

/// `MiddlewareContext.dispatchTracked` and `ResolverContext.dispatchTracked` queue the action
/// behind the current one, like their `dispatch`, and return a ticket that answers its outcome.
@Suite("Tracked dispatch from contexts")
@MainActor
struct ContextDispatchTrackedTests {
    @Test func middlewareDispatchTrackedIsQueuedBehindTheCurrentAction() async throws {
        let tickets = SharedValue<[DispatchTicket<PipeAction>]>([])
        let answeredInside = SharedValue<[Bool]>([])
        let store = makePipeStore(middlewares: [
            Middleware(id: "spawns") { context in
                if context.action == .tag("spawn") {
                    let ticket = context.dispatchTracked(.add(2))
                    tickets.value.append(ticket)
                    answeredInside.value.append(ticket.outcomeIfFinished != nil)
                }
                return .next
            },
        ])
        store.dispatch(.tag("spawn"))
        #expect(store.reduced == [.tag("spawn"), .add(2)], "processed after the current action, before dispatch returned")
        #expect(answeredInside.value == [false], "not processed inside the middleware's call")
        let ticket = try #require(tickets.value.first)
        #expect(ticket.outcomeIfFinished == .reduced)
        #expect(try await ticket.outcome == .reduced)
    }

    @Test func middlewareTicketMatchesTheLogBySequence() throws {
        let log = LogRecorder<PipeAction>()
        let tickets = SharedValue<[DispatchTicket<PipeAction>]>([])
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "spawns") { context in
                    if context.action == .tag("spawn") { tickets.value.append(context.dispatchTracked(.ignored)) }
                    return .next
                },
            ],
            log: log
        )
        store.dispatch(.tag("spawn"))
        let ticket = try #require(tickets.value.first)
        #expect(ticket.outcomeIfFinished == .unhandled)
        #expect(log.lines(sequence: ticket.sequence) == [
            "2 ignored: enqueued",
            "2 ignored: middleware spawns#0 next",
            "2 ignored: reducer record#0 defaultNext",
            "2 ignored: terminal unhandled",
        ])
    }

    @Test func trackedDispatchWithoutALogHandlerStillDrawsASequenceNumber() throws {
        let tickets = SharedValue<[DispatchTicket<PipeAction>]>([])
        let store = makePipeStore(middlewares: [
            Middleware(id: "spawns") { context in
                if context.action == .tag("spawn") { tickets.value.append(context.dispatchTracked(.increment)) }
                return .next
            },
        ])
        store.dispatch(.tag("spawn"))
        store.dispatch(.tag("spawn"))
        let sequences = tickets.value.map(\.sequence)
        #expect(sequences.count == 2)
        #expect(sequences.allSatisfy { $0 > 0 })
        #expect(sequences[0] < sequences[1])
    }

    @Test func resolverDispatchTrackedIsQueuedBehindTheCurrentAction() async throws {
        let tickets = SharedValue<[DispatchTicket<PipeAction>]>([])
        let answeredInside = SharedValue<[Bool]>([])
        let store = makePipeStore(
            middlewares: [pipeRouterMiddleware()],
            resolvers: [Resolver(id: "retries") { context in
                let ticket = context.dispatchTracked(.add(3))
                tickets.value.append(ticket)
                answeredInside.value.append(ticket.outcomeIfFinished != nil)
                return .exit(.done)
            }]
        )
        let failing = store.dispatchTracked(.tag("throw"))
        #expect(failing.outcomeIfFinished == .recovered(.done, reduced: false))
        #expect(store.reduced == [.add(3)])
        #expect(answeredInside.value == [false])
        let ticket = try #require(tickets.value.first)
        #expect(try await ticket.outcome == .reduced)
        #expect(ticket.sequence > failing.sequence)
    }

    @Test func resolverDispatchTrackedForATaskErrorIsQueuedBehindTheErrorStep() async throws {
        let tickets = SharedValue<[DispatchTicket<PipeAction>]>([])
        let store = makePipeStore(
            middlewares: [pipeRouterMiddleware()],
            resolvers: [Resolver(id: "retries") { context in
                if case .effect = context.origin { tickets.value.append(context.dispatchTracked(.add(10))) }
                return .exit(.done)
            }]
        )
        store.dispatch(.tag("task"))
        try await store.settled(timeout: patience)
        let ticket = try #require(tickets.value.first)
        #expect(try await ticket.outcome == .reduced)
        #expect(store.count == 11, "the task's own increment and the resolver's add(10)")
    }
}

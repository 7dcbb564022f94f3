import Redux
import Testing

@Suite("Task error ordering", .timeLimit(.minutes(5)))
@MainActor
struct TaskErrorOrderingTests {
    struct Boom: Error {}

    /// A `.task` fails while a later middleware keeps its action suspended in `.deferred`: the
    /// error still reaches the resolvers only after the action's terminal.
    @Test func taskErrorWaitsForItsSuspendedActionsTerminal() async throws {
        let kinds = SharedList<String>()
        let store = Store<CounterState, CounterAction>(
            initialState: CounterState(),
            reducers: [counterReducer()],
            middlewares: [
                Middleware(id: "starts") { context in
                    context.action == .mark("go") ? .task { _ in throw Boom() } : .next
                },
                Middleware(id: "defers") { context in
                    guard context.action == .mark("go") else { return .next }
                    return .deferred { effect in
                        // 150 ms real time (the store's clock is a ContinuousClock): usually long
                        // enough for the task's error to arrive while "go" is suspended, the case
                        // the rule is about. It cannot fail a correct store: an error that comes
                        // later arrives after the terminal anyway, and the order checked is the same.
                        try await effect.sleep(for: .milliseconds(150))
                        return .next
                    }
                },
            ],
            resolvers: [Resolver(id: "reduces") { _ in .exit(.reduce) }],
            onLog: { event in
                switch event.kind {
                case .terminal(let outcome): kinds.append("terminal \(outcome)")
                case .effectFailed: kinds.append("effectFailed")
                case .effectErrorResolved(let resolution): kinds.append("resolved \(resolution)")
                default: break
                }
            }
        )
        let outcome = try await store.dispatchTracked(.mark("go")).outcome
        try await store.settled(timeout: patience)
        #expect("\(outcome)" == "reduced")
        #expect(kinds.values == ["terminal reduced", "effectFailed", "resolved ignoredReduce"])
    }
}

import Redux
import Testing

@Suite("Middleware context lifetime", .timeLimit(.minutes(1)))
@MainActor
struct MiddlewareContextLifetimeTests {
    /// A context kept past its middleware call (against the advice) never reaches freed memory:
    /// it keeps the store alive, and using it later reads the state and dispatches normally.
    @Test func contextKeptPastItsCallNeverReachesAFreedStore() async throws {
        let read = SharedValue<Int?>(nil)
        let done = SharedValue(false)
        weak var weakStore: Store<CounterState, CounterAction>?
        do {
            let store = Store<CounterState, CounterAction>(
                initialState: CounterState(),
                reducers: [counterReducer()],
                middlewares: [Middleware(id: "keeps") { context in
                    if context.action == .mark("go") {
                        Task { @MainActor in
                            try? await Task.sleep(for: .milliseconds(20))
                            context.dispatch(.increment)
                            read.value = context.state.count
                            done.value = true
                        }
                    }
                    return .next
                }]
            )
            weakStore = store
            store.dispatch(.mark("go"))
        }
        while !done.value { try await Task.sleep(for: .milliseconds(5)) }
        #expect(read.value == 1)
        try await Task.sleep(for: .milliseconds(20))
        #expect(weakStore == nil, "once the kept context is gone, the store is freed")
    }
}

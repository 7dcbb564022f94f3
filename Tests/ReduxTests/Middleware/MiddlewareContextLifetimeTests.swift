import Redux
import Testing

@Suite("Middleware context lifetime", .timeLimit(.minutes(5)))
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
                            // Runs after the middleware call and after the test's `do` block
                            // (both hold the main actor until they end): the context is used
                            // past its call with no wait needed.
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
        #expect(await yieldUntil { done.value }, "the kept context was used")
        #expect(read.value == 1)
        // The task that kept the context is released once it has ended, a moment after it set
        // `done`: wait for the store to go (a condition; `patience` only guards against a hang).
        #expect(await yieldUntil { weakStore == nil }, "once the kept context is gone, the store is freed")
    }
}

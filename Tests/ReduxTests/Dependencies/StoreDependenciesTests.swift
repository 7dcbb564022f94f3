import Redux
import Testing

/// A store given dependencies binds them wherever it runs components and in every task it
/// starts; a store given none binds nothing.
@Suite("Store dependencies")
@MainActor
struct StoreDependenciesTests {
    @Test func reducerReadsTheStoresValue() {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: greetingDependencies("store")))
        store.dispatch(.read)
        #expect(store.seen == ["store"])
    }

    @Test func reducerReadsTheStoresValueOverTheCallersScope() {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: greetingDependencies("store")))
        Dependencies.withValues { $0.greeting = "caller" } operation: {
            store.dispatch(.read)
        }
        #expect(store.seen == ["store"])
    }

    @Test func middlewareAndInstallHookReadTheStoresValue() {
        let seen = SharedList<String>()
        let reader = Middleware<GreetingLog, GreetingAction>(id: "reader", install: { context in
            @Dependency(\.greeting) var greeting
            seen.append("install: \(greeting)")
            context.dispatch(.read)
        }) { _ in
            @Dependency(\.greeting) var greeting
            seen.append("middleware: \(greeting)")
            return .next
        }
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], middlewares: [reader], options: StoreOptions(dependencies: greetingDependencies("store")))
        store.dispatch(.other)
        #expect(seen.values == ["install: store", "middleware: store", "middleware: store"])
        #expect(store.seen == ["store"], "the install hook's dispatch was reduced with the store's value")
    }

    @Test func effectRunBodyReadsTheStoresValueInItsDetachedTask() async throws {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: greetingDependencies("store")))
        store.dispatch(.readInEffect)
        try await store.settled(timeout: patience)
        #expect(store.seen == ["effect: store"])
    }

    @Test func middlewareTaskAndDeferredBodiesReadTheStoresValue() async throws {
        let worker = Middleware<GreetingLog, GreetingAction>(id: "worker") { context in
            switch context.action {
            case .other:
                return .task { effect in
                    @Dependency(\.greeting) var greeting
                    effect.dispatch(.record("task: \(greeting)"))
                }
            case .read:
                return .deferred { _ in
                    @Dependency(\.greeting) var greeting
                    return .nextAs(.record("deferred: \(greeting)"))
                }
            default:
                return .next
            }
        }
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], middlewares: [worker], options: StoreOptions(dependencies: greetingDependencies("store")))
        store.dispatch(.other)
        try await store.settled(timeout: patience)
        store.dispatch(.read)
        try await store.settled(timeout: patience)
        #expect(store.seen == ["task: store", "deferred: store"])
    }

    @Test func resolverRecoveringATaskErrorReadsTheStoresValue() async throws {
        struct TaskFailed: Error {}
        let failing = Middleware<GreetingLog, GreetingAction>(id: "failing") { context in
            guard context.action == .other else { return .next }
            return .task { _ in throw TaskFailed() }
        }
        let recover = Resolver<GreetingLog, GreetingAction>(id: "recover") { _ in
            @Dependency(\.greeting) var greeting
            return .exit(.reduceAs(.record("resolver: \(greeting)")))
        }
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], middlewares: [failing], resolvers: [recover], options: StoreOptions(dependencies: greetingDependencies("store")))
        store.dispatch(.other)
        try await store.settled(timeout: patience)
        #expect(store.seen == ["resolver: store"])
    }

    @Test func actionFromAnotherIsolationIsReducedWithTheStoresValue() async throws {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: greetingDependencies("store")))
        await Task.detached { store.dispatch(.read) }.value
        try await store.settled(timeout: patience)
        #expect(store.seen == ["store"])
    }

    @Test func unsetKeyGivesLiveValueInALiveStoreAndTestValueInATestStore() async throws {
        let live = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: Dependencies()))
        let test = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: Dependencies(context: .test)))
        for store in [live, test] {
            store.dispatch(.read)
            store.dispatch(.readInEffect)
            try await store.settled(timeout: patience)
        }
        #expect(live.seen == ["live greeting", "effect: live greeting"])
        #expect(test.seen == ["test greeting", "effect: test greeting"])
    }

    @Test func storeWithoutDependenciesLeavesCurrentAsTheCallerHasIt() async throws {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer])
        store.dispatch(.read)
        Dependencies.withValues { $0.greeting = "caller" } operation: {
            store.dispatch(.read)
            // Effects run in detached tasks, which inherit no task-local: nothing is bound.
            store.dispatch(.readInEffect)
        }
        try await store.settled(timeout: patience)
        #expect(store.seen == ["live greeting", "caller", "effect: live greeting"])
        #expect(store.dependencies.greeting == "live greeting", "an empty live container")
    }

    @Test func twoStoresNeverSeeEachOthersDependencies() async throws {
        let second = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: greetingDependencies("second")))
        // The first store's middleware dispatches to the second on the main actor: the second
        // processes it at once, inside the first's pass, with its own values.
        let forward = Middleware<GreetingLog, GreetingAction>(id: "forward") { context in
            if context.action == .read { second.dispatch(.read) }
            return .next
        }
        let first = Store(initialState: GreetingLog(), reducers: [greetingReducer], middlewares: [forward], options: StoreOptions(dependencies: greetingDependencies("first")))
        first.dispatch(.read)
        first.dispatch(.readInEffect)
        second.dispatch(.readInEffect)
        try await first.settled(timeout: patience)
        try await second.settled(timeout: patience)
        #expect(first.seen == ["first", "effect: first"])
        #expect(second.seen == ["second", "effect: second"])
    }
}

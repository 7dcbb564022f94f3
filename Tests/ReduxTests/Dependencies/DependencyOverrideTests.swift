import Redux
import Testing

/// Setting `store.dependencies` between dispatches: later actions and later effects see the new
/// values; work already running keeps the values it started with.
@Suite("Overriding a store's dependencies")
@MainActor
struct DependencyOverrideTests {
    /// On `.other`, starts an effect that waits for `gate`, then reads the greeting and sends it;
    /// `concatenated` puts the wait and the read in two parts of a concatenation.
    static func heldReader(_ gate: Gate, concatenated: Bool) -> Reducer<GreetingLog, GreetingAction> {
        Reducer(id: "held", reduction: { _, action in
            guard action == .other else { return Reduction(.defaultNext) }
            let read = Effect<GreetingAction>.run { send in
                @Dependency(\.greeting) var greeting
                send(.record("held: \(greeting)"))
            }
            let wait = Effect<GreetingAction>.run { _ in
                _ = await gate.waitOpened(ifCancelled: .stopWaiting)
            }
            if concatenated { return .next(.concatenate(wait, read)) }
            return .next(.run { send in
                _ = await gate.waitOpened(ifCancelled: .stopWaiting)
                @Dependency(\.greeting) var greeting
                send(.record("held: \(greeting)"))
            })
        })
    }

    @Test func overrideBetweenDispatchesReachesLaterActionsAndLaterEffects() async throws {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer], options: StoreOptions(dependencies: greetingDependencies("first")))
        store.dispatch(.read)
        store.dispatch(.readInEffect)
        try await store.settled(timeout: patience)
        store.dependencies.greeting = "second"
        store.dispatch(.read)
        store.dispatch(.readInEffect)
        try await store.settled(timeout: patience)
        #expect(store.seen == ["first", "effect: first", "second", "effect: second"])
        #expect(store.dependencies.greeting == "second")
    }

    @Test func runningEffectKeepsTheValuesItStartedWith() async throws {
        try await expectHeldEffectKeepsItsValues(concatenated: false)
    }

    @Test func laterPartOfARunningConcatenationKeepsTheValuesItStartedWith() async throws {
        try await expectHeldEffectKeepsItsValues(concatenated: true)
    }

    /// Starts a held effect with "first", overrides with "second", checks a later action and a
    /// later effect see "second", then releases the held effect: its read, made after the
    /// override, still sees "first".
    func expectHeldEffectKeepsItsValues(concatenated: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let gate = Gate()
        let store = Store(
            initialState: GreetingLog(),
            reducers: [greetingReducer, Self.heldReader(gate, concatenated: concatenated)],
            options: StoreOptions(dependencies: greetingDependencies("first"))
        )
        store.dispatch(.other)
        store.dependencies.greeting = "second"
        store.dispatch(.read)
        store.dispatch(.readInEffect)
        #expect(store.activeTaskCount >= 1, "the held effect is still running", sourceLocation: sourceLocation)
        gate.open()
        try await store.settled(timeout: patience)
        #expect(store.seen.count == 3, "\(store.seen)", sourceLocation: sourceLocation)
        #expect(Set(store.seen) == ["second", "effect: second", "held: first"], sourceLocation: sourceLocation)
    }

    @Test func settingDependenciesOnAStoreCreatedWithoutThemStartsBindingThem() async throws {
        let store = Store(initialState: GreetingLog(), reducers: [greetingReducer])
        Dependencies.withValues { $0.greeting = "caller" } operation: {
            store.dispatch(.read)
            store.dependencies = Dependencies(context: .test)
            store.dispatch(.read)
            store.dispatch(.readInEffect)
        }
        try await store.settled(timeout: patience)
        #expect(store.seen == ["caller", "test greeting", "effect: test greeting"])
    }
}

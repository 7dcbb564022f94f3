import Foundation
import Testing
import ReduxTesting

/// An incrementing id generator: a reference, so every copy of the container shares its count.
final class IncrementingIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var next: Int
    init(startingAt first: Int = 1) { next = first }
    func callAsFunction() -> Int { lock.withLock { defer { next += 1 }; return next } }
    var peek: Int { lock.withLock { next } }
}

enum TodoIDKey: DependencyKey {
    static var liveValue: IncrementingIDs { IncrementingIDs(startingAt: 1_000) }
    static var testValue: IncrementingIDs { IncrementingIDs(startingAt: 0) }
}

extension Dependencies {
    var todoIDs: IncrementingIDs {
        get { self[TodoIDKey.self] }
        set { self[TodoIDKey.self] = newValue }
    }
}

struct Todos: Equatable, Sendable {
    var ids: [Int] = []
}

enum TodosAction: Equatable, Sendable {
    case add, addLater, added(Int)
}

let todosReducer = Reducer<Todos, TodosAction>(id: "todos", effects: { state, action in
    @Dependency(\.todoIDs) var nextID
    switch action {
    case .add:
        state.ids.append(nextID())
        return .none
    case .addLater:
        return .run { send in
            @Dependency(\.todoIDs) var nextID
            send(.added(nextID()))
        }
    case .added(let id):
        state.ids.append(id)
        return .none
    }
})

@MainActor
@Suite struct TestStoreDependencyTests {
    @Test func dependenciesGivenAtCreationReachReducersAndEffects() async {
        let ids = IncrementingIDs(startingAt: 1)
        let store = TestStore(initialState: Todos(), reducers: [todosReducer], dependencies: { $0.todoIDs = ids })
        await store.send(.add) { $0.ids = [1] }
        await store.send(.addLater)
        await store.receive(.added(2)) { $0.ids = [1, 2] }
        await store.finish()
    }

    @Test func expectedMutationNeverAdvancesTheFeaturesGenerator() async {
        let ids = IncrementingIDs(startingAt: 1)
        let store = TestStore(initialState: Todos(), reducers: [todosReducer], dependencies: { $0.todoIDs = ids })
        await store.send(.add) { state in
            // A closure that reads the dependency gets a fresh test container, not the store's:
            // the feature's generator is not advanced by the assertion.
            @Dependency(\.todoIDs) var nextID
            #expect(nextID() == 0)
            state.ids = [1]
        }
        #expect(ids.peek == 2)
        await store.send(.add) { $0.ids = [1, 2] }
        await store.finish()
    }

    @Test func overrideBetweenStepsReachesLaterActionsAndEffects() async {
        let store = TestStore(initialState: Todos(), reducers: [todosReducer], dependencies: { $0.todoIDs = IncrementingIDs(startingAt: 1) })
        await store.send(.add) { $0.ids = [1] }
        store.dependencies.todoIDs = IncrementingIDs(startingAt: 100)
        await store.send(.add) { $0.ids = [1, 100] }
        await store.send(.addLater)
        await store.receive(.added(101)) { $0.ids = [1, 100, 101] }
        await store.finish()
    }

    @Test func unsetKeysGiveTheirTestValue() async {
        let store = TestStore(initialState: Todos(), reducers: [todosReducer])
        #expect(store.dependencies.context == .test)
        await store.send(.add) { $0.ids = [0] }
        await store.finish()
    }

    @Test func theHarnessesBindTheirTestDependencies() async {
        let ids = IncrementingIDs(startingAt: 7)
        let middleware = Middleware<Todos, TodosAction>(id: "ids") { context in
            guard context.action == .addLater else { return .next }
            return .task { effect in
                @Dependency(\.todoIDs) var nextID
                effect.dispatch(.added(nextID()))
            }
        }
        let harness = MiddlewareHarness(middleware, state: Todos(), dependencies: { $0.todoIDs = ids })
        await harness.run(.addLater)
        #expect(harness.dispatched == [.added(7)])
        let resolver = Resolver<Todos, TodosAction>(id: "ids") { _ in
            @Dependency(\.todoIDs) var nextID
            return .exit(.reduceAs(.added(nextID())))
        }
        let resolverHarness = ResolverHarness(resolver, state: Todos(), dependencies: { $0.todoIDs = ids })
        let run = await resolverHarness.run(.add, error: WorkError(reason: "ids"))
        #expect(run.outcome == .recovered(.reduceAs(.added(8)), reduced: true))
    }
}

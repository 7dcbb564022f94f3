import Redux
import Testing

/// A middleware's handler takes the label `handle:` (trailing-closure use unchanged), and each
/// component type names its body with a typealias, so a body can be written and passed around
/// on its own.
@Suite("Component bodies")
@MainActor
struct ComponentBodyTypesTests {
    @Test func middlewareHandlerTakesTheHandleLabel() {
        let trail = SharedList<String>()
        let install: Middleware<PipeState, PipeAction>.InstallHook = { context in context.dispatch(.add(5)) }
        let handle: Middleware<PipeState, PipeAction>.Handler = { context in
            trail.append("saw \(context.action)")
            return .next
        }
        let store = makePipeStore(middlewares: [
            Middleware(id: "labelled", install: install, handle: handle),
            Middleware(id: "trailing") { _ in .next },
        ])
        store.dispatch(.increment)
        #expect(trail.values == ["saw add(5)", "saw increment"])
        #expect(store.count == 6)
    }

    @Test func resolverAndReducerBodiesHaveNamedTypes() {
        let resolve: Resolver<PipeState, PipeAction>.Handler = { _ in .exit(.reduceAs(.add(7))) }
        let body: Reducer<PipeState, PipeAction>.Body = { state, action in
            guard case .add(let amount) = action else { return .defaultNext }
            state.count += amount
            return .next
        }
        let store = makePipeStore(
            middlewares: [pipeRouterMiddleware()],
            resolvers: [Resolver(id: "named", resolve)],
            reducers: [Reducer(id: "named", body)]
        )
        store.dispatch(.tag("throw"))
        #expect(store.count == 7)
    }
}

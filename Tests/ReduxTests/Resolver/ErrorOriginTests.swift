import Redux
import Testing

/// An error origin names its component without a `switch`: `componentID` and `position`.
@Suite("Error origins")
@MainActor
struct ErrorOriginTests {
    @Test func originExposesComponentIDAndPositionWithoutASwitch() {
        let middleware = ErrorOrigin.middleware(id: "auth", position: 1)
        #expect(middleware.componentID == "auth")
        #expect(middleware.position == 1)
        let effect = ErrorOrigin.effect(middlewareID: "loader", position: 3)
        #expect(effect.componentID == "loader")
        #expect(effect.position == 3)
    }

    @Test func resolverReadsTheRaisingMiddlewareFromItsOrigin() async throws {
        let seen = SharedValue<[String]>([])
        let store = makePipeStore(
            middlewares: [pipeMiddleware("first", SharedList<String>()), pipeRouterMiddleware(id: "router")],
            resolvers: [Resolver(id: "reads") { context in
                seen.value.append("\(context.origin.componentID)#\(context.origin.position)")
                return .exit(.done)
            }]
        )
        store.dispatch(.tag("throw"))
        store.dispatch(.tag("task"))
        try await store.settled(timeout: patience)
        #expect(seen.value == ["router#1", "router#1"])
    }
}

import Redux
import Testing

/// `EffectContext.read` takes a key path as well as a closure: `effect.read(\.count)`.
@Suite("Effect context reads")
@MainActor
struct EffectContextReadTests {
    @Test func readTakesAKeyPath() async throws {
        let seen = SharedValue<[Int]>([])
        let store = makePipeStore(
            PipeState(count: 41),
            middlewares: [
                Middleware(id: "reads") { context in
                    guard context.action == .tag("read") else { return .next }
                    return .task { effect in
                        let byKeyPath = try await effect.read(\.count)
                        let byClosure = try await effect.read { state in state.count }
                        seen.value = [byKeyPath, byClosure]
                    }
                },
            ]
        )
        store.dispatch(.increment)
        store.dispatch(.tag("read"))
        try await store.settled(timeout: patience)
        #expect(seen.value == [42, 42])
    }
}

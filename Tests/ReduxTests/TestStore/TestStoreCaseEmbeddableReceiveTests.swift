import Redux
import ReduxTesting
import Testing

/// An action whose embeddings are stored properties: their key paths can describe themselves
/// (`\Embeddings.pong`), so a failure names the case.
private enum PingAction: Equatable, Sendable, CaseEmbeddable {
    case ping
    case pong(Int)
    case other(Int)

    struct Embeddings: Sendable {
        let pong = Embedding<PingAction, Int>(extract: { if case .pong(let value) = $0 { value } else { nil } }, embed: PingAction.pong)
        let other = Embedding<PingAction, Int>(extract: { if case .other(let value) = $0 { value } else { nil } }, embed: PingAction.other)
    }

    static var embeddings: Embeddings { Embeddings() }
}

private let pinger = Reducer<Int, PingAction>(id: "pinger", effects: { state, action in
    switch action {
    case .ping: return .send(.pong(7))
    case .pong(let value), .other(let value):
        state += value
        return .none
    }
})

/// `receive(\.case)` and `receive(\.case, payload)` match, and fail to match, exactly as the
/// `Embedding` forms they mirror. Each failure is caught with `withKnownIssue`, so a form that
/// reported nothing would fail these tests.
@MainActor
@Suite struct TestStoreCaseEmbeddableReceiveTests {
    /// A store whose `.fixed(.echo)` makes the fixed job send `.fixed(.finished)`.
    private func echoingStore() async -> TestStore<Home, HomeAction> {
        let store = TestStore(initialState: Home(), reducers: homeReducers())
        await store.send(.fixed(.echo))
        return store
    }

    @Test func receivingACaseByKeyPathMatchesWhatItsEmbeddingMatches() async {
        let byKeyPath = await echoingStore()
        let keyPathStep = await byKeyPath.receive(\.fixed) { $0.fixed.count = 100; $0.fixed.log = ["finished"] }
        await byKeyPath.finish()
        let byEmbedding = await echoingStore()
        let embeddingStep = await byEmbedding.receive(HomeAction.embeddings.fixed) { $0.fixed.count = 100; $0.fixed.log = ["finished"] }
        await byEmbedding.finish()
        #expect(keyPathStep?.action == .fixed(.finished))
        #expect(keyPathStep?.action == embeddingStep?.action)
        #expect(keyPathStep?.outcome == embeddingStep?.outcome)
    }

    @Test func receivingACaseAndPayloadByKeyPathMatchesWhatItsEmbeddingMatches() async {
        let byKeyPath = await echoingStore()
        let keyPathStep = await byKeyPath.receive(\.fixed, .finished) { $0.fixed.count = 100; $0.fixed.log = ["finished"] }
        await byKeyPath.finish()
        let byEmbedding = await echoingStore()
        let embeddingStep = await byEmbedding.receive(HomeAction.embeddings.fixed, .finished) { $0.fixed.count = 100; $0.fixed.log = ["finished"] }
        await byEmbedding.finish()
        #expect(keyPathStep?.action == .fixed(.finished))
        #expect(keyPathStep?.action == embeddingStep?.action)
    }

    @Test func receivingAnotherCaseByKeyPathFails() async {
        let store = await echoingStore()
        await withKnownIssue {
            await store.receive(\.sheet)
        } matching: { issue in
            String(describing: issue).contains("Expected to receive an action of the case given, but the store received .fixed(.finished)")
        }
        await store.finish()
    }

    @Test func receivingAnotherPayloadByKeyPathFailsShowingTheActionExpected() async {
        let store = await echoingStore()
        await withKnownIssue {
            await store.receive(\.fixed, .increment)
        } matching: { issue in
            String(describing: issue).contains(
                "Expected to receive an action of the case given with payload .increment (.fixed(.increment)), but the store received .fixed(.finished)"
            )
        }
        await store.finish()
    }

    @Test func aFailureNamesTheCaseWhenTheKeyPathDescribesItself() async {
        let store = TestStore(initialState: 0, reducers: [pinger])
        await store.send(.ping)
        await withKnownIssue {
            await store.receive(\.other)
        } matching: { issue in
            String(describing: issue).contains("Expected to receive an action of the case `\\Embeddings.other`, but the store received .pong(7)")
        }
        await store.finish()
    }

    @Test func aCaseWhoseKeyPathDescribesItselfStillMatches() async {
        let store = TestStore(initialState: 0, reducers: [pinger])
        await store.send(.ping)
        await store.receive(\.pong, 7) { $0 = 7 }
        await store.finish()
    }

    @Test func receivingByKeyPathWhenNothingArrivesFails() async {
        let store = TestStore(initialState: 0, reducers: [pinger])
        await store.send(.other(1)) { $0 = 1 }
        await withKnownIssue {
            await store.receive(\.pong)
        } matching: { issue in
            String(describing: issue).contains("Expected to receive an action of the case `\\Embeddings.pong`, but nothing was received")
        }
        await store.finish()
    }
}

// Sources/Redux/Redux.docc/TestingFeatures.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so); each block is a test of its own, on the search feature of EffectsBlocks.swift.
import Foundation
import Redux
import ReduxTesting
import Testing

@Suite("TestingFeatures.md examples")
struct TestingFeaturesBlocks {
    @Test @MainActor
    func typingQuicklySearchesOnce() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: Search(),
            reducers: [searchReducer(client: SearchClient { query in ["\(query) result"] })],
            clock: clock
        )
        await store.send(.queryChanged("sw")) {
            $0.query = "sw"
            $0.isLoading = true
        }
        await store.send(.queryChanged("swift")) { $0.query = "swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.resultsLoaded(["swift result"])) {
            $0.results = ["swift result"]
            $0.isLoading = false
        }
        await store.finish()
    }

    @Test @MainActor
    func theDeferredLookupResumesWithItsResult() async {
        let clock = TestClock()
        let lookup = Middleware<Search, SearchAction>(id: "lookup") { context in
            guard case .queryChanged = context.action else { return .next }
            return .deferred { effect in
                try await effect.sleep(for: .seconds(1))
                return .nextAs(.resultsLoaded(["cached"]))
            }
        }
        let store = TestStore(
            initialState: Search(),
            reducers: [searchReducer(client: SearchClient { _ in [] })],
            middlewares: [lookup],
            clock: clock
        )
        let step = await store.send(.queryChanged("swift"))
        #expect(step.outcome == nil)
        await clock.advance(by: .seconds(1))
        await store.resumed(step) { $0.results = ["cached"] }
        #expect(step.outcome == .reduced)
        await store.finish()
    }

    @Test @MainActor
    func notesGetTheIDsTheTestChose() async {
        let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let store = TestStore(initialState: Notes(), reducers: [notesReducer]) {
            $0.noteID = NoteIDGenerator { id }
        }
        await store.send(.add) { $0.ids = [id] }
        await store.receive(.added(id)) { $0.ids = [id, id] }
        await store.finish()
    }

    @Test @MainActor
    func theGuardConsumesEmptyQueries() async {
        let guardEmpty = Middleware<Search, SearchAction>(id: "guard") { context in
            if case .queryChanged("") = context.action { return .exit(.done) }
            return .next
        }
        let harness = MiddlewareHarness(guardEmpty, state: Search())
        let run = await harness.run(.queryChanged(""))
        #expect(run.exit == .done)
        #expect(run.outcome == .consumed)
        #expect(run.dispatched.isEmpty)
    }
}

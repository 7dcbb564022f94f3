// Sources/Redux/Redux.docc/VirtualTime.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so); the block is a test of its own, on the search feature of EffectsBlocks.swift.
import Redux
import ReduxTesting
import Testing

@Suite("VirtualTime.md example")
struct VirtualTimeBlocks {
    @Test @MainActor
    func debouncedSearchFindsTheLastQuery() async throws {
        let clock = TestClock()
        let client = SearchClient { query in ["\(query) result"] }
        let store = Store(
            initialState: Search(),
            reducers: [searchReducer(client: client)],
            options: StoreOptions(clock: clock)
        )
        store.dispatch(.queryChanged("s"))
        store.dispatch(.queryChanged("sw"))
        store.dispatch(.queryChanged("swift"))
        await clock.advance(by: .milliseconds(300))
        try await store.quiescent(timeout: .seconds(60))
        #expect(store.results == ["swift result"])
        #expect(!store.isLoading)
    }
}

// Sources/Redux/Redux.docc/Effects.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; DocExamplesTests runs them). Top-level code, as a reader would write it (its names
// are unique in the test target).
import Redux

struct Search: Sendable, Equatable {
    var query = ""
    var results: [String] = []
    var isLoading = false
}

enum SearchAction: Sendable, Equatable {
    case queryChanged(String)
    case resultsLoaded([String])
    case searchFailed(String)
}

struct SearchClient: Sendable {
    var search: @Sendable (String) async throws -> [String]
}

func searchReducer(client: SearchClient) -> Reducer<Search, SearchAction> {
    Reducer(id: "search", effects: { state, action in
        switch action {
        case .queryChanged(let query):
            state.query = query
            state.isLoading = true
            return .run { send in
                send(.resultsLoaded(try await client.search(query)))
            }
            .debounce(id: "search", for: .milliseconds(300))
        case .resultsLoaded(let results):
            state.results = results
            state.isLoading = false
            return .none
        case .searchFailed:
            state.isLoading = false
            return .none
        }
    })
}

enum Download: Hashable, Sendable { case request }

func downloadEffect(_ url: String) -> Effect<SearchAction> {
    Effect.run { send in
        try await send.sleep(for: .seconds(1))   // stands for the network
        send(.resultsLoaded([url]))
    }
    .cancellable(id: Download.request, cancelInFlight: true)
}

func loadEffect(client: SearchClient, query: String) -> Effect<SearchAction> {
    .run { send in
        send(.resultsLoaded(try await client.search(query)))
    } catch: { error, send in
        send(.searchFailed("\(error)"))
    }
}

@MainActor
func refresh(_ store: Store<Search, SearchAction>) async {
    await store.dispatchTracked(.queryChanged(store.query)).waitForEffects()
}

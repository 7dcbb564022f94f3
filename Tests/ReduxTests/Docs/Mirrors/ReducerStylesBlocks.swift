// Sources/Redux/Redux.docc/ReducerStyles.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so), with a test that runs the Command-style player.
import Redux
import Testing

struct ReadingList: Sendable, Equatable {
    var titles: [String] = []
    var isLoading = false
}

enum ReadingAction: Sendable, Equatable {
    case onAppear, loaded([String])
}

struct ReadingEnvironment: Sendable {
    var fetchTitles: @Sendable () async -> [String]
}

let readingList = Behavior<ReadingAction, ReadingList, ReadingEnvironment>.handle(id: "reading-list") { action, _ in
    switch action {
    case .onAppear:
        .reduce { $0.isLoading = true }
            .produce { context in
                let fetch = context.environment.fetchTitles
                return .task { .loaded(await fetch()) }
            }
    case .loaded(let titles):
        .reduce { state in
            state.titles = titles
            state.isLoading = false
        }
    }
}

@MainActor
func readingListStore() -> Store<ReadingList, ReadingAction> {
    Store(initialState: ReadingList(), behavior: readingList, environment: ReadingEnvironment(fetchTitles: { ["Dune", "Emma"] }))
}

struct Player: Sendable, Equatable {
    var track = 0
    var isPlaying = false
}

enum PlayerAction: Sendable, Equatable {
    case play, next, started
}

let player = Reducer<Player, PlayerAction>(id: "player", command: { state, action in
    var state = state
    switch action {
    case .play:
        state.isPlaying = true
        return (state, .ofAction(.started))
    case .next:
        state.track += 1
        return (state, .none)
    case .started:
        return (state, .none)
    }
})

struct Playlist: StateNode, Sendable, Equatable {
    var plays = 0
    var players: [PlayerNode]
    mutating func reduce(_ action: PlaylistAction) {
        if action == .playAll { plays += 1 }
        reduceEach(&players, action)
    }
}

struct PlayerNode: StateNode, Sendable, Equatable {
    var isPlaying = false
    mutating func reduce(_ action: PlaylistAction) {
        if action == .playAll { isPlaying = true }
    }
}

enum PlaylistAction: Sendable, Equatable {
    case playAll
}

@MainActor
func playlistStore() -> Store<Playlist, PlaylistAction> {
    Store(initialState: Playlist(players: [PlayerNode(), PlayerNode()]))
}

@Suite("ReducerStyles.md example")
@MainActor
struct ReducerStylesBlocks {
    @Test func theReadingListLoadsThroughItsEnvironment() async throws {
        let store = readingListStore()
        store.dispatch(.onAppear)
        #expect(store.isLoading)
        try await store.settled(timeout: .seconds(5))
        #expect(store.titles == ["Dune", "Emma"])
        #expect(!store.isLoading)
    }

    @Test func thePlayerPlaysAndItsCommandFollowsInTheSameCall() {
        let actions = SharedList<PlayerAction>()
        let store = Store(initialState: Player(), reducers: [player], onLog: { event in
            if case .terminal = event.kind { actions.append(event.action) }
        })
        store.dispatch(.play)
        #expect(store.isPlaying)
        #expect(actions.values == [.play, .started])
    }

    @Test func thePlaylistHandsTheActionDownToEveryPlayer() {
        let store = playlistStore()
        store.dispatch(.playAll)
        #expect(store.plays == 1)
        #expect(store.players.allSatisfy { $0.isPlaying })
    }
}

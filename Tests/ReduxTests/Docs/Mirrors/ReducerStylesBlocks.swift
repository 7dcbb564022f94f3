// Sources/Redux/Redux.docc/ReducerStyles.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so), with tests that run the Command-style player, the playlist and the thermostat domains.
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

let player = Reducer<Player, PlayerAction>(id: "player", command: { (state: consuming Player, action: PlayerAction) in
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

struct Thermostat: Sendable, Equatable {
    var target = 20
    var changes: [String] = []
}

enum ThermostatAction: Sendable, Equatable {
    case up, down
}

struct ThermostatFeature: ReducerDomain {
    var step = 1
    var recordsChanges = false

    var body: [Reducer<Thermostat, ThermostatAction>] {
        Reducer(id: "target", handlingAll: { [step] state, action in
            state.target += action == .up ? step : -step
        })
        if recordsChanges {
            Reducer(id: "record", handlingAll: { state, action in
                state.changes.append("\(action) to \(state.target)")
            })
        }
    }
}

@MainActor
func thermostatStore() -> Store<Thermostat, ThermostatAction> {
    Store(initialState: Thermostat(), domain: ThermostatFeature(recordsChanges: true))
}

struct House: Sendable, Equatable {
    var hall = Thermostat()
    var doorOpenings = 0
}

enum HouseAction: Sendable, Equatable {
    case hall(ThermostatAction)
    case openDoor

    var hall: ThermostatAction? {
        if case .hall(let action) = self { action } else { nil }
    }
}

struct HouseFeature: ReducerDomain {
    var body: [Reducer<House, HouseAction>] {
        Reducer(id: "door") { state, action in
            guard action == .openDoor else { return .defaultNext }
            state.doorOpenings += 1
            return .next
        }
        ThermostatFeature(step: 2).lift(state: \House.hall, action: Embedding(\.hall, embed: HouseAction.hall))
    }
}

@Suite("ReducerStyles.md example")
@MainActor
struct ReducerStylesBlocks {
    @Test func theReadingListLoadsThroughItsEnvironment() async throws {
        let store = readingListStore()
        store.dispatch(.onAppear)
        #expect(store.isLoading)
        try await store.settled(timeout: .seconds(60))
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

    @Test func theThermostatDomainRunsItsChildrenInDeclarationOrder() {
        let store = thermostatStore()
        store.dispatch(.up)
        store.dispatch(.down)
        #expect(store.target == 20)
        #expect(store.changes == ["up to 21", "down to 20"])
        let plain = Store(initialState: Thermostat(), domain: ThermostatFeature())
        plain.dispatch(.up)
        #expect(plain.changes.isEmpty)
    }

    @Test func theLiftedThermostatRunsInTheHouse() {
        let store = Store(initialState: House(), domain: HouseFeature())
        store.dispatch(.openDoor)
        store.dispatch(.hall(.up))
        #expect(store.doorOpenings == 1)
        #expect(store.hall.target == 22)
    }
}

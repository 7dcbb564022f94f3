// Sources/Redux/Redux.docc/ReducerStyles.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so), with a test that runs the Command-style player.
import Redux
import Testing

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

@Suite("ReducerStyles.md example")
@MainActor
struct ReducerStylesBlocks {
    @Test func thePlayerPlaysAndItsCommandFollowsInTheSameCall() {
        let actions = SharedList<PlayerAction>()
        let store = Store(initialState: Player(), reducers: [player], onLog: { event in
            if case .terminal = event.kind { actions.append(event.action) }
        })
        store.dispatch(.play)
        #expect(store.isPlaying)
        #expect(actions.values == [.play, .started])
    }
}

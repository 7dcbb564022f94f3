import Testing
import ReduxTesting

/// Seda's Command style on the one reducer slot.
struct Tape: Equatable, Sendable {
    var marks: [String] = []
}

enum TapeAction: Equatable, Sendable {
    case start, follow, other, fan, async, got(Int)
}

@Sendable func tapeCommand(_ state: consuming Tape, _ action: TapeAction) -> (Tape, Command<TapeAction>) {
    var state = state
    switch action {
    case .start:
        state.marks.append("start")
        return (state, .ofAction(.follow))
    case .follow:
        state.marks.append("follow")
    case .other:
        state.marks.append("other")
    case .fan:
        state.marks.append("fan")
        return (state, .batch([.ofAction(.other), .ofAction(.follow), .none]))
    case .async:
        return (state, .ofAsyncAction { fulfill in
            try? await fulfill.sleep(for: .seconds(1))
            fulfill(.got(1))
            fulfill(.got(2))
        })
    case .got(let value):
        state.marks.append("got \(value)")
    }
    return (state, .none)
}

@MainActor
@Suite struct CommandStyleTests {
    @Test func ofActionLandsAfterAnActionDispatchedBeforeItAndInTheSameCall() {
        let store = Store(initialState: Tape(), command: tapeCommand)
        // A middleware dispatches `.other` while `.start` runs: it is queued before the command's
        // `.ofAction(.follow)`, which starts after the reducers.
        let middleware = Middleware<Tape, TapeAction>(id: "other") { context in
            if context.action == .start { context.dispatch(.other) }
            return .next
        }
        let withMiddleware = Store(initialState: Tape(), reducers: [Reducer(id: "tape", command: tapeCommand)], middlewares: [middleware])
        store.dispatch(.start)
        withMiddleware.dispatch(.start)
        #expect(store.marks == ["start", "follow"])
        #expect(withMiddleware.marks == ["start", "other", "follow"])
    }

    @Test func batchRunsItsCommandsInOrder() {
        let store = Store(initialState: Tape(), command: tapeCommand)
        store.dispatch(.fan)
        #expect(store.marks == ["fan", "other", "follow"])
    }

    @Test func ofAsyncActionFulfilsThroughTheStoreRuntime() async {
        let clock = TestClock()
        let store = TestStore(initialState: Tape(), clock: clock, command: tapeCommand)
        await store.send(.async)
        await clock.advance(by: .seconds(1))
        await store.receive(.got(1)) { $0.marks = ["got 1"] }
        await store.receive(.got(2)) { $0.marks = ["got 1", "got 2"] }
        await store.finish()
    }

    @Test func aCommandReducerCannotDeclineAnAction() async {
        let store = TestStore<Tape, TapeAction>(initialState: Tape(), command: { state, _ in (state, .none) })
        let step = await store.send(.other)
        #expect(step.outcome == .reduced)
        await store.finish()
    }

    @Test func commandReducersLiftIntoAParent() {
        struct Desk: Equatable, Sendable { var tape = Tape() }
        enum DeskAction: Equatable, Sendable { case tape(TapeAction) }
        let lifted = Reducer<Tape, TapeAction>(id: "tape", command: tapeCommand).lift(
            state: \Desk.tape,
            action: Embedding(extract: { if case .tape(let action) = $0 { action } else { nil } }, embed: DeskAction.tape)
        )
        let store = Store(initialState: Desk(), reducers: [lifted])
        store.dispatch(.tape(.start))
        #expect(store.tape.marks == ["start", "follow"])
    }

    @Test func aCommandThatNamesItsConsumingParameterMutatesInPlaceInEveryBuild() {
        struct Big: Sendable { var items = Array(repeating: 0, count: 100_000) }
        let store = Store<Big, Int>(initialState: Big(), command: { (state: consuming Big, index: Int) in
            state.items[index] += 1
            return (state, .none)
        })
        let before = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        store.dispatch(3)
        let after = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(store.state.items[3] == 1)
    }
}


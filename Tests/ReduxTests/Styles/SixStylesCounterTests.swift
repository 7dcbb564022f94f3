import Testing
import ReduxTesting

/// One counter feature written in each reducer style: the exit reducer, the effect reducer,
/// SwiftRex's Behavior, Seda's Command, ReduxCore's ReducerDomain and SwiftUIRedux's waterfall.
struct StyledCounter: Equatable, Sendable, StateNode {
    var count = 0
    var history: [Int] = []

    mutating func apply(_ action: StyledCounterAction) {
        switch action {
        case .increment: count += 1
        case .decrement: count -= 1
        case .add(let amount): count += amount
        case .record: history.append(count)
        case .bump: break
        }
    }

    // The waterfall style: the state reduces itself.
    mutating func reduce(_ action: StyledCounterAction) { apply(action) }
}

enum StyledCounterAction: Equatable, Sendable {
    case increment, decrement, add(Int), record
    /// Changes nothing; in the styles that have effects, it sends `.increment` then `.record`.
    case bump
}

/// The follow-up of `.bump`, for the styles with effects.
func styledFollowUp(_ action: StyledCounterAction) -> Effect<StyledCounterAction> {
    action == .bump ? .merge(.send(.increment), .send(.record)) : .none
}

func styledFollowUpCommand(_ action: StyledCounterAction) -> Command<StyledCounterAction> {
    action == .bump ? .batch([.ofAction(.increment), .ofAction(.record)]) : .none
}

/// ReduxCore's style: a domain whose body is built once.
struct StyledCounterDomain: ReducerDomain {
    var body: [Reducer<StyledCounter, StyledCounterAction>] {
        Reducer(id: "domain", effects: { state, action in
            state.apply(action)
            return styledFollowUp(action)
        })
    }
}

enum CounterStyle: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case exitReducer, effectReducer, behavior, command, domain, waterfall

    var testDescription: String { rawValue }

    /// The styles that can start effects (a plain exit reducer and a waterfall node cannot).
    static let withEffects: [CounterStyle] = [.effectReducer, .behavior, .command, .domain]

    @MainActor
    func makeStore(onLog: Store<StyledCounter, StyledCounterAction>.LogHandler?) -> Store<StyledCounter, StyledCounterAction> {
        switch self {
        case .exitReducer:
            Store(initialState: StyledCounter(), reducers: [Reducer(id: "exit") { state, action in
                state.apply(action)
                return .next
            }], onLog: onLog)
        case .effectReducer:
            Store(initialState: StyledCounter(), reducers: [Reducer(id: "effects", effects: { state, action in
                state.apply(action)
                return styledFollowUp(action)
            })], onLog: onLog)
        case .behavior:
            Store(initialState: StyledCounter(), behavior: Behavior<StyledCounterAction, StyledCounter, Void>.handle { action, _ in
                .reduce { $0.apply(action) }.produce { _ in styledFollowUp(action) }
            }, onLog: onLog)
        case .command:
            Store(initialState: StyledCounter(), onLog: onLog, command: { state, action in
                var state = state
                state.apply(action)
                return (state, styledFollowUpCommand(action))
            })
        case .domain:
            Store(initialState: StyledCounter(), domain: StyledCounterDomain(), onLog: onLog)
        case .waterfall:
            Store(initialState: StyledCounter(), onLog: onLog)
        }
    }
}

extension CounterStyle {
    @MainActor
    func makeTestStore() -> TestStore<StyledCounter, StyledCounterAction> {
        switch self {
        case .exitReducer:
            TestStore(initialState: StyledCounter(), reducers: [Reducer(id: "exit") { state, action in
                state.apply(action)
                return .next
            }])
        case .effectReducer:
            TestStore(initialState: StyledCounter(), reducers: [Reducer(id: "effects", effects: { state, action in
                state.apply(action)
                return styledFollowUp(action)
            })])
        case .behavior:
            TestStore(initialState: StyledCounter(), behavior: Behavior<StyledCounterAction, StyledCounter, Void>.handle { action, _ in
                .reduce { $0.apply(action) }.produce { _ in styledFollowUp(action) }
            })
        case .command:
            TestStore(initialState: StyledCounter(), command: { state, action in
                var state = state
                state.apply(action)
                return (state, styledFollowUpCommand(action))
            })
        case .domain:
            TestStore(initialState: StyledCounter(), domain: StyledCounterDomain())
        case .waterfall:
            TestStore(initialState: StyledCounter())
        }
    }
}

@MainActor
@Suite struct SixStylesCounterTests {
    static let actions: [StyledCounterAction] = [.increment, .increment, .record, .decrement, .add(5), .record, .add(-7), .record]

    @Test(arguments: CounterStyle.allCases)
    func everyStyleGivesTheSameFinalStateAndOutcomes(_ style: CounterStyle) {
        let outcomes = SharedList<String>()
        let store = style.makeStore(onLog: { event in
            if case .terminal(let outcome) = event.kind { outcomes.append("\(event.action) → \(outcome)") }
        })
        for action in Self.actions { store.dispatch(action) }
        #expect(store.state == StyledCounter(count: -1, history: [2, 6, -1]))
        #expect(outcomes.values == Self.actions.map { "\($0) → reduced" })
    }

    @Test(arguments: CounterStyle.allCases)
    func everyStyleHasATestStore(_ style: CounterStyle) async {
        let store = style.makeTestStore()
        await store.send(.increment, expecting: .reduced) { $0.count = 1 }
        await store.send(.add(2), expecting: .reduced) { $0.count = 3 }
        await store.send(.record, expecting: .reduced) { $0.history = [3] }
        await store.finish()
    }

    @Test(arguments: CounterStyle.withEffects)
    func everyStyleWithEffectsQueuesItsFollowUpsInOrderInTheSameCall(_ style: CounterStyle) {
        let outcomes = SharedList<String>()
        let store = style.makeStore(onLog: { event in
            if case .terminal(let outcome) = event.kind { outcomes.append("\(event.action) → \(outcome)") }
        })
        store.dispatch(.bump)
        // Processed before dispatch returns, FIFO behind `.bump`: no nesting, no reordering.
        #expect(store.state == StyledCounter(count: 1, history: [1]))
        #expect(outcomes.values == ["bump → reduced", "increment → reduced", "record → reduced"])
    }

    @Test(arguments: CounterStyle.withEffects)
    func everyStyleWithEffectsIsTestedWithReceive(_ style: CounterStyle) async {
        let store = style.makeTestStore()
        await store.send(.bump, expecting: .reduced)
        await store.receive(.increment) { $0.count = 1 }
        await store.receive(.record) { $0.history = [1] }
        await store.finish()
    }
}

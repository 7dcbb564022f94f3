import Observation
import Redux
import Testing

/// Issue 6, section 2, the reducer slot takes effects: an effect reducer always counts as
/// handling the action; a `Reduction` carries an exit with the effect, so `.done` stops the chain
/// and the effect still starts; `reducer.reduce(&state, action)` shows the effect to a unit test
/// without running it.
@Suite("Effect reducers and reductions", .timeLimit(.minutes(5)))
@MainActor
struct EffectReductionTests {
    @Test func effectReducerAlwaysCountsAsHandlingTheAction() {
        let notifications = SharedValue(0)
        let store = Store<Int, FxAction>(initialState: 0, reducers: [
            Reducer(id: "nothing", effects: { _, _ in .none }),
        ])
        withObservationTracking {
            _ = store.state
        } onChange: {
            notifications.value += 1
        }
        let ticket = store.dispatchTracked(.start)
        #expect(ticket.outcomeIfFinished?.description == "reduced", "not unhandled, though it changed nothing")
        #expect(notifications.value == 1, "observers were told, as for any handled action")
    }

    @Test func effectReducerCountsAsHandledBesideDecliningReducers() {
        let store = Store<Int, FxAction>(initialState: 0, reducers: [
            Reducer(id: "declines") { _, _ in .defaultNext },
            Reducer(id: "nothing", effects: { _, _ in .none }),
        ])
        #expect(store.dispatchTracked(.start).outcomeIfFinished?.description == "reduced")
    }

    @Test func doneReductionStopsTheChainAndStillStartsItsEffect() async throws {
        let trace = SharedList<String>()
        let later = SharedList<FxAction>()
        let store = Store<[FxAction], FxAction>(initialState: [], reducers: [
            Reducer(id: "stops", reduction: { state, action in
                state.append(action)
                guard action == .start else { return .next() }
                return Reduction(.done, .merge(.send(.got(1)), .run { send in send(.got(2)) }))
            }),
            Reducer(id: "later") { _, action in
                later.append(action)
                return .next
            },
        ], onLog: fxTraceHandler(trace))
        store.dispatch(.start)
        #expect(Array(trace.values.prefix(5)) == [
            "start: enqueued",
            "start: reducer stops#0 done",
            "start: effectStarted effect of reducer stops#0",
            "got(1): enqueued",
            "start: terminal reduced",
        ])
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1), .got(2)])
        #expect(later.values == [.got(1), .got(2)], "the later reducer never saw .start")
    }

    @Test func nextAndDoneShorthandsCarryTheirEffect() {
        let next = Reduction<FxAction>.next(.send(.got(1)))
        let done = Reduction<FxAction>.done(.send(.got(2)))
        #expect(next.exit == .next && !next.effect.isNone && next.isHandled)
        #expect(done.exit == .done && !done.effect.isNone && done.isHandled)
        #expect(Reduction<FxAction>.next().effect.isNone)
        #expect(Reduction<FxAction>(.defaultNext).effect.isNone)
    }

    /// A unit test sees the effect a reducer returned; calling the reducer runs none of it.
    @Test func reduceReturnsTheEffectForAUnitTestWithoutRunningIt() {
        let ran = Gate()
        let reducer = Reducer<[FxAction], FxAction>(id: "search", effects: { state, action in
            state.append(action)
            guard action == .start else { return .none }
            return .run { _ in ran.open() }
        })
        var state: [FxAction] = []
        let started = reducer.reduce(&state, .start)
        #expect(state == [.start])
        #expect(started.exit == .next)
        #expect(started.isHandled)
        #expect(!started.effect.isNone)
        let quiet = reducer.reduce(&state, .stop)
        #expect(quiet.effect.isNone)
        #expect(quiet.isHandled, "an effect reducer handles every action")
        #expect(reducer.returnsEffects)
        #expect(!ran.isOpen, "reduce only describes the work")
    }

    @Test func reduceOfAnExitOnlyReducerReturnsNoEffect() {
        let reducer = Reducer<Int, FxAction>(id: "counts") { state, _ in
            state += 1
            return .done
        }
        var state = 0
        let reduction = reducer.reduce(&state, .start)
        #expect(reduction.exit == .done)
        #expect(reduction.effect.isNone)
        #expect(!reducer.returnsEffects)
        #expect(state == 1)
    }
}

import Observation
import Redux
import Testing

/// Issue 6, section 2, the order after the reducers for one action: (1) reducers, (2) the
/// Observation notification, (4) effects start, in chain order, each in written order (a
/// `.cancel` stops what started before it), each seeing the post-reduce state, (6) the terminal
/// event (steps as numbered in Pipeline.md; (3) subscriptions and (5) lifetimes are checked
/// elsewhere). Checked through one trace that the log
/// handler, the observer and the effects all append to.
@Suite("Order after the reducers", .timeLimit(.minutes(5)))
@MainActor
struct EffectOrderAfterReducersTests {
    typealias OrderStore = Store<[String], FxAction>

    /// "first" (effects) records itself and, for `.start`, returns a run and `.send(.got(0))`;
    /// "plain" (exit only) records itself; "second" (effects) records itself and returns
    /// `.send(.got(2))` for `.start`. The log handler writes each event to `trace`, and at each
    /// `.effectStarted` also the state it sees.
    private func orderStore(trace: SharedList<String>, ran: Gate) -> OrderStore {
        let reference = WeakReference<OrderStore>()
        let store = OrderStore(
            initialState: [],
            reducers: [
                Reducer(id: "first", effects: { state, action in
                    state.append("first")
                    guard action == .start else { return .none }
                    return .merge(.run { _ in ran.open() }, .send(.got(0)))
                }),
                Reducer(id: "plain") { state, _ in
                    state.append("plain")
                    return .next
                },
                Reducer(id: "second", effects: { state, action in
                    state.append("second")
                    return action == .start ? .send(.got(2)) : .none
                }),
            ],
            onLog: { event in
                if let line = event.fxLine { trace.append(line) }
                if case .effectStarted = event.kind, let store = reference.object {
                    trace.append("state: \(store.state.joined(separator: " "))")
                }
            }
        )
        reference.object = store
        return store
    }

    @Test func effectsStartAfterTheReducersAndTheObservationNotificationInChainOrderBeforeTheTerminal() async throws {
        let trace = SharedList<String>()
        let ran = Gate()
        let store = orderStore(trace: trace, ran: ran)
        withObservationTracking {
            _ = store.state
        } onChange: {
            trace.append("observer notified")
        }
        store.dispatch(.start)
        let terminal = try #require(trace.values.firstIndex(of: "start: terminal reduced"))
        #expect(Array(trace.values[...terminal]) == [
            "start: enqueued",
            "start: reducer first#0 next",
            "start: reducer plain#1 next",
            "start: reducer second#2 next",
            "observer notified",
            "start: effectStarted effect of reducer first#0",
            "state: first plain second",
            "got(0): enqueued",
            "start: effectStarted effect of reducer second#2",
            "state: first plain second",
            "got(2): enqueued",
            "start: terminal reduced",
        ])
        // The sent actions follow in chain order, in the same call.
        #expect(store.state == ["first", "plain", "second", "first", "plain", "second", "first", "plain", "second"])
        #expect(trace.values.filter { $0.hasSuffix("terminal reduced") } == [
            "start: terminal reduced", "got(0): terminal reduced", "got(2): terminal reduced",
        ])
        try await store.settled(timeout: patience)
        #expect(ran.isOpen)
    }

    /// Reducer 0 returns a new effect with id `x`; reducer 1 returns `.cancel(id: x)`. The cancel
    /// comes after the new effect in chain order: it stops both the effect with `x` already
    /// running (from an earlier action) and the new one.
    @Test func aCancelFromALaterReducerStopsTheRunningEffectAndTheOneAnEarlierReducerJustStarted() async throws {
        let oldStarted = Gate(), oldCancelled = Gate()
        let store = Store<[FxAction], FxAction>(initialState: [], reducers: [
            Reducer(id: "starts", effects: { state, action in
                state.append(action)
                switch action {
                case .start:
                    return .run { send in
                        oldStarted.open()
                        do {
                            try await sleepUntilCancelled(send)
                        } catch {
                            oldCancelled.open()
                            throw error
                        }
                    }.cancellable(id: "x")
                case .tag("restart"):
                    return .run { send in send(.got(2)) }.cancellable(id: "x")
                default:
                    return .none
                }
            }),
            Reducer(id: "cancels", effects: { _, action in
                action == .tag("restart") ? .cancel(id: "x") : .none
            }),
        ])
        store.dispatch(.start)
        #expect(await oldStarted.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.tag("restart"))
        #expect(await oldCancelled.waitOpened(ifCancelled: .stopWaiting), "the running effect was cancelled")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .tag("restart")], "the new effect was cancelled too")
    }

    /// A `.cancel` inside a merge applies where it is written: after reducer 0's effect started,
    /// which it stops; the merge's send before it is queued.
    @Test func aCancelInsideAMergeOfALaterReducerStopsAnEarlierReducersEffect() async throws {
        let store = Store<[FxAction], FxAction>(initialState: [], reducers: [
            Reducer(id: "starts", effects: { state, action in
                state.append(action)
                return action == .start ? .run { send in send(.got(1)) }.cancellable(id: "x") : .none
            }),
            Reducer(id: "cancels", effects: { _, action in
                action == .start ? .merge(.send(.got(2)), .cancel(id: "x")) : .none
            }),
        ])
        store.dispatch(.start)
        #expect(store.state == [.start, .got(2)])
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(2)])
    }
}

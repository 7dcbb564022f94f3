import Foundation
import Redux
import Synchronization
import Testing

@Suite("Main-actor fairness and log-handler dispatch", .timeLimit(.minutes(1)))
@MainActor
struct MainActorFairnessTests {
    /// The drain scheduled for remote dispatches takes one batch, then hands the main actor back:
    /// a producer that never stops must not starve other main-actor work.
    @Test func backgroundProducerCannotHoldTheMainActor() async throws {
        let store = Store<CounterState, CounterAction>(initialState: CounterState(), reducers: [
            Reducer(id: "slow") { state, _ in
                state.count += 1
                var spin = 0
                for value in 0..<200 { spin &+= value }
                if spin == -1 { state.count = 0 }
                return .next
            },
        ])
        let stop = Atomic<Bool>(false)
        let producer = Thread {
            while !stop.load(ordering: .relaxed) {
                for _ in 0..<100 { store.dispatch(.increment) }
            }
        }
        producer.start()
        defer { stop.store(true, ordering: .relaxed) }
        try await Task.sleep(for: .milliseconds(100))  // let the producer get going
        let clock = ContinuousClock()
        let asleep = clock.now
        try await Task.sleep(for: .milliseconds(20))
        let late = clock.now - asleep
        stop.store(true, ordering: .relaxed)
        #expect(late < .seconds(2), "a 20 ms sleep on the main actor resumed after \(late)")
        try await store.settled(timeout: .seconds(20))
        #expect(store.count > 0)
    }

    /// A dispatch made from the log handler while an action is being enqueued is queued behind
    /// it, on every path (batch, queued behind remote work, fast path).
    @Test(arguments: ["batch", "fast"])
    func dispatchFromTheLogHandlerIsQueuedNotNested(path: String) throws {
        let reference = WeakReference<CounterStore>()
        let store = Store<CounterState, CounterAction>(
            initialState: CounterState(),
            reducers: [Reducer(id: "record") { state, action in
                state.record.append(action)
                return .next
            }],
            onLog: { event in
                if case .enqueued = event.kind, event.action == .mark("trigger") {
                    reference.object?.dispatch(.mark("fromLog"))
                }
            }
        )
        reference.object = store
        if path == "batch" {
            store.dispatch(.mark("trigger"), .mark("b"))
            #expect(store.record == [.mark("trigger"), .mark("b"), .mark("fromLog")])
        } else {
            store.dispatch(.mark("trigger"))
            #expect(store.record == [.mark("trigger"), .mark("fromLog")])
        }
    }
}

@Suite("Invalidation inside a pass", .timeLimit(.minutes(1)))
@MainActor
struct InvalidationInsidePassTests {
    /// A middleware invalidates the store; a later middleware then suspends the same action:
    /// the action ends cancelled, and the log says so.
    @Test func deferredRefusedAfterInvalidateLogsACancelledTerminal() async throws {
        let terminals = SharedList<String>()
        let storeReference = WeakReference<CounterStore>()
        let store = Store<CounterState, CounterAction>(
            initialState: CounterState(),
            reducers: [counterReducer()],
            middlewares: [
                Middleware(id: "stopper") { _ in
                    storeReference.object?.invalidate()
                    return .next
                },
                Middleware(id: "defers") { _ in .deferred { _ in .next } },
            ],
            onLog: { event in
                if case .terminal(let outcome) = event.kind { terminals.append("\(outcome)") }
            }
        )
        storeReference.object = store
        let outcome = try await store.dispatchTracked(.increment).outcome
        #expect("\(outcome)" == "cancelled")
        #expect(terminals.values == ["cancelled"])
    }
}

extension InvalidationInsidePassTests {
    /// `invalidate()` inside action B's pass cancels an earlier suspended action A; A's cancelled
    /// terminal is logged after B's terminal, never between B's events.
    @Test func suspendedActionsCancelledTerminalIsNotInterleavedWithTheCurrentPass() async throws {
        let lines = SharedList<String>()
        let reference = WeakReference<CounterStore>()
        let store = Store<CounterState, CounterAction>(
            initialState: CounterState(),
            reducers: [counterReducer()],
            middlewares: [Middleware(id: "mw") { context in
                switch context.action {
                case .mark("A"): return .deferred { effect in
                    try await effect.sleep(for: .seconds(10))
                    return .next
                }
                case .mark("B"):
                    reference.object?.invalidate()
                    return .next
                default: return .next
                }
            }],
            onLog: { event in
                switch event.kind {
                case .enqueued: break
                case .terminal(let outcome): lines.append("\(event.action) terminal \(outcome)")
                default: lines.append("\(event.action) step")
                }
            }
        )
        reference.object = store
        let ticketA = store.dispatchTracked(.mark("A"))
        store.dispatch(.mark("B"))
        #expect("\(try await ticketA.outcome)" == "cancelled")
        #expect(lines.values == [
            "A step",
            "B step", "B step", "B terminal reduced",
            "A terminal cancelled",
        ])
    }
}

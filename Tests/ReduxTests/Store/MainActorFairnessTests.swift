import Foundation
@testable import Redux
import Synchronization
import Testing

@Suite("Main-actor fairness and log-handler dispatch", .timeLimit(.minutes(5)))
@MainActor
struct MainActorFairnessTests {
    /// The drain scheduled for remote dispatches takes one batch, then hands the main actor back:
    /// a producer that never stops must not starve other main-actor work.
    ///
    /// Proven by a condition, not by timing: this test (main-actor work) yields, again and again,
    /// while a thread keeps the store's inbox full, and counts the turns it gets back in which the
    /// store had processed more actions since its last turn and still had work queued, so a drain
    /// ran in between and handed the main actor back before the backlog was gone. A drain that
    /// kept the main actor until the inbox was empty would never give it back while the producer
    /// runs: the loop would not get its turns and the test would fail at its `patience` guard.
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
                // Keeps a backlog of a few batches, no more: enough that a drain never finds the
                // inbox empty, bounded so that the backlog left when the proof is done (and the
                // main-actor time to drain it, taken from the tests running beside) stays small.
                if store.inbox.pendingCount.load(ordering: .relaxed) < 4_096 {
                    for _ in 0..<100 { store.dispatch(.increment) }
                } else {
                    usleep(50)  // a back-off while the backlog is full, not a wait for anything
                }
            }
        }
        producer.start()
        defer { stop.store(true, ordering: .relaxed) }
        let clock = ContinuousClock()
        let deadline = clock.now + patience  // a guard against a hang, never a proof
        var turnsAmidBacklog = 0
        var processed = store.count
        while turnsAmidBacklog < 20, clock.now < deadline {
            await Task.yield()  // queued behind the drain's turn, if one is scheduled
            if store.count > processed, store.hasQueuedWork { turnsAmidBacklog += 1 }
            processed = store.count
        }
        stop.store(true, ordering: .relaxed)
        #expect(turnsAmidBacklog == 20, "the main actor came back to other work \(turnsAmidBacklog) times amid the producer's backlog")
        try await store.settled(timeout: patience)
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

@Suite("Invalidation inside a pass", .timeLimit(.minutes(5)))
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
                    try await effect.sleep(for: .seconds(3_600))  // real clock: in effect until cancelled
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

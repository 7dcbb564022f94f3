// Parked task errors (issue 5, sections 2 and 3): errors a `.task` throws while its action is
// suspended wait on the run's record for the terminal; these tests pin their order across
// actions in flight, their log when the action is cancelled at every stage, and their lifetime.
import Foundation
@testable import Redux
import Testing

final class ParkedError: Error, Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { "ParkedError(\(name))" }
}

@MainActor
func parkingStore(
    gates: [String: Gate],
    taskErrors: SharedList<WeakReference<ParkedError>>,
    recorder: LogRecorder<CounterAction>,
    tasksPerPass: Int = 1,
    invalidateOn: CounterAction? = nil,
    nested: [CounterAction: CounterAction] = [:]
) -> CounterStore {
    makeCounterStore(
        middlewares: [
            Middleware(id: "nested") { context in
                if let next = nested[context.action] { context.dispatch(next) }
                if let invalidateOn, context.action == invalidateOn { context.store.invalidate() }
                return .next
            },
            Middleware(id: "task") { context in
                guard case .mark(let name) = context.action, gates[name] != nil || name.hasPrefix("t") else { return .next }
                return .task { _ in
                    let e = ParkedError("\(name)-a"); taskErrors.append(WeakReference(e)); throw e
                }
            },
            Middleware(id: "task2") { context in
                guard tasksPerPass > 1, case .mark(let name) = context.action, gates[name] != nil || name.hasPrefix("t") else { return .next }
                return .task { _ in
                    let e = ParkedError("\(name)-b"); taskErrors.append(WeakReference(e)); throw e
                }
            },
            Middleware(id: "defer") { context in
                guard case .mark(let name) = context.action, let gate = gates[name] else { return .next }
                return .deferred { _ in await gate.wait(); return .next }
            },
        ],
        resolvers: [Resolver(id: "done") { _ in .exit(.done) }],
        recorder: recorder
    )
}

extension LogRecorder where Action == CounterAction {
    var parkingLines: [String] {
        events.compactMap { event -> String? in
            switch event.kind {
            case .terminal(let o): "\(event.action) terminal \(o)"
            case .effectFailed(_, let e): "\(event.action) effectFailed \(e)"
            case .effectErrorResolved(let r): "\(event.action) resolved \(r)"
            default: nil
            }
        }
    }
}

@Suite("Parked task errors: order and log", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct ParkedErrorLogTests {
    /// Parks go's task error, then lets go's handler return and waits (blocking the main actor)
    /// until the resumption sits in the inbox.
    func parkThenQueueResume(_ store: CounterStore, _ gate: Gate, _ errors: SharedList<WeakReference<ParkedError>>) -> DispatchTicket<CounterAction> {
        let ticket = store.dispatchTracked(.mark("go"))
        #expect(blockUntil { store.inbox.hasPending })
        store.dispatch(.mark("after"))  // takes the error entry; it is parked
        #expect(errors.values.count == 1)
        gate.open()
        #expect(blockUntil { store.inbox.hasPending }, "resume queued")
        return ticket
    }

    /// Resumption already queued in the inbox when invalidate() runs.
    @Test(arguments: 0..<20) func parkedErrorIsLoggedDroppedWhenItsResumptionIsQueuedAtInvalidate(_ i: Int) async throws {
        let gate = Gate(), errors = SharedList<WeakReference<ParkedError>>(), rec = LogRecorder<CounterAction>()
        let store = parkingStore(gates: ["go": gate], taskErrors: errors, recorder: rec)
        let ticket = parkThenQueueResume(store, gate, errors)
        store.invalidate()
        try await store.settled(timeout: patience)
        #expect(ticket.outcomeIfFinished?.description == "cancelled")
        #expect(await yieldUntil { errors.values.allSatisfy { $0.object == nil } }, "error freed")
        #expect(rec.parkingLines.contains("go resolved dropped"), "log: \(rec.parkingLines)")
    }

    /// Resumption in the pipeline behind an action whose pass invalidates.
    @Test func parkedErrorIsLoggedDroppedWhenItsResumptionIsDroppedFromThePipeline() async throws {
        let gate = Gate(), errors = SharedList<WeakReference<ParkedError>>(), rec = LogRecorder<CounterAction>()
        let store = parkingStore(gates: ["go": gate], taskErrors: errors, recorder: rec, invalidateOn: .mark("stop"))
        let ticket = store.dispatchTracked(.mark("go"))
        #expect(blockUntil { store.inbox.hasPending })
        store.dispatch(.mark("after"))
        #expect(runOnThreadAndWait { store.dispatch(.mark("stop")) })  // inbox: [stop]
        gate.open()
        #expect(blockUntil { store.inbox.pendingCount.load(ordering: .relaxed) == 2 })  // [stop, resume]
        store.dispatch(.mark("x"))  // takes [stop, resume]; stop invalidates; resume dropped
        try await store.settled(timeout: patience)
        #expect(ticket.outcomeIfFinished?.description == "cancelled")
        #expect(await yieldUntil { errors.values.allSatisfy { $0.object == nil } }, "error freed")
        #expect(rec.parkingLines.contains("go resolved dropped"), "log: \(rec.parkingLines)")
    }

    /// Control: handler still suspended at invalidate (the case the landed fix covers).
    @Test func parkedErrorIsLoggedDroppedWhenItsActionIsStillSuspended() async throws {
        let gate = Gate(), errors = SharedList<WeakReference<ParkedError>>(), rec = LogRecorder<CounterAction>()
        let store = parkingStore(gates: ["go": gate], taskErrors: errors, recorder: rec)
        _ = store.dispatchTracked(.mark("go"))
        #expect(blockUntil { store.inbox.hasPending })
        store.dispatch(.mark("after"))
        store.invalidate()
        try await store.settled(timeout: patience)
        #expect(rec.parkingLines.contains("go resolved dropped"), "log: \(rec.parkingLines)")
        gate.open()
    }

    /// Several actions in flight, two tasks per pass, nested dispatches: every error follows its
    /// own action's terminal and no action's terminal releases another's.
    @Test(arguments: 0..<30) func taskErrorsFollowTheirOwnActionsTerminalAcrossActionsInFlight(_ i: Int) async throws {
        let ga = Gate(), gb = Gate(), errors = SharedList<WeakReference<ParkedError>>(), rec = LogRecorder<CounterAction>()
        let store = parkingStore(gates: ["A": ga, "B": gb], taskErrors: errors, recorder: rec, tasksPerPass: 2,
                            nested: [.mark("A"): .mark("tC"), .mark("B"): .mark("tD")])
        store.dispatch(.mark("A"))
        store.dispatch(.mark("B"))
        // The main thread stays blocked from the dispatches on, so no turn takes an error: wait
        // until the 8 tasks have thrown and ended, having handed their errors over (only A's and
        // B's `.deferred` handlers still run). A condition; it used to be 50 ms more after the
        // 8 were thrown, which a loaded machine could outlast.
        let handedOver = blockUntil { errors.values.count == 8 && store.activeTaskCount == 2 }
        #expect(handedOver, "the 8 tasks ended: \(errors.values.count) thrown, \(store.activeTaskCount) tasks, \(store.inbox.pendingCount.load(ordering: .acquiring)) pending")
        store.dispatch(.mark("tE"))  // processes the 8 errors; A's, B's parked
        if i % 2 == 0 { gb.open(); ga.open() } else { ga.open(); gb.open() }
        try await store.settled(timeout: patience)
        let log = rec.parkingLines
        for name in ["A", "B", "tC", "tD", "tE"] {
            let term = try #require(log.firstIndex(of: "\(name) terminal reduced"), "\(name): \(log)")
            for suffix in ["a", "b"] {
                let failed = try #require(log.firstIndex(of: "\(name) effectFailed ParkedError(\(name)-\(suffix))"), "\(name)-\(suffix): \(log)")
                #expect(failed > term, "\(name)-\(suffix) before its terminal: \(log)")
            }
        }
        #expect(log.filter { $0.contains("effectFailed") }.count == 10)
        #expect(log.filter { $0.contains("terminal") }.count == 5)
    }

    /// Release mid-way with errors parked and a resumption queued: store and errors freed.
    @Test(arguments: 0..<10) func releaseWithAResumptionQueuedFreesStoreTicketAndErrors(_ i: Int) async throws {
        let gate = Gate(), errors = SharedList<WeakReference<ParkedError>>(), rec = LogRecorder<CounterAction>()
        weak var weakStore: CounterStore?
        let ticket: DispatchTicket<CounterAction>
        do {
            let store = parkingStore(gates: ["go": gate], taskErrors: errors, recorder: rec, tasksPerPass: 2)
            weakStore = store
            ticket = store.dispatchTracked(.mark("go"))
            #expect(blockUntil { store.inbox.pendingCount.load(ordering: .relaxed) >= 2 })
            store.dispatch(.mark("after"))
            gate.open()
            #expect(blockUntil { store.inbox.hasPending })
        }
        // The handler that just queued the resumption may still hold the store for an instant
        // (it took a strong reference to enqueue): the store is freed as soon as it lets go.
        #expect(await yieldUntil { weakStore == nil }, "the store is freed")
        #expect(ticket.outcomeIfFinished?.description == "cancelled")
        #expect(await yieldUntil { errors.values.allSatisfy { $0.object == nil } })
        let terms = rec.parkingLines.filter { $0.hasPrefix("go terminal") }
        #expect(terms.count <= 1)
    }
}

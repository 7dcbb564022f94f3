import Foundation
@testable import Redux

/// A dispatch record with its ticket read: what the checks see of it.
struct ObservedRecord: Sendable {
    var record: DispatchRecord
    var tracked: Bool
    /// The ticket's outcome; `nil` for an untracked dispatch or a ticket never answered.
    var outcome: FOutcome?
    var ticketSequence: UInt64?
}

/// Everything a run observed, handed to the checks (no library value in it).
struct FuzzObservation: Sendable {
    var items: [TraceItem]
    var records: [ObservedRecord]
    var consultations: [FConsultation]
    /// Problems seen while running (a foreign error shown to a resolver, a hang).
    var notes: [String]
    var invalidated: Bool
    /// The program released the store (not the final release every run ends with).
    var released: Bool
    var storeFreed: Bool
    var leakedErrors: [Int]
    /// Reducer effect runs whose body began; whose body ended, with the trace items that
    /// existed then (`DispatchRecord.after`'s meaning).
    var startedRuns: [RunRef: Int] = [:]
    var runEnds: [RunRef: Int] = [:]
    /// The store's runtime once its work was over (`nil` if the program released the store).
    var runtime: RuntimeCounts?
}

/// `store.activeTaskCount` and, through `@testable`, `store.runtime.bookkeepingCount`.
struct RuntimeCounts: Sendable, Equatable {
    var active: Int
    var bookkeeping: Int
}

/// The interpreter: builds a real store from the program, drives it from the main actor and
/// starts the producers, then waits (on the store's own signals and tickets, with timeouts only as
/// guards against a hang) and collects what happened.
@MainActor
final class FuzzRun {
    let program: FuzzProgram
    private let trace = FuzzTrace()
    private let box = FuzzStoreBox()
    private let clock = FuzzClock()
    private var store: FuzzStore?
    private var observer: FuzzObserver?
    private var producersStarted = 0
    private var notes: [String] = []

    /// Guards against a hang; every wait ends on its condition, long before, when the store
    /// behaves. The suite's `patience` (60 s): a loaded machine must not end a wait early.
    static let patience: Duration = ReduxTests.patience

    init(_ program: FuzzProgram) {
        self.program = program
    }

    private var environment: FuzzEnvironment {
        FuzzEnvironment(program: program, trace: trace, box: box)
    }

    func run() async -> FuzzObservation {
        makeStore()
        for step in program.steps { await perform(step) }
        return await finish()
    }

    private func makeStore() {
        let environment = environment
        let call = trace.beginCall()
        let made = FuzzStore(
            initialState: FuzzState(),
            reducers: (0..<program.reducerCount).map { FuzzComponents.reducer($0, environment) },
            middlewares: (0..<program.middlewareCount).map { FuzzComponents.middleware($0, environment) },
            resolvers: (0..<program.resolverCount).map { FuzzComponents.resolver($0, environment) },
            options: StoreOptions(clock: clock, printsDiagnostics: false),
            onLog: program.logs ? FuzzComponents.logHandler(environment) : nil
        )
        trace.endCall(call)
        store = made
        box.store = made
        if program.observer {
            observer = FuzzObserver(environment)
            trace.mark(.observerInstalled)
        }
    }

    private func perform(_ step: DriverStep) async {
        switch step {
        case .dispatch(let id):
            guard let store else { return }
            let call = trace.beginCall()
            trace.record(id, .driver, mainActor: true)
            store.dispatch(FuzzAction(id))
            trace.endCall(call)
        case .tracked(let id):
            guard let store else { return }
            let call = trace.beginCall()
            let record = trace.record(id, .driver, mainActor: true)
            trace.attach(store.dispatchTracked(FuzzAction(id)), to: record)
            trace.endCall(call)
        case .batch(let ids):
            guard let store else { return }
            let call = trace.beginCall()
            trace.recordBatch(ids, .driver, mainActor: true)
            store.dispatch(contentsOf: ids.map(FuzzAction.init))
            trace.endCall(call)
        case .start(let index):
            startProducer(index)
        case .yield(let count):
            for _ in 0..<count { await Task.yield() }
        case .pause:
            try? await Task.sleep(for: .microseconds(100))
        case .advance(let milliseconds):
            clock.advance(by: .milliseconds(milliseconds))
        case .invalidate:
            guard let store, trace.markInvalidation(action: nil) else { return }
            store.invalidate()
        case .release:
            guard store != nil else { return }
            trace.markReleased()
            store = nil
            // Effects may be asleep on the (unmoved) clock: they hold the store weakly, so it goes
            // now, not when they wake.
            let box = box
            if !(await Self.waitUntil(.seconds(5)) { box.store == nil }) {
                notes.append("freed: the store was not freed on release while its work sleeps on the clock (something it started holds it)")
            }
        }
    }

    private func startProducer(_ index: Int) {
        let ops = program.producers[index].ops
        let environment = environment
        producersStarted += 1
        switch program.producers[index].kind {
        case .thread:
            Thread {
                FuzzProducers.runOnThread(ops, index, environment)
                environment.trace.producerFinished()
            }.start()
        case .task:
            Task.detached {
                await FuzzProducers.runInTask(ops, index, environment)
                environment.trace.producerFinished()
            }
        case .actor:
            let producer = FuzzActorProducer()
            Task.detached {
                await producer.run(ops, index, environment)
                environment.trace.producerFinished()
            }
        case .hop:
            Task.detached {
                await FuzzProducers.hop(ops, index, environment)
                environment.trace.producerFinished()
            }
        }
    }

    private func finish() async -> FuzzObservation {
        let trace = trace
        let started = producersStarted
        if !(await Self.waitUntil(Self.patience) { trace.producersFinished == started }) {
            notes.append("hang: producers still running after \(Self.patience)")
        }
        clock.release()
        var hung = false
        if let store, !trace.released {
            // On an invalidated store, settled() only waits for the refusals made off the main
            // actor to be logged (issue 5), a main-actor turn away; the guard is the same hang
            // guard all the same (a loaded machine can delay that turn by seconds).
            let invalidated = trace.invalidated
            do {
                try await store.settled(timeout: Self.patience)
            } catch {
                hung = true
                notes.append("hang: settled(timeout:) threw \(error)" + (trace.invalidated ? " (the store was invalidated\(invalidated ? "" : " meanwhile"))" : ""))
            }
        }
        if !(await Self.waitUntil(Self.patience) { trace.outstandingWork == 0 }) {
            notes.append("hang: \(trace.outstandingWork) store-owned work still alive after \(Self.patience)")
        }
        if trace.invalidated || trace.released {
            _ = await Self.waitUntil(Self.patience) {
                trace.records.allSatisfy { $0.ticket == nil || $0.ticket?.outcomeIfFinished != nil }
            }
            if let store, program.logs, !hung {
                // Refusals made off the main actor are logged when the main actor next runs:
                // settled() waits for them (issue 5); the poll covers a store that does not.
                do {
                    try await store.settled(timeout: Self.patience)
                } catch {
                    notes.append("hang: settled(timeout:) threw \(error) once the store's work was over (the store was invalidated)")
                }
                _ = await Self.waitUntil(Self.patience) { Self.everyDispatchLogged(trace) }
            }
        }
        var runtime: RuntimeCounts?
        if let store {
            // An invalidated store does not wait for its cancelled tasks; they end soon after.
            _ = await Self.waitUntil(Self.patience) { store.activeTaskCount == 0 }
            runtime = RuntimeCounts(active: store.activeTaskCount, bookkeeping: store.runtime.bookkeepingCount)
        }
        let records = trace.records.map { record -> ObservedRecord in
            var stripped = record
            stripped.ticket = nil
            let outcome = record.ticket?.outcomeIfFinished.map(FuzzText.outcome)
            return ObservedRecord(record: stripped, tracked: record.ticket != nil, outcome: outcome, ticketSequence: record.ticket?.sequence)
        }
        store = nil
        observer = nil
        let box = box
        let freed = await Self.waitUntil(Self.patience) { box.store == nil }
        trace.dropTickets()
        var leaked: [Int] = []
        if freed, !(await Self.waitUntil(Self.patience) { trace.liveErrors.isEmpty }) {
            leaked = trace.liveErrors
        }
        return FuzzObservation(
            items: trace.items, records: records, consultations: trace.consultations,
            notes: notes + trace.notes, invalidated: trace.invalidated, released: trace.released,
            storeFreed: freed, leakedErrors: leaked,
            startedRuns: trace.startedRuns, runEnds: trace.endedRuns, runtime: runtime)
    }

    /// Every dispatch made has at least one log event (its enqueued event or its refusal).
    private static func everyDispatchLogged(_ trace: FuzzTrace) -> Bool {
        var logged: Set<Int> = []
        for item in trace.items {
            if case let .event(_, event) = item { logged.insert(event.action) }
        }
        return trace.records.allSatisfy { logged.contains($0.action) }
    }

    /// Polls `condition` on the main actor until it holds (`true`) or `timeout` passes (`false`).
    /// A bound on a wait, never a proof: what is checked is the condition.
    static func waitUntil(_ timeout: Duration, _ condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var polls = 0
        while !condition() {
            if clock.now >= deadline { return false }
            polls += 1
            if polls < 16 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        return true
    }
}

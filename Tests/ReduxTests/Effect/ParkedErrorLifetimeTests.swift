import Foundation
import Redux
import Testing

/// Issue 5, section 3: a `.task` error parked on a suspended action's run record (it arrived
/// before the action's terminal) is freed when that action is cancelled, by `invalidate()` or by
/// the store's release. Old core: the parked entry and the run record held each other strongly
/// and only the run's `finish()` broke the cycle, so the error leaked (its weak reference stayed
/// non-nil for good, with the store itself freed).
@Suite("A parked task error is freed with its cancelled action", .timeLimit(.minutes(5)))
@MainActor
struct ParkedErrorLifetimeTests {
    /// The error thrown by the `.task`: a class, so the test can hold it weakly.
    final class ParkedError: Error, Sendable {}

    /// Middleware 0 starts, for `.mark("go")`, a `.task` that throws a fresh `ParkedError` at once
    /// (recorded weakly in `error`); middleware 1 suspends the same action in an hour-long
    /// `.deferred` sleep on the store's clock.
    private func parkingStore(_ error: WeakReference<ParkedError>, recorder: LogRecorder<CounterAction>) -> CounterStore {
        makeCounterStore(
            middlewares: [
                Middleware(id: "throws from a task") { context in
                    guard context.action == .mark("go") else { return .next }
                    return .task { _ in
                        let thrown = ParkedError()
                        error.object = thrown
                        throw thrown
                    }
                },
                Middleware(id: "suspends") { context in
                    guard context.action == .mark("go") else { return .next }
                    return .deferred { effect in
                        try await effect.sleep(for: .seconds(3_600))
                        return .next
                    }
                },
            ],
            recorder: recorder
        )
    }

    /// Dispatches `.mark("go")` and returns once its task error is parked: the error reached the
    /// inbox, and a later main-actor dispatch (`.mark("after")`, which takes the inbox backlog
    /// first) has processed it. The action is still suspended, so the error must be parked.
    private func dispatchAndPark(_ store: CounterStore, _ error: WeakReference<ParkedError>, _ recorder: LogRecorder<CounterAction>) -> DispatchTicket<CounterAction> {
        let ticket = store.dispatchTracked(.mark("go"))
        #expect(blockUntil { store.queueHighWaterMark >= 1 }, "the task threw; its error waits in the inbox")
        store.dispatch(.mark("after"))
        #expect(store.record == [.mark("after")], "the error's entry was processed before .after")
        #expect(ticket.outcomeIfFinished == nil, "go is still suspended")
        #expect(error.object != nil, "the parked entry holds the error")
        #expect(!recorder.events.contains { if case .effectFailed = $0.kind { true } else { false } }, "parked, not resolved")
        return ticket
    }

    @Test func parkedTaskErrorIsFreedWhenInvalidateCancelsItsAction() async throws {
        let error = WeakReference<ParkedError>()
        let recorder = LogRecorder<CounterAction>()
        let store = parkingStore(error, recorder: recorder)
        let ticket = dispatchAndPark(store, error, recorder)

        store.invalidate()
        try await store.settled(timeout: patience)
        #expect(ticket.outcomeIfFinished?.description == "cancelled")
        #expect(await yieldUntil { error.object == nil }, "the parked error was freed with the cancelled run")
    }

    @Test func parkedTaskErrorIsFreedWhenReleasingTheStoreCancelsItsAction() async throws {
        let error = WeakReference<ParkedError>()
        let recorder = LogRecorder<CounterAction>()
        weak var weakStore: CounterStore?
        let ticket: DispatchTicket<CounterAction>
        do {
            let store = parkingStore(error, recorder: recorder)
            weakStore = store
            ticket = dispatchAndPark(store, error, recorder)
        }
        // The store goes once the last strong reference does. A thread of the store's own work
        // (the task that threw, still returning from handing its error over) may hold one a
        // moment longer when the machine is loaded: wait for the release, a condition.
        #expect(await yieldUntil { weakStore == nil }, "released")
        #expect(ticket.outcomeIfFinished?.description == "cancelled")
        #expect(await yieldUntil { error.object == nil }, "the parked error was freed with the released store's run")
    }
}

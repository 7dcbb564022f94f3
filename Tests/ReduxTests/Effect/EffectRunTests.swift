import Foundation
import Redux
import Testing

/// Issue 6, section 1: `.run(priority:) { send in ... }` is asynchronous, throwing work whose
/// `send(a)` queues and whose `send.tracked(a)` returns a ticket; `.task { ... return action? }`
/// sends the one action it returns, or none.
@Suite("Effect run and task", .timeLimit(.minutes(5)))
@MainActor
struct EffectRunTests {
    @Test func runSendsAreQueuedAndReducedInTheOrderSent() async throws {
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .run { send in
                for value in 0..<100 { send(.got(value)) }
            }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start] + (0..<100).map(FxAction.got))
        #expect(store.activeTaskCount == 0)
    }

    @Test func trackedSendReturnsATicketWhoseOutcomeTheEffectAwaits() async throws {
        let outcomes = SharedList<String>()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .run { send in
                let ticket = send.tracked(.got(1))
                outcomes.append(try await ticket.outcome.description)
                // The ticket answered after got(1)'s terminal: a second send lands behind it.
                send(.got(2))
            }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(outcomes.values == ["reduced"])
        #expect(store.state == [.start, .got(1), .got(2)])
    }

    /// The ticket's sequence number is the one the log shows for the sent action.
    @Test func trackedSendsTicketCarriesTheSentActionsLogSequence() async throws {
        let recorder = LogRecorder<FxAction>()
        let sequences = SharedList<UInt64>()
        let store = Store<[FxAction], FxAction>(initialState: [], reducers: [fxReducer { action in
            guard action == .start else { return .none }
            return .run { send in
                let ticket = send.tracked(.got(1))
                _ = try await ticket.outcome
                sequences.append(ticket.sequence)
            }
        }], onLog: recorder.handler)
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        let sequence = try #require(sequences.values.first)
        #expect(recorder.sequence(of: .got(1)) == sequence)
        #expect(recorder.labels(sequence: sequence).filter { !$0.contains("high-water mark") } == ["got(1): enqueued", "got(1): reducer fx next", "got(1): terminal reduced"])
    }

    @Test func taskSendsTheOneActionItReturns() async throws {
        let store = makeFxStore { action in
            action == .start ? .task { .got(1) } : .none
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1)])
    }

    @Test func taskThatReturnsNilSendsNothing() async throws {
        let ran = Gate()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .task {
                ran.open()
                return nil
            }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(ran.isOpen, "the task ran")
        #expect(store.state == [.start])
        #expect(store.activeTaskCount == 0)
    }

    @Test func runWorkRunsOffTheMainActor() async throws {
        let onMain = SharedValue<Bool?>(nil)
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .run { _ in onMain.value = Thread.isMainThread }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(onMain.value == false)
    }
}

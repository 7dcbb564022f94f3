@testable import Redux
import Testing

/// Issue 6, section 1, where actions land: a top-level `.send` a reducer returns is processed on
/// the main actor within the same `dispatch` call, right after the current action's terminal; a
/// send that follows asynchronous work (`.run`, `.task`, `.concatenate(.run, .send)`) comes from
/// another isolation and is processed on a later main-actor turn.
///
/// `@testable` for the inbox: the "later turn" tests make the main actor wait, inside the
/// dispatch call, until the effect's action is in the inbox, so the send provably happened during
/// the call and still was not processed by it.
@Suite("Effect sends: where they land", .timeLimit(.minutes(5)))
@MainActor
struct EffectSendOrderTests {
    @Test func topLevelSendIsProcessedInTheSameCallRightAfterTheActionsTerminal() {
        let trace = SharedList<String>()
        let store = makeFxStore(trace: trace) { action in
            action == .start ? .send(.got(1)) : .none
        }
        store.dispatch(.start)
        // No await: the dispatch call returned with the sent action processed.
        #expect(store.state == [.start, .got(1)])
        #expect(trace.values == [
            "start: enqueued",
            "start: reducer fx#0 next",
            "start: effectStarted effect of reducer fx#0",
            // Queued on the main actor while start's pass runs (its `.enqueued` event is delivered
            // then, like any dispatch made inside a pass); processed after start's terminal.
            "got(1): enqueued",
            "start: terminal reduced",
            "got(1): reducer fx#0 next",
            "got(1): terminal reduced",
        ])
    }

    @Test func topLevelSendsOfAMergeAreProcessedInArgumentOrderInTheSameCall() {
        let store = makeFxStore { action in
            switch action {
            case .start: .merge(.send(.got(1)), .merge(.send(.got(2)), .send(.got(3))), .send(.got(4)))
            case .got(2): .send(.tag("from 2"))
            default: .none
            }
        }
        store.dispatch(.start)
        #expect(store.state == [.start, .got(1), .got(2), .got(3), .got(4), .tag("from 2")])
    }

    @Test func topLevelSendOfATrackedDispatchIsReducedBeforeTheTicketReturns() {
        let store = makeFxStore { action in
            action == .start ? .send(.got(1)) : .none
        }
        let ticket = store.dispatchTracked(.start)
        #expect(ticket.outcomeIfFinished?.description == "reduced")
        #expect(store.state == [.start, .got(1)])
    }

    /// The asynchronous shapes whose sends come from another isolation.
    enum AsyncSend: String, CaseIterable, Sendable {
        case run, task, concatenateRunThenSend

        var effect: Effect<FxAction> {
            switch self {
            case .run: .run { send in send(.got(1)) }
            case .task: .task { .got(1) }
            case .concatenateRunThenSend: .concatenate(.run { _ in }, .send(.got(1)))
            }
        }
    }

    /// `.start` starts the asynchronous send, then a top-level `.send(.hold)` whose reducer, in
    /// the same call, blocks the main actor until the effect's action is in the inbox: the call
    /// still does not process it; a later turn does.
    @Test(arguments: AsyncSend.allCases)
    func sendAfterAsynchronousWorkArrivesOnALaterMainActorTurn(_ form: AsyncSend) async throws {
        let trace = SharedList<String>()
        let storeReference = WeakReference<FxStore>()
        let sentDuringTheCall = SharedValue(false)
        let store = makeFxStore(trace: trace) { action in
            switch action {
            case .start:
                return .merge(form.effect, .send(.hold))
            case .hold:
                sentDuringTheCall.value = blockUntil { storeReference.object?.inbox.hasPending ?? false }
                return .none
            default:
                return .none
            }
        }
        storeReference.object = store
        store.dispatch(.start)
        #expect(sentDuringTheCall.value, "the effect sent its action while the call ran")
        #expect(store.state == [.start, .hold], "the call returned without processing it")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .hold, .got(1)])
        #expect(trace.values.suffix(3) == [
            "got(1): enqueued",
            "got(1): reducer fx#0 next",
            "got(1): terminal reduced",
        ])
        #expect(trace.values.filter { $0.hasPrefix("got(1)") }.count == 3, "got(1) has no event before the later turn")
    }
}

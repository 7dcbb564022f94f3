import Redux
import Testing

/// A reducer's synchronous `.send` is processed in the same dispatch call, after its action's
/// terminal, behind everything queued before it — however the store holds it on the way (a
/// lone send with nothing queued takes no queue entry).
@MainActor
@Suite("Synchronous send order")
struct SynchronousSendOrderTests {
    enum Act: Sendable, Equatable {
        case start(Int)
        case sent(Int)
        case chain(Int)
        case other(Int)
    }

    /// Records every action reduced; `.start(n)` sends `.sent(n)`; `.chain(n)` sends
    /// `.chain(n - 1)` down to 0.
    static func recordingReducer() -> Reducer<[Act], Act> {
        Reducer(id: "records", effects: { state, action in
            state.append(action)
            switch action {
            case .start(let value): return .send(.sent(value))
            case .chain(let value) where value > 0: return .send(.chain(value - 1))
            default: return .none
            }
        })
    }

    @Test func aLoneSendIsReducedInTheSameCallAfterItsAction() {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        store.dispatch(.start(1))
        #expect(store.state == [.start(1), .sent(1)])
        store.dispatch(.start(2))
        #expect(store.state == [.start(1), .sent(1), .start(2), .sent(2)])
    }

    @Test func aChainOfSendsIsReducedInOrderInOneCall() {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        store.dispatch(.chain(3))
        #expect(store.state == [.chain(3), .chain(2), .chain(1), .chain(0)])
    }

    @Test func aSendComesAfterWhatAMiddlewareDispatchedEarlierInThePass() {
        let store = Store<[Act], Act>(
            initialState: [],
            reducers: [Self.recordingReducer()],
            middlewares: [Middleware(id: "dispatches") { context in
                if case .start(let value) = context.action { context.dispatch(.other(value)) }
                return .next
            }]
        )
        store.dispatch(.start(1))
        #expect(store.state == [.start(1), .other(1), .sent(1)])
    }

    @Test func theSendsOfTwoReducersAreReducedInChainOrder() {
        let second = Reducer<[Act], Act>(id: "second", effects: { _, action in
            if case .start(let value) = action { return .send(.other(value)) }
            return .none
        })
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer(), second])
        store.dispatch(.start(1))
        #expect(store.state == [.start(1), .sent(1), .other(1)])
    }

    @Test func aSendMadeWhileABlockHasEntriesAheadComesAfterThem() async throws {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        // Two actions from another thread wait in the inbox, then arrive as one block.
        #expect(runOnThreadAndWait {
            store.dispatch(.start(1))
            store.dispatch(.other(2))
        })
        try await store.settled(timeout: patience)
        #expect(store.state == [.start(1), .other(2), .sent(1)])
    }

    @Test func aSendFromTheLastEntryOfABlockIsReducedBeforeTheCallReturns() async throws {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        #expect(runOnThreadAndWait {
            store.dispatch(.other(1))
            store.dispatch(.start(2))
        })
        try await store.settled(timeout: patience)
        #expect(store.state == [.other(1), .start(2), .sent(2)])
    }

    @Test func aMainActorDispatchBehindABacklogComesBeforeTheBacklogsSends() async throws {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        #expect(runOnThreadAndWait { store.dispatch(.start(1)) })
        // The main-actor dispatch takes the backlog first, then runs its own action; the send
        // the backlog's action made was queued behind that action.
        store.dispatch(.other(2))
        #expect(store.state == [.start(1), .other(2), .sent(1)])
    }

    @Test func aLoneSendCountsInTheQueueHighWaterMark() {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        #expect(store.queueHighWaterMark == 0)
        store.dispatch(.start(1))
        #expect(store.queueHighWaterMark == 1)
        #expect(store.isQuiescent)
    }

    @Test func aSendIsLoggedAsEnqueuedWhenALogHandlerIsAttached() {
        let recorder = LogRecorder<Act>()
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()], onLog: recorder.handler)
        store.dispatch(.start(1))
        #expect(store.state == [.start(1), .sent(1)])
        let enqueued = recorder.events.compactMap { event -> Act? in
            if case .enqueued = event.kind { return event.action }
            return nil
        }
        #expect(enqueued == [.start(1), .sent(1)])
    }

    @Test func aTrackedDispatchWaitsForTheActionsItsEffectsSent() async throws {
        let store = Store<[Act], Act>(initialState: [], reducers: [Self.recordingReducer()])
        let ticket = store.dispatchTracked(.chain(2))
        #expect(store.state == [.chain(2), .chain(1), .chain(0)])
        await ticket.waitForEffects()
        #expect(ticket.outcomeIfFinished == .reduced)
        #expect(store.isQuiescent)
    }
}

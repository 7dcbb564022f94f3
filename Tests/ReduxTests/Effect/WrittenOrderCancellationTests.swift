@testable import Redux
import ReduxTesting
import Testing

/// Cancellation applies in written order: effects start and cancellations apply in reducer-chain
/// order, then in the order of the elements of a `.merge` or a `.concatenate`. A `.cancel(id:)`
/// stops every effect with that id started before it, including one started earlier in the same
/// pass whose task has not run yet, and none started after it.
///
/// The job sends at once, so a job that ran would deliver on nearly every try: each "never
/// delivers" test tries 50 times.
@Suite("Cancellation in written order", .timeLimit(.minutes(5)))
@MainActor
struct WrittenOrderCancellationTests {
    static let tries = 50

    /// A job that sends `got(1)` as soon as its task runs.
    nonisolated static var job: Effect<FxAction> {
        Effect.run { send in send(.got(1)) }.cancellable(id: "job")
    }

    @Test func aCancelWrittenAfterAJobInOneMergeStopsIt() async throws {
        for _ in 0..<Self.tries {
            let store = makeFxStore { action in
                action == .start ? .merge(Self.job, .cancel(id: "job")) : .none
            }
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start], "the job never delivers")
            #expect(store.runtime.bookkeepingCount == 0)
        }
    }

    @Test func aCancelWrittenBeforeAJobInOneMergeLeavesItRunning() async throws {
        for _ in 0..<Self.tries {
            let store = makeFxStore { action in
                action == .start ? .merge(.cancel(id: "job"), Self.job) : .none
            }
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .got(1)])
        }
    }

    /// `.merge(.cancel, job)` restarts a job an earlier action started: the old one is stopped,
    /// the new one runs.
    @Test func aCancelWrittenBeforeAJobRestartsIt() async throws {
        let clock = TestClock()
        let store = makeFxStore(options: StoreOptions(clock: clock)) { action in
            switch action {
            case .start:
                return .merge(
                    .cancel(id: "job"),
                    Effect.run { send in
                        try await send.sleep(for: .seconds(1))
                        send(.got(1))
                    }.cancellable(id: "job")
                )
            default:
                return .none
            }
        }
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(500))
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(500))
        #expect(store.state == [.start, .start], "the first job was stopped at 0.5 s")
        await clock.advance(by: .milliseconds(500))
        #expect(store.state == [.start, .start, .got(1)], "the second delivers at 1.5 s")
    }

    /// Reducer 1 starts the job; reducer 2 cancels its id for the same action.
    @Test func aCancelFromALaterReducerInTheSameActionStopsTheJobAnEarlierReducerStarted() async throws {
        for _ in 0..<Self.tries {
            let store = FxStore(initialState: [], reducers: [
                Reducer(id: "starts", effects: { state, action in
                    state.append(action)
                    return action == .start ? Self.job : .none
                }),
                Reducer(id: "cancels", effects: { _, action in
                    action == .start ? .cancel(id: "job") : .none
                }),
            ])
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start], "the job never delivers")
        }
    }

    /// The reducers in the other order: the cancel comes first and the job runs.
    @Test func aCancelFromAnEarlierReducerLeavesTheJobALaterReducerStarts() async throws {
        for _ in 0..<Self.tries {
            let store = FxStore(initialState: [], reducers: [
                Reducer(id: "cancels", effects: { _, action in
                    action == .start ? .cancel(id: "job") : .none
                }),
                Reducer(id: "starts", effects: { state, action in
                    state.append(action)
                    return action == .start ? Self.job : .none
                }),
            ])
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .got(1)])
        }
    }

    /// A cancel in an action's pass reaches a job the previous action of the same call started,
    /// whose task has not run yet.
    @Test func aCancelStopsAJobStartedEarlierInTheSameCallWhoseTaskHasNotRunYet() async throws {
        for _ in 0..<Self.tries {
            let store = makeFxStore { action in
                switch action {
                case .start: Self.job
                case .stop: .cancel(id: "job")
                default: .none
                }
            }
            store.dispatch(contentsOf: [.start, .stop])
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .stop], "the job never delivers")
        }
    }
}

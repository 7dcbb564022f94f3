import Foundation
import Testing
import ReduxTesting

/// Sleepers due at the same instant wake one at a time, in the order they went to sleep, the
/// clock waiting for the store after each: what they send always arrives in that order.
@MainActor
@Suite struct TestClockSameInstantOrderTests {
    struct Marks: Equatable, Sendable { var log: [String] = [] }
    enum Mark: Equatable, Sendable { case both, a, b }

    static let reducer = Reducer<Marks, Mark>(id: "marks", effects: { state, action in
        switch action {
        case .both:
            return .merge(
                .run { send in try await send.sleep(for: .seconds(1)); send(.a) },
                .run { send in try await send.sleep(for: .seconds(1)); send(.b) }
            )
        case .a: state.log.append("a")
        case .b: state.log.append("b")
        }
        return .none
    })

    @Test func sameInstantSleepersSendInTheOrderTheyWentToSleep() async {
        for _ in 0..<100 {
            let clock = TestClock()
            let store = TestStore(initialState: Marks(), reducers: [Self.reducer], clock: clock)
            await store.send(.both)
            await clock.advance(by: .seconds(1))
            await store.receive(.a) { $0.log = ["a"] }
            await store.receive(.b) { $0.log = ["a", "b"] }
            await store.finish()
        }
    }

    @Test func aSameInstantSleeperCancelledWhileAnotherWakesNeverSends() async {
        let clock = TestClock()
        let store = Store(initialState: Marks(), reducers: [Reducer<Marks, Mark>(id: "cancel", effects: { state, action in
            switch action {
            case .both:
                return .merge(
                    .run { send in try await send.sleep(for: .seconds(1)); send(.a) },
                    .run { send in try await send.sleep(for: .seconds(1)); send(.b) }.cancellable(id: "b")
                )
            case .a:
                state.log.append("a")
                return .cancel(id: "b")
            case .b:
                state.log.append("b")
                return .none
            }
        })], options: StoreOptions(clock: clock))
        store.dispatch(.both)
        await clock.advance(by: .seconds(1))
        #expect(store.log == ["a"])
        #expect(store.activeTaskCount == 0)
    }

    /// A sleeper that waits for a later one due at the same instant (a mailbox it fills) costs
    /// at most the short wait between two of them, not the clock's whole quiescence timeout.
    @Test func aSameInstantSleeperWaitingForALaterOneDoesNotCostTheWholeTimeout() async {
        let mailbox = Gate()
        // A quiescence timeout far above the short wait between two sleepers: a clock that
        // waited the whole timeout would take a minute, one that waits the short wait well
        // under half of it, however loaded the machine.
        let clock = TestClock(quiescenceTimeout: .seconds(60))
        let store = Store(initialState: Marks(), reducers: [Reducer<Marks, Mark>(id: "mailbox", effects: { state, action in
            switch action {
            case .both:
                return .merge(
                    .run { send in try await send.sleep(for: .seconds(1)); await mailbox.wait(); send(.a) },
                    .run { send in try await send.sleep(for: .seconds(1)); send(.b); mailbox.open() }
                )
            case .a: state.log.append("a")
            case .b: state.log.append("b")
            }
            return .none
        })], options: StoreOptions(clock: clock))
        store.dispatch(.both)
        let wall = ContinuousClock()
        let started = wall.now
        await clock.advance(by: .seconds(1))
        try? await store.quiescent(timeout: .seconds(60))
        #expect(wall.now - started < .seconds(30))
        #expect(store.log == ["b", "a"])
    }

    @Test func sameInstantSleepersOfTwoStoresWakeInTheOrderTheyStarted() async {
        for _ in 0..<50 {
            let clock = TestClock()
            let order = SharedList<String>()
            func reducer(_ name: String) -> Reducer<Marks, Mark> {
                Reducer(id: name, effects: { _, action in
                    guard action == .both else { return .none }
                    return .run { send in try await send.sleep(for: .seconds(1)); order.append(name) }
                })
            }
            let first = Store(initialState: Marks(), reducers: [reducer("first")], options: StoreOptions(clock: clock))
            let second = Store(initialState: Marks(), reducers: [reducer("second")], options: StoreOptions(clock: clock))
            first.dispatch(.both)
            second.dispatch(.both)
            first.dispatch(.both)
            await clock.advance(by: .seconds(1))
            #expect(order.values == ["first", "second", "first"])
        }
    }
}

import Observation
import Redux
import Testing

/// The store as an `Observable`: observers are told after the reducers ran, at most once per
/// handled action, never for an action every reducer declined.
@Suite("Observation", .timeLimit(.minutes(5)))
@MainActor
struct ObservationTests {
    @Test(arguments: [ObservedRead.state, .dynamicMember])
    func observerIsToldAfterAHandledActionAndReadsTheNewState(read: ObservedRead) {
        let store = makePipeStore()
        let observer = CountObserver(store, read: read, renewing: false)
        #expect(observer.seen.isEmpty)
        store.dispatch(.add(3))
        #expect(observer.seen == [3], "onChange fired once, and reading the store there saw the new state")
    }

    @Test func observersAreToldAtMostOncePerHandledAction() {
        let store = makePipeStore(reducers: [
            pipeRecordingReducer(id: "first", exit: .next),
            pipeRecordingReducer(id: "second", exit: .next),
            pipeRecordingReducer(id: "third", exit: .next),
        ])
        let observer = CountObserver(store)
        store.dispatch(.increment)
        #expect(observer.seen == [3], "three writing reducers, one notification")
        store.dispatch(.add(2))
        #expect(observer.seen == [3, 9])
    }

    /// A reader of the whole state (`store.state`) is told of every handled action.
    @Test func observersAreToldEvenWhenTheStateEndsEqual() {
        let store = makePipeStore(reducers: [Reducer(id: "touches nothing") { _, _ in .next }])
        let observer = CountObserver(store, read: .state)
        store.dispatch(.increment)
        #expect(observer.notifications == 1)
    }

    /// The member-read counterpart: `count` is value-compared, so a handled action that leaves it
    /// equal tells its reader nothing. (Read from concrete code: in code generic over a protocol
    /// with a `count` requirement, `\.count` is a computed key path, told after every handled
    /// action.)
    @Test func aMemberReaderIsNotToldWhenTheMemberEndsEqual() {
        let store = makePipeStore(reducers: [Reducer(id: "touches nothing") { _, _ in .next }])
        let observer = MemberObserver { store.count }
        store.dispatch(.increment)
        #expect(observer.fired == 0)
    }

    /// A reducer answering `.defaultNext` must not write; if it does anyway, the write is kept
    /// but nobody is told, until a later handled action notifies.
    @Test func observersAreNotToldWhenEveryReducerDeclinesAndAStrayWriteIsKept() {
        let store = makePipeStore(reducers: [
            Reducer(id: "misbehaves") { state, action in
                guard action == .ignored else { return .defaultNext }
                state.count += 100
                return .defaultNext
            },
            pipeRecordingReducer(),
        ])
        let observer = CountObserver(store)
        let ticket = store.dispatchTracked(.ignored)
        #expect(ticket.outcomeIfFinished?.description == "unhandled")
        #expect(observer.notifications == 0)
        #expect(store.count == 100, "the stray write is kept")
        store.dispatch(.increment)
        #expect(observer.seen == [101], "the next handled action is still told")
    }

    @Test func notificationsFollowTheLastHandledActionOfADrain() async throws {
        let store = makePipeStore()
        let observer = CountObserver(store)
        let actions = Array(repeating: PipeAction.increment, count: 200) + [.ignored]
        await Task.detached { store.dispatch(contentsOf: actions) }.value
        try await store.settled(timeout: patience)
        #expect(store.count == 200)
        #expect((1...200).contains(observer.notifications))
        #expect(observer.seen.last == 200, "a notification followed the last handled action")
    }

    @Test func observersAreToldWhenASuspendedActionLandsAtItsResume() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makePipeStore(middlewares: [
            deferringMiddleware(id: "defers", for: .add(5), until: gate),
        ])
        let observer = CountObserver(store)
        let ticket = store.dispatchTracked(.add(5))
        #expect(observer.notifications == 0, "nothing reduced yet")
        gate.open()
        #expect(try await ticket.outcome.description == "reduced")
        #expect(observer.seen == [5])
    }

    @Test func anObserverArrivingAfterUnobservedDispatchesIsTold() {
        let store = makePipeStore()
        for _ in 0..<10 { store.dispatch(.increment) }
        let observer = CountObserver(store, renewing: false)
        store.dispatch(.increment)
        #expect(observer.seen == [11])
    }

    @Test func anObserverRenewingAfterANotificationIsToldAgain() {
        let store = makePipeStore()
        let first = CountObserver(store, renewing: false)
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(first.seen == [1], "tracking is one-shot")
        let second = CountObserver(store, renewing: false)
        store.dispatch(.increment)
        #expect(second.seen == [3])
    }
}

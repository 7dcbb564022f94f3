import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Time travel on a live store: a jump shows a recorded state to every reader without being an
/// action; while travelling nothing is reduced and nothing is lost.
@MainActor
@Suite("Time travel", .timeLimit(.minutes(5)))
struct TimeTravelTests {
    /// A store that recorded `.add(1)`, `.add(2)`, `.add(3)`: states 0, 1, 3, 6.
    func recordedStore(clock: TestClock = TestClock(), middlewares: [Middleware<Trip, TripAction>] = [], onLog: Store<Trip, TripAction>.LogHandler? = nil) throws -> Store<Trip, TripAction> {
        let store = makeTripStore(clock: clock, middlewares: middlewares, onLog: onLog)
        try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1), .add(2), .add(3))
        return store
    }

    @Test func aJumpShowsTheRecordedStateAtTheIndex() throws {
        let store = try recordedStore()
        #expect(store.count == 6)
        try store.jump(to: 1)
        #expect(store.count == 1)
        #expect(store.travelIndex == 1)
        try store.jump(to: 0)
        #expect(store.count == 0, "index 0 is the committed state")
        try store.jump(to: 3)
        #expect(store.count == 6)
        store.resumeLive()
        #expect(store.travelIndex == nil)
        #expect(store.isTravelling == false)
        store.invalidate()
    }

    @Test func aJumpIsNotAnActionNoMiddlewareOrReducerSeesIt() throws {
        let seen = SharedList<String>()
        let spy = Middleware<Trip, TripAction>(id: "spy") { context in
            seen.append("\(context.action)")
            return .next
        }
        let store = try recordedStore(middlewares: [spy])
        let before = seen.values.count
        try store.jump(to: 1)
        try store.stepBack()
        store.resumeLive()
        #expect(seen.values.count == before)
        #expect(store.recorder?.count == 3, "a jump is not recorded")
        store.invalidate()
    }

    @Test func observersSubscriptionsAndStreamsSeeTheShownState() async throws {
        let store = try recordedStore()
        var delivered: [Int] = []
        let subscription = store.subscribe(select: { $0.count }) { delivered.append($0) }
        let observer = MemberObserver { store.count }
        try store.jump(to: 1)
        #expect(observer.fired == 1, "the member's observer is told of the jump")
        #expect(observer.readings == [6, 1])
        #expect(delivered == [6, 1], "the subscription's first value, then the shown state")
        store.resumeLive()
        #expect(observer.readings == [6, 1, 6])
        #expect(delivered == [6, 1, 6], "and the return to the live state")
        subscription.cancel()
        store.invalidate()
    }

    @Test func theLogRecordsAJumpAndTheReturnAsTimeTravelEvents() throws {
        var kinds: [LogEvent<TripAction>.Kind] = []
        var actions: [TripAction] = []
        let store = try recordedStore(onLog: { event in
            if case .timeTravel = event.kind {
                kinds.append(event.kind)
                actions.append(event.action)
            }
        })
        try store.jump(to: 2)
        try store.jump(to: 0)
        store.resumeLive()
        #expect(kinds == [.timeTravel(.jumped(to: 2)), .timeTravel(.jumped(to: 0)), .timeTravel(.resumedLive(heldActions: 0))])
        #expect(actions == [.add(2), .add(1), .add(3)], "the shown step's action; the oldest for index 0; the newest on resume")
        store.invalidate()
    }

    @Test func rulesDoNotFireOnAJump() throws {
        let registers = Middleware<Trip, TripAction>(id: "rules") { context in
            if case .note("arm") = context.action {
                context.registerRule(id: "atOne", when: { $0.count == 1 }, then: { _ in .note("fired") })
            }
            return .next
        }
        let store = try recordedStore(middlewares: [registers])
        store.dispatch(.note("arm"))
        try store.jump(to: 1)
        #expect(store.count == 1)
        #expect(store.ruleIDs == ["atOne"], "the rule's condition holds for the shown state, but it is not checked")
        store.resumeLive()
        #expect(!store.seen.contains("fired"))
        store.invalidate()
    }

    @Test func stepBackAndStepForwardMoveOneStep() throws {
        let store = try recordedStore()
        try store.stepBack()
        #expect(store.travelIndex == 2, "from live, one step before the newest")
        #expect(store.count == 3)
        try store.stepBack()
        try store.stepBack()
        #expect(store.travelIndex == 0)
        #expect(throws: TimeTravelError.atOldestStep) { try store.stepBack() }
        try store.stepForward()
        #expect(store.travelIndex == 1)
        try store.jump(to: 3)
        #expect(throws: TimeTravelError.atNewestStep) { try store.stepForward() }
        store.resumeLive()
        #expect(throws: TimeTravelError.notTravelling) { try store.stepForward() }
        store.invalidate()
    }

    @Test func badRequestsThrowAndChangeNothing() throws {
        let plain = makeTripStore()
        #expect(throws: TimeTravelError.notRecording) { try plain.jump(to: 0) }
        try plain.startRecording()
        #expect(throws: TimeTravelError.nothingRecorded) { try plain.jump(to: 0) }
        plain.dispatch(.add(5))
        #expect(throws: TimeTravelError.indexOutOfRange(index: 2, newest: 1)) { try plain.jump(to: 2) }
        #expect(throws: TimeTravelError.indexOutOfRange(index: -1, newest: 1)) { try plain.jump(to: -1) }
        #expect(plain.travelIndex == nil)
        #expect(plain.count == 5)
        plain.invalidate()
        #expect(throws: TimeTravelError.storeInvalidated) { try plain.jump(to: 0) }
    }

    @Test func actionsDispatchedWhileTravellingAreHeldAndProcessedInOrderOnResume() throws {
        let store = try recordedStore()
        try store.jump(to: 1)
        store.dispatch(.add(10))
        store.dispatch(.note("a"), .note("b"))
        #expect(store.count == 1, "nothing is reduced while travelling")
        #expect(store.heldActions == [.add(10), .note("a"), .note("b")])
        store.resumeLive()
        #expect(store.count == 16, "each held action is reduced against the live state")
        #expect(store.seen == ["a", "b"])
        #expect(store.heldActions.isEmpty)
        #expect(store.recorder?.steps.suffix(3).map(\.action) == [.add(10), .note("a"), .note("b")])
        store.invalidate()
    }

    @Test func aTrackedDispatchWhileTravellingAnswersAfterResume() async throws {
        let store = try recordedStore()
        try store.jump(to: 0)
        let ticket = store.dispatchTracked(.add(1))
        store.resumeLive()
        #expect(try await ticket.outcome == .reduced)
        #expect(store.count == 7)
        store.invalidate()
    }

    @Test func timerActionsSentDuringTravelAreAllReducedInOrderAfterResume() async throws {
        let clock = TestClock()
        let store = makeTripStore(clock: clock)
        try store.startRecording(maxAge: 100)
        store.dispatch(.add(1))
        store.dispatch(.startTimer)
        try store.jump(to: 1)
        await clock.advance(by: .seconds(10))
        #expect(store.seen.isEmpty, "the timer's ticks are held")
        #expect(store.heldActions == (1...10).map { .tick($0) })
        store.resumeLive()
        #expect(store.seen == (1...10).map { "tick \($0)" }, "all ten reduced, in order")
        store.dispatch(.stopTimer)
        store.invalidate()
    }

    @Test func aJumpFromInsideThePipelineIsQueuedBehindTheCurrentAction() throws {
        let reference = WeakReference<Store<Trip, TripAction>>()
        let traveller = Middleware<Trip, TripAction>(id: "traveller") { context in
            if case .note("travel") = context.action { try? reference.object?.jump(to: 1) }
            return .next
        }
        let store = try recordedStore(middlewares: [traveller])
        reference.object = store
        store.dispatch(.note("travel"), .add(100))
        #expect(store.travelIndex == 1, "the jump ran once what was queued before it had run")
        #expect(store.recorder?.steps.suffix(2).map(\.action) == [.note("travel"), .add(100)])
        #expect(store.count == 1)
        store.resumeLive()
        #expect(store.count == 106)
        #expect(store.seen == ["travel"])
        store.invalidate()
    }

    @Test func invalidatingWhileTravellingCancelsTheHeldActionsAndRestoresTheLiveState() async throws {
        let store = try recordedStore()
        try store.jump(to: 0)
        let ticket = store.dispatchTracked(.add(1))
        store.invalidate()
        #expect(try await ticket.outcome == .cancelled)
        #expect(store.count == 6, "the live state is back")
        #expect(store.isTravelling == false)
    }

    @Test func stoppingTheRecorderWhileTravellingResumesLive() throws {
        let store = try recordedStore()
        try store.jump(to: 0)
        store.dispatch(.add(4))
        store.stopRecording()
        #expect(store.isTravelling == false)
        #expect(store.count == 10)
        store.invalidate()
    }
}

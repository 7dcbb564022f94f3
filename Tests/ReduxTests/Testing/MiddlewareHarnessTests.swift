import ReduxTesting
import Testing

/// `MiddlewareHarness`: one middleware run against a state and an action reports its exit
/// (`.next`, `.nextAs`, `.exit(.done)`, a thrown error), the action that reached the reducers and
/// the outcome; what it dispatched, in order, without it ever seeing those actions again; a
/// `.task`'s dispatch only once the clock reached the task's sleep; a `.deferred` suspension
/// (outcome `nil`) and, after the advance, its resumed exit; an `.effect` as started work with its
/// origin at position 0; a task's error as a failed effect; the state the test set; on an
/// `ImmediateClock`, a delayed dispatch within the run.
@MainActor
@Suite("Middleware harness", .timeLimit(.minutes(5)))
struct MiddlewareHarnessTests {
    struct Feature: Sendable, Equatable {
        var count = 0
    }

    enum Act: Sendable, Equatable {
        case start
        case replaced
        case first
        case second
        case loaded(Int)
    }

    struct Offline: Error, Equatable {}

    typealias Harness = MiddlewareHarness<Feature, Act>

    /// A middleware that answers `exit` for `.start` and records every action it sees in `seen`.
    func middleware(
        seen: SharedList<Act> = SharedList(),
        _ exit: @escaping @MainActor @Sendable (MiddlewareContext<Feature, Act>) throws -> MiddlewareExit<Feature, Act>
    ) -> Middleware<Feature, Act> {
        Middleware(id: "feature") { context in
            seen.append(context.action)
            return try exit(context)
        }
    }

    @Test func nextPassesTheActionToTheReducers() async {
        let harness = Harness(middleware { _ in .next }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .next)
        #expect(run.reduced == .start)
        #expect(run.outcome == .reduced)
        #expect(run.dispatched.isEmpty)
        #expect(run.effectsStarted.isEmpty)
        #expect(harness.runs == [run])
    }

    @Test func nextAsReachesTheReducersWithTheReplacementAndIsNoDispatch() async {
        let harness = Harness(middleware { _ in .nextAs(.replaced) }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .nextAs(.replaced))
        #expect(run.reduced == .replaced)
        #expect(run.outcome == .reduced)
        #expect(run.dispatched.isEmpty)
    }

    @Test func exitDoneConsumesTheAction() async {
        let harness = Harness(middleware { _ in .exit(.done) }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .done)
        #expect(run.reduced == nil)
        #expect(run.outcome == .consumed)
    }

    @Test func exitReduceAsReachesTheReducersWithTheReplacement() async {
        let harness = Harness(middleware { _ in .exit(.reduceAs(.replaced)) }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .reduceAs(.replaced))
        #expect(run.reduced == .replaced)
        #expect(run.outcome == .reduced)
    }

    @Test func dispatchesAreRecordedInOrderAndNeverReachTheMiddlewareAgain() async {
        let seen = SharedList<Act>()
        let harness = Harness(middleware(seen: seen) { context in
            context.dispatch(.first)
            context.dispatch(.second)
            return .next
        }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.dispatched == [.first, .second])
        #expect(harness.dispatched == [.first, .second])
        #expect(seen.values == [.start])
        #expect(run.outcome == .reduced)
    }

    @Test func aThrowingMiddlewareFailsWithItsError() async {
        let harness = Harness(middleware { _ in throw Offline() }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .resolve(Offline()))
        #expect(run.reduced == nil)
        #expect(run.outcome == .failed(Offline()))
    }

    @Test func aTaskDispatchAfterAVirtualSleepIsRecordedOnlyAfterTheAdvance() async throws {
        let clock = TestClock()
        let harness = Harness(middleware { _ in
            .task { context in
                try await context.clock.sleep(for: .seconds(1))
                context.dispatch(.loaded(1))
            }
        }, state: Feature(), clock: clock)
        let run = await harness.run(.start)
        #expect(run.exit == .task)
        #expect(run.outcome == .reduced)
        #expect(run.effectsStarted == [StartedEffect(.task, origin: .effect(middlewareID: "feature", position: 0))])
        #expect(run.dispatched.isEmpty)
        #expect(harness.activeTaskCount == 1)

        await clock.advance(by: .milliseconds(999))
        #expect(harness.dispatched.isEmpty)

        await clock.advance(by: .milliseconds(1))
        #expect(harness.dispatched == [.loaded(1)])
        #expect(harness.lastRun?.dispatched == [.loaded(1)])
        #expect(run.dispatched.isEmpty, "the returned run is a snapshot")
        try await harness.settle(timeout: patience)
        #expect(harness.activeTaskCount == 0)
    }

    @Test func onAnImmediateClockATasksDelayedDispatchIsInTheRunItself() async {
        let harness = Harness(middleware { _ in
            .task { context in
                try await context.clock.sleep(for: .seconds(1))
                context.dispatch(.loaded(1))
            }
        }, state: Feature(), clock: ImmediateClock())
        let run = await harness.run(.start)
        #expect(run.dispatched == [.loaded(1)])
    }

    @Test func aDeferredActionIsSuspendedThenResumesWithItsExitAfterTheAdvance() async throws {
        let harness = Harness(middleware { _ in
            .deferred { context in
                try await context.clock.sleep(for: .seconds(1))
                return .nextAs(.loaded(try await context.read(\.count)))
            }
        }, state: Feature(count: 3))
        let run = await harness.run(.start)
        #expect(run.exit == .deferred)
        #expect(run.outcome == nil)
        #expect(run.isSuspended)
        #expect(run.resumedExit == nil)
        #expect(run.reduced == nil)
        #expect(run.effectsStarted == [StartedEffect(.deferred, origin: .middleware(id: "feature", position: 0))])

        harness.state = Feature(count: 7)
        await harness.advance(by: .seconds(1))
        let resumed = try #require(harness.lastRun)
        #expect(resumed.resumedExit == .nextAs(.loaded(7)), "the handler reads the state set while it was suspended")
        #expect(resumed.reduced == .loaded(7))
        #expect(resumed.outcome == .reduced)
        #expect(resumed.isSuspended == false)
    }

    @Test func aDeferredHandlerThatThrowsResumesWithItsError() async {
        let harness = Harness(middleware { _ in
            .deferred { _ in throw Offline() }
        }, state: Feature())
        await harness.run(.start)
        #expect(harness.lastRun?.resumedExit == .resolve(Offline()))
        #expect(harness.lastRun?.outcome == .failed(Offline()))
    }

    @Test func anEffectExitIsReportedAsStartedAndItsSendsAsDispatches() async {
        let harness = Harness(middleware { _ in .effect(.send(.loaded(2))) }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .effect)
        #expect(run.effectsStarted == [StartedEffect(.effect, origin: .effect(middlewareID: "feature", position: 0))])
        #expect(run.dispatched == [.loaded(2)])
        #expect(harness.effectsStarted == run.effectsStarted)
    }

    @Test func anEmptyEffectStartsNothing() async {
        let harness = Harness(middleware { _ in .effect(.none) }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.exit == .effect)
        #expect(run.effectsStarted.isEmpty)
    }

    @Test func aTaskErrorIsReportedAsAFailedEffectOfItsRun() async {
        let harness = Harness(middleware { _ in .task { _ in throw Offline() } }, state: Feature())
        let run = await harness.run(.start)
        #expect(run.outcome == .reduced)
        #expect(run.failedEffects == [FailedEffect(origin: .effect(middlewareID: "feature", position: 0), error: Offline())])
    }

    @Test func theMiddlewareReadsTheStateTheTestSet() async {
        let harness = Harness(middleware { context in .nextAs(.loaded(context.count)) }, state: Feature(count: 1))
        #expect(await harness.run(.start).reduced == .loaded(1))
        harness.state.count = 42
        #expect(harness.state == Feature(count: 42))
        #expect(await harness.run(.start).reduced == .loaded(42))
        #expect(harness.runs.count == 2)
    }

    @Test func installHookDispatchesAreRecordedBeforeAnyRun() async {
        let installed = Middleware<Feature, Act>(id: "feature", install: { context in
            context.dispatch(.loaded(context.count))
        }) { _ in .next }
        let harness = Harness(installed, state: Feature(count: 5))
        #expect(harness.dispatched == [.loaded(5)])
        #expect(harness.runs.isEmpty)
        let run = await harness.run(.start)
        #expect(run.dispatched.isEmpty)
    }

    @Test func laterWorkIsCreditedToTheRunThatWasLatestWhenItDispatched() async {
        let clock = TestClock()
        let harness = Harness(middleware { context in
            let action = context.action
            return .task { work in
                try await work.clock.sleep(for: .seconds(1))
                work.dispatch(action == .first ? .loaded(1) : .loaded(2))
            }
        }, state: Feature(), clock: clock)
        await harness.run(.first)
        await clock.advance(by: .seconds(1))
        await harness.run(.second)
        await clock.advance(by: .seconds(1))
        #expect(harness.runs.map(\.dispatched) == [[.loaded(1)], [.loaded(2)]])
        #expect(harness.dispatched == [.loaded(1), .loaded(2)])
    }
}

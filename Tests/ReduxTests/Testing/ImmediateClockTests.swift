import ReduxTesting
import Testing

/// `ImmediateClock`: every sleep returns at once and moves `now` to its deadline, never backward;
/// a cancelled task's sleep throws `CancellationError` and leaves time alone; copies share one time.
@Suite("ImmediateClock", .timeLimit(.minutes(5)))
struct ImmediateClockTests {
    @Test func aSleepReturnsAtOnceAndMovesNowForwardByItsDuration() async throws {
        let clock = ImmediateClock()
        let sleeps = Task {
            try await clock.sleep(for: .seconds(3))
            let first = clock.now
            try await Task.sleep(for: .seconds(2), clock: clock)
            return (first, clock.now)
        }
        let result = try #require(await taskResult(of: sleeps), "the sleeps returned without waiting")
        let (first, second) = try result.get()
        #expect(first == ImmediateClock.Instant(offset: .seconds(3)))
        #expect(second == ImmediateClock.Instant(offset: .seconds(5)))
    }

    @Test func sleepingUntilAnEarlierDeadlineLeavesTimeWhereItIs() async throws {
        let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(10)))
        try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(4)))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(10)))
        try await clock.sleep(for: .seconds(-1))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(10)))
    }

    @Test func aSleepInACancelledTaskThrowsCancellationErrorAndTimeStays() async throws {
        let clock = ImmediateClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = try #require(await taskResult(of: sleeper))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now == ImmediateClock.Instant())
    }

    @Test func copiesShareOneTime() async throws {
        let clock = ImmediateClock()
        let copy = clock
        try await copy.sleep(for: .seconds(1))
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(1)))
    }

    @Test func concurrentSleepsLeaveTimeAtTheLatestDeadline() async throws {
        let clock = ImmediateClock()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seconds in 1...100 {
                group.addTask { try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(seconds))) }
            }
            try await group.waitForAll()
        }
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(100)))
    }
}

import ReduxTesting
import Testing

/// `TestClock.sleep(until:onSleep:onWake:)`, the requirement stores sleep through: `onSleep`
/// runs once, when the sleep has been registered to wait; `onWake` runs once, before such a
/// sleeper resumes; a sleep that does not wait calls neither.
@Suite("TestClock: onSleep", .timeLimit(.minutes(5)))
struct TestClockArrivalTests {
    @Test func aSleepThatWaitsCallsOnAsleepThenOnWakeOnce() async throws {
        let clock = TestClock()
        let events = SharedList<String>()
        let sleeper = Task {
            try await clock.sleep(until: at(5), onSleep: { events.append("asleep") }, onWake: { events.append("wake") })
            events.append("returned")
        }
        #expect(await pollUntil { events.values == ["asleep"] }, "onSleep once the sleep is registered")
        #expect(clock.sleeperCount == 1)

        await clock.advance(by: .seconds(5))

        let result = try #require(await taskResult(of: sleeper))
        #expect(throws: Never.self) { try result.get() }
        #expect(events.values == ["asleep", "wake", "returned"])
    }

    @Test func aSleeperCancelledWhileWaitingCallsOnWakeOnceAndThrows() async throws {
        let clock = TestClock()
        let events = SharedList<String>()
        let sleeper = Task {
            try await clock.sleep(until: at(5), onSleep: { events.append("asleep") }, onWake: { events.append("wake") })
        }
        #expect(await pollUntil { events.values == ["asleep"] })

        sleeper.cancel()

        let result = try #require(await taskResult(of: sleeper))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(events.values == ["asleep", "wake"])
        await clock.advance(by: .seconds(10))
        #expect(events.values == ["asleep", "wake"], "a later advance does not wake it again")
    }

    @Test func aSleepWhoseDeadlinePassedCallsNeither() async throws {
        let clock = TestClock()
        await clock.advance(to: at(5))
        let events = SharedList<String>()
        try await clock.sleep(until: at(5), onSleep: { events.append("asleep") }, onWake: { events.append("wake") })
        #expect(events.values.isEmpty, "it returned at once, without waiting")
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleepInAnAlreadyCancelledTaskCallsNeitherAndThrows() async throws {
        let clock = TestClock()
        let events = SharedList<String>()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: at(5), onSleep: { events.append("asleep") }, onWake: { events.append("wake") })
        }
        let result = try #require(await taskResult(of: sleeper))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(events.values.isEmpty)
        #expect(clock.sleeperCount == 0)
    }
}

private func at(_ seconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(seconds))
}

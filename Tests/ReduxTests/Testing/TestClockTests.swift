import ReduxTesting
import Synchronization
import Testing

/// `TestClock`: time moves only in `advance` and `run`, forward, one deadline at a time; sleepers
/// wake in deadline order, ties in registration order; `onWake` runs exactly once per sleep,
/// before the sleeper resumes, on every path; each step waits for the attached participants, which
/// the clock holds weakly and gives up on after its quiescence timeout.
@Suite("TestClock", .timeLimit(.minutes(5)))
struct TestClockTests {
    // MARK: Order and time

    @Test func sleepersWakeInDeadlineOrderTiesInRegistrationOrder() async throws {
        let clock = TestClock()
        let woken = SharedList<String>()
        var sleepers: [Task<Void, any Error>] = []
        for (name, seconds) in [("c", 3), ("a", 1), ("b1", 2), ("b2", 2), ("b3", 2), ("d", 4)] {
            sleepers.append(Task {
                try await clock.sleep(until: at(seconds), onSleep: {}) { woken.append("\(name)@\(clock.now.offset)") }
            })
            #expect(await pollUntil { clock.sleeperCount == sleepers.count }, "\(name) is asleep before the next sleeps")
        }

        await clock.advance(by: .seconds(10))

        #expect(woken.values == [
            "a@1.0 seconds", "b1@2.0 seconds", "b2@2.0 seconds", "b3@2.0 seconds", "c@3.0 seconds", "d@4.0 seconds",
        ], "each woken at its own deadline")
        #expect(clock.now == at(10))
        for sleeper in sleepers {
            let result = try #require(await taskResult(of: sleeper))
            #expect(throws: Never.self) { try result.get() }
        }
    }

    @Test func advanceByWakesOnlyTheSleepersDueWithinTheDuration() async throws {
        let clock = TestClock()
        let wakes = Atomic<Int>(0)
        let sleeper = Task { try await clock.sleep(until: at(5), onSleep: {}) { wakes.add(1, ordering: .relaxed) } }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        await clock.advance(by: .seconds(3))
        #expect(clock.now == at(3))
        #expect(wakes.load(ordering: .relaxed) == 0, "5 s is not due at 3 s")
        #expect(clock.sleeperCount == 1)

        await clock.advance(by: .seconds(2))
        #expect(clock.now == at(5))
        #expect(wakes.load(ordering: .relaxed) == 1)
        #expect(clock.sleeperCount == 0)
        let result = try #require(await taskResult(of: sleeper))
        #expect(throws: Never.self) { try result.get() }
    }

    @Test func advanceToAnEarlierInstantOnlyWaitsForTheParticipants() async throws {
        let clock = TestClock()
        let participant = CountingParticipant()
        clock.attach(participant)
        await clock.advance(to: at(5))
        let wakes = Atomic<Int>(0)
        let sleeper = Task { try await clock.sleep(until: at(7), onSleep: {}) { wakes.add(1, ordering: .relaxed) } }
        #expect(await pollUntil { clock.sleeperCount == 1 })
        let asked = participant.calls

        await clock.advance(to: at(2))

        #expect(clock.now == at(5), "time never moves backward")
        #expect(wakes.load(ordering: .relaxed) == 0)
        #expect(participant.calls == asked + 1, "the participants were still waited for")
        sleeper.cancel()
        _ = await taskResult(of: sleeper)
    }

    @Test func aNegativeAdvanceCountsAsZero() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(2))
        let wakes = Atomic<Int>(0)
        let sleeper = Task { try await clock.sleep(until: at(3), onSleep: {}) { wakes.add(1, ordering: .relaxed) } }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        await clock.advance(by: .seconds(-5))

        #expect(clock.now == at(2))
        #expect(wakes.load(ordering: .relaxed) == 0)
        sleeper.cancel()
        _ = await taskResult(of: sleeper)
    }

    @Test func aDeadlineNotAfterNowReturnsAtOnceWithoutRegisteringOrCallingEitherCallback() async throws {
        let clock = TestClock(now: at(5))
        for deadline in [at(5), at(2)] {
            let events = SharedList<String>()
            let sleeper = Task {
                try await clock.sleep(until: deadline, onSleep: { events.append("onSleep") }) { events.append("onWake") }
                events.append("returned")
            }
            let result = try #require(await taskResult(of: sleeper), "returned without an advance")
            #expect(throws: Never.self) { try result.get() }
            #expect(events.values == ["returned"])
        }
        #expect(clock.now == at(5))
        #expect(clock.sleeperCount == 0)
    }

    @Test func runWakesEverySleeperInDeadlineOrderAndEndsAtTheLastDeadline() async throws {
        let clock = TestClock()
        let woken = SharedList<Int>()
        var sleepers: [Task<Void, any Error>] = []
        for seconds in [4, 1, 2] {
            sleepers.append(Task { try await clock.sleep(until: at(seconds), onSleep: {}) { woken.append(seconds) } })
        }
        #expect(await pollUntil { clock.sleeperCount == 3 })

        await clock.run()

        #expect(woken.values == [1, 2, 4])
        #expect(clock.now == at(4))
        #expect(clock.sleeperCount == 0)
        for sleeper in sleepers { #expect(await taskResult(of: sleeper) != nil) }
    }

    @Test func runWithNoSleeperReturnsAtOnceAndLeavesTimeAlone() async {
        let clock = TestClock(now: at(3))
        await clock.run()
        #expect(clock.now == at(3))
        #expect(await clock.run(maxSteps: 10), "no sleeper remains")
    }

    @Test func runWithMaxStepsStopsARepeatingTimer() async throws {
        let clock = TestClock()
        let participant = ConditionParticipant { clock.sleeperCount == 1 }
        clock.attach(participant)
        defer { withExtendedLifetime(participant) {} }
        let wakes = Atomic<Int>(0)
        let timer = Task {
            while true {
                try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), onSleep: {}) { wakes.add(1, ordering: .relaxed) }
            }
        }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        let drained = await clock.run(maxSteps: 3)

        #expect(!drained, "the timer is asleep again")
        #expect(clock.now == at(3))
        #expect(wakes.load(ordering: .relaxed) == 3)
        timer.cancel()
        let result = try #require(await taskResult(of: timer))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(wakes.load(ordering: .relaxed) == 4, "the cancelled registered sleep called onWake too")
    }

    // MARK: onWake and cancellation

    /// The sleeper runs on an executor that logs when its job is enqueued, which `resume`
    /// does synchronously: so the log shows whether `onWake` ran before the resumption.
    @Test(arguments: [WakeCause.advance, .cancellation])
    func onWakeRunsExactlyOnceAndBeforeTheSleeperResumes(wokenBy cause: WakeCause) async throws {
        let clock = TestClock()
        let events = SharedList<String>()
        let executor = RecordingExecutor(events: events)
        let wakes = Atomic<Int>(0)
        let sleeper = Task(executorPreference: executor) {
            try? await clock.sleep(until: at(1), onSleep: {}) {
                wakes.add(1, ordering: .relaxed)
                events.append("onWake")
            }
            events.append("resumed")
        }
        #expect(await pollUntil { clock.sleeperCount == 1 })
        // The sleeper registers before its task has finished suspending: wait for that, so that
        // its resumption is a job the executor logs.
        executor.waitUntilIdle()
        executor.logsEnqueues()

        switch cause {
        case .advance: await clock.advance(by: .seconds(1))
        case .cancellation: sleeper.cancel()
        }
        #expect(await taskResult(of: Task<Void, any Error> { await sleeper.value }) != nil)
        await clock.advance(by: .seconds(1))

        #expect(events.values == ["onWake", "resumption enqueued", "resumed"])
        #expect(wakes.load(ordering: .relaxed) == 1)
    }

    @Test func aCancelledSleeperThrowsAtOnceWithoutAnAdvanceAndCallsOnWakeOnce() async throws {
        let clock = TestClock()
        let events = SharedList<String>()
        let sleeper = Task {
            do {
                try await clock.sleep(until: at(10), onSleep: {}) { events.append("onWake") }
            } catch {
                events.append("threw")
                throw error
            }
        }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        sleeper.cancel()

        let result = try #require(await taskResult(of: sleeper), "ended without an advance")
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(events.values == ["onWake", "threw"], "onWake once, before the sleeper resumed")
        #expect(clock.now == at(0))
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(20))
        #expect(events.values == ["onWake", "threw"], "a later advance does not wake it again")
    }

    @Test(arguments: [0, 10])
    func aSleepInAnAlreadyCancelledTaskThrowsAndCallsNeitherCallback(deadlineSeconds: Int) async throws {
        let clock = TestClock()
        let wakes = Atomic<Int>(0)
        let sleeps = Atomic<Int>(0)
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: at(deadlineSeconds), onSleep: { sleeps.add(1, ordering: .relaxed) }) { wakes.add(1, ordering: .relaxed) }
        }
        let result = try #require(await taskResult(of: sleeper))
        #expect(throws: CancellationError.self, "cancellation wins, even over a passed deadline") { try result.get() }
        #expect(sleeps.load(ordering: .relaxed) == 0, "it never registered")
        #expect(wakes.load(ordering: .relaxed) == 0)
        #expect(clock.sleeperCount == 0)
    }

    /// The store stops counting a task as running in `onSleep`: by then the clock must already
    /// see the sleeper, or a step of time could miss it.
    @Test func onSleepRunsOnceAfterTheSleeperIsRegisteredAndBeforeItIsWoken() async throws {
        let clock = TestClock()
        let seenAtOnSleep = SharedList<Int>()
        let events = SharedList<String>()
        let sleeper = Task {
            try await clock.sleep(until: at(1), onSleep: {
                seenAtOnSleep.append(clock.sleeperCount)
                events.append("onSleep")
            }) { events.append("onWake") }
            events.append("resumed")
        }
        #expect(await pollUntil { events.values.contains("onSleep") })
        #expect(seenAtOnSleep.values == [1], "registered before onSleep ran")
        await clock.advance(by: .seconds(1))
        #expect(await taskResult(of: sleeper) != nil)
        #expect(events.values == ["onSleep", "onWake", "resumed"])
    }

    @Test func aCancellationRacingAnAdvanceCallsOnWakeExactlyOnce() async throws {
        for round in 0..<repetitions(200) {
            let clock = TestClock()
            let wakes = Atomic<Int>(0)
            let sleeper = Task { try await clock.sleep(until: at(1), onSleep: {}) { wakes.add(1, ordering: .relaxed) } }
            #expect(await pollUntil { clock.sleeperCount == 1 })
            let advancing = Task<Void, any Error> { await clock.advance(by: .seconds(1)) }
            sleeper.cancel()
            let result = try #require(await taskResult(of: sleeper), "round \(round)")
            if case .failure(let error) = result { #expect(error is CancellationError, "round \(round)") }
            #expect(await taskResult(of: advancing) != nil, "round \(round)")
            #expect(wakes.load(ordering: .relaxed) == 1, "round \(round)")
            #expect(clock.sleeperCount == 0)
        }
    }

    @Test func sleepersFromManyTasksAtOnceEachWakeAtTheirDeadlineInDeadlineOrder() async throws {
        let clock = TestClock()
        let woken = SharedList<(deadline: Int, at: TestClock.Instant)>()
        let count = 60
        let sleepers = (0..<count).map { index in
            Task.detached {
                let seconds = index % 7 + 1
                try await clock.sleep(until: at(seconds), onSleep: {}) { woken.append((seconds, clock.now)) }
            }
        }
        #expect(await pollUntil { clock.sleeperCount == count })

        await clock.advance(by: .seconds(10))

        let wakes = woken.values
        #expect(wakes.count == count)
        #expect(wakes.allSatisfy { at($0.deadline) == $0.at })
        #expect(wakes.map(\.deadline) == wakes.map(\.deadline).sorted())
        for sleeper in sleepers { #expect(await taskResult(of: sleeper) != nil) }
    }

    // MARK: Participants

    @Test func aParticipantThatIsNotQuiescentDelaysTheStep() async throws {
        let clock = TestClock(quiescenceTimeout: patience)
        let events = SharedList<String>()
        let participant = GatedParticipant(events: events)
        clock.attach(participant)
        let sleeper = Task { try await clock.sleep(until: at(1), onSleep: {}) { events.append("woken") } }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        let advancing = Task<Void, any Error> {
            await clock.advance(by: .seconds(1))
            events.append("advance returned")
        }
        #expect(await participant.entered.waitOpened(ifCancelled: .stopWaiting), "the clock asked the participant")
        // The participant is inside its wait and cannot return before the gate opens.
        #expect(clock.now == at(0), "no step while the participant is busy")
        #expect(events.values.isEmpty, "nobody woken and the advance has not returned")

        participant.gate.open()

        #expect(await taskResult(of: advancing) != nil)
        #expect(events.values == ["quiescent", "woken", "quiescent", "advance returned"])
        #expect(clock.now == at(1))
        #expect(await taskResult(of: sleeper) != nil)
    }

    @Test func sleepersRegisteredDuringAStepWithADeadlineWithinTheTargetWakeInTheSameAdvance() async throws {
        let clock = TestClock()
        let finished = Atomic<Bool>(false)
        // A stand-in for a store: quiescent while its one task is asleep on the clock or done.
        let participant = ConditionParticipant { clock.sleeperCount == 1 || finished.load(ordering: .acquiring) }
        clock.attach(participant)
        defer { withExtendedLifetime(participant) {} }
        let seen = SharedList<TestClock.Instant>()
        let chain = Task {
            for _ in 0..<3 {
                try await clock.sleep(for: .seconds(1))
                seen.append(clock.now)
            }
            finished.store(true, ordering: .releasing)
        }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        await clock.advance(by: .seconds(3))

        #expect(finished.load(ordering: .acquiring) == true, "all three sleeps ended within the one advance")
        #expect(seen.values == [at(1), at(2), at(3)], "each woken at its own deadline")
        #expect(clock.now == at(3))
        #expect(await taskResult(of: chain) != nil)
    }

    @Test func aParticipantThatTimesOutDoesNotHangTheAdvance() async throws {
        let reports = SharedList<String>()
        // The participant never becomes quiescent, so this short limit passes however loaded the
        // machine is; the reports go to the handler, not to standard error.
        let clock = TestClock(quiescenceTimeout: .milliseconds(5), onQuiescenceTimeout: { reports.append($0) })
        let events = SharedList<String>()
        let participant = GatedParticipant(events: events)
        clock.attach(participant)
        defer { participant.gate.open() }
        let sleeper = Task { try await clock.sleep(until: at(1), onSleep: {}) { events.append("woken") } }
        #expect(await pollUntil { clock.sleeperCount == 1 })

        let advancing = Task<Void, any Error> { await clock.advance(by: .seconds(1)) }

        #expect(await taskResult(of: advancing) != nil, "the advance returned although the participant never was quiescent")
        #expect(events.values == ["timed out", "woken", "timed out"])
        #expect(reports.values.count == 2)
        #expect(reports.values.allSatisfy { $0.contains("GatedParticipant was not quiescent") })
        #expect(clock.now == at(1))
        #expect(await taskResult(of: sleeper) != nil)
    }

    @Test func participantsAreHeldWeakly() async {
        let clock = TestClock()
        let kept = CountingParticipant()
        var released: CountingParticipant? = CountingParticipant()
        let releasedReference = WeakReference(released)
        clock.attach(kept)
        clock.attach(released!)

        released = nil

        #expect(releasedReference.object == nil, "the clock did not keep it alive")
        await clock.advance(by: .seconds(1))
        #expect(kept.calls == 1, "the live participant is still waited for")
    }

    @Test func aParticipantAttachedTwiceIsWaitedForOncePerStep() async {
        let clock = TestClock()
        let participant = CountingParticipant()
        clock.attach(participant)
        clock.attach(participant)
        await clock.advance(by: .seconds(1))
        #expect(participant.calls == 1)
    }
}

// MARK: - Fixtures

/// What ends a sleep in a test that runs both ways.
enum WakeCause: Sendable, CustomTestStringConvertible {
    case advance, cancellation

    var testDescription: String { self == .advance ? "an advance" : "a cancellation" }
}

/// The instant `seconds` after a test clock's zero.
private func at(_ seconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(seconds))
}

import Testing
import ReduxTesting

/// The rules a TestStore follows when a test passes.
@MainActor
@Suite struct TestStoreRuleTests {
    @Test func deferredSendReturnsSuspendedAndItsResumptionIsItsOwnStep() async {
        let clock = TestClock()
        let store = makeWorkStore(clock: clock)
        let step = await store.send(.fetch)
        #expect(step.outcome == nil)
        #expect(step.isSuspended)
        await clock.advance(by: .seconds(2))
        await store.resumed(step) { $0.fetched = 42 }
        #expect(step.outcome == .reduced)
        await store.finish()
    }

    @Test func declaredRecoveryPasses() async {
        let store = makeWorkStore()
        let step = await store.send(.risky, expecting: .recovered(.reduceAs(.recoveredRisky), reduced: true)) {
            $0.log = ["recovered"]
        }
        #expect(step.outcome == .recovered(.reduceAs(.recoveredRisky), reduced: true))
        await store.finish()
    }

    @Test func declaredFailurePasses() async {
        let store = makeWorkStore()
        await store.send(.broken, expecting: .failed(WorkError(reason: "broken")))
        await store.finish()
    }

    @Test func resolverRecoveryOfATaskErrorIsReceived() async {
        let store = makeWorkStore()
        await store.send(.save)
        await store.receive(.saveFailed("disk full")) { $0.log = ["save failed: disk full"] }
        await store.finish()
    }

    @Test func middlewareDispatchIsReceived() async {
        let store = makeWorkStore()
        await store.send(.ping)
        await store.receive(.pong) { $0.log = ["pong"] }
        await store.finish()
    }

    @Test func changesOfAReceivedActionAreCreditedToItsReceiveNotToTheSend() async {
        let store = makeWorkStore()
        // `.pong` was processed in the same call as `.ping`, but its change is not `.ping`'s.
        await withKnownIssue {
            await store.send(.ping) { $0.log = ["pong"] }
        }
        await store.receive(.pong) { $0.log = ["pong"] }
        await store.finish()
    }

    @Test func longLivedEffectFailsAnExhaustiveTest() async {
        let clock = TestClock()
        let store = makeWorkStore(clock: clock)
        await store.send(.startTimer)
        await clock.advance(by: .seconds(1))
        await store.receive(.tick) { $0.count = 1 }
        await withKnownIssue {
            await store.finish()
        } matching: { String(describing: $0).contains("1 effect still in flight") }
    }

    @Test func longLivedEffectPassesANonExhaustiveTest() async {
        let clock = TestClock()
        let store = makeWorkStore(clock: clock, exhaustivity: .off)
        await store.send(.startTimer)
        await clock.advance(by: .seconds(1))
        await store.receive(.tick) { $0.count = 1 }
        await store.finish()
        #expect(store.skipped.contains { $0.contains("in flight") })
    }

    @Test func timerStoppedBeforeTheEndLeavesNothingInFlight() async {
        let clock = TestClock()
        let store = makeWorkStore(clock: clock)
        await store.send(.startTimer)
        await clock.advance(by: .seconds(3))
        await store.receive(.tick) { $0.count = 1 }
        await store.receive(.tick) { $0.count = 2 }
        await store.receive(.tick) { $0.count = 3 }
        await store.send(.stopTimer)
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func nonExhaustiveSendChecksEverythingReducedSoFar() async {
        let store = makeWorkStore(exhaustivity: .off)
        // `.pong`'s change is already in the state `send(.ping)` checks.
        await store.send(.ping) { $0.log = ["pong"] }
        await store.finish()
    }

    @Test func nonExhaustiveReceiveSkipsEarlierReceivedActions() async {
        let clock = TestClock()
        let store = makeWorkStore(clock: clock, exhaustivity: .off)
        await store.send(.startTimer)
        await clock.advance(by: .seconds(3))
        await store.receive(.tick) { $0.count = 3 }
        // Non-exhaustive: the first tick matched, and its check saw the current state (all
        // three ticks reduced); the other two are skipped, not failures.
        await store.send(.stopTimer)
        await store.finish()
        #expect(store.state.count == 3)
    }

    @Test func nonExhaustiveModeListsWhatItSkippedWhenAsked() async {
        let store = makeWorkStore(exhaustivity: .off(showsSkipped: true))
        await store.send(.ping)
        await store.send(.increment) { $0.count = 1 }
        await store.finish()
        #expect(store.skipped.contains { $0.contains("pong") })
    }

    @Test func skippedReceivedActionsAreNotReported() async {
        let store = makeWorkStore()
        await store.send(.ping)
        await store.skipReceivedActions()
        #expect(store.state.log == ["pong"])
        await store.send(.increment) { $0.count = 1 }
        await store.finish()
    }

    @Test func skipReceivedActionsWithNothingToSkipIsReportedWhenStrict() async {
        let store = makeWorkStore()
        await withKnownIssue {
            await store.skipReceivedActions()
        }
        await store.skipReceivedActions(strict: false)
        await store.finish()
    }

    @Test func skippedInFlightEffectsAreNotReported() async {
        let store = makeWorkStore()
        await store.send(.startTimer)
        await store.skipInFlightEffects()
        await store.finish()
        #expect(store.store.activeTaskCount == 1)
    }

    @Test func receiveMatchesACaseByEmbeddingOrPredicate() async {
        let clock = TestClock()
        let store = makeWorkStore(clock: clock)
        let fetched = Embedding<WorkAction, Int>(extract: { if case .fetched(let value) = $0 { value } else { nil } }, embed: WorkAction.fetched)
        await store.send(.increment) { $0.count = 1 }
        store.store.dispatch(.fetched(7))
        await store.receive(fetched) { $0.fetched = 7 }
        store.store.dispatch(.fetched(8))
        await store.receive(fetched, 8) { $0.fetched = 8 }
        store.store.dispatch(.pong)
        await store.receive(where: { $0 == .pong }) { $0.log = ["pong"] }
        await store.finish()
    }

    @Test func installHookDispatchesAreReceived() async {
        let starter = Middleware<WorkState, WorkAction>(id: "starter", install: { context in
            context.dispatch(.increment)
        }) { _ in .next }
        let store = TestStore(initialState: WorkState(), reducers: [workReducer], middlewares: [starter])
        await store.receive(.increment) { $0.count = 1 }
        await store.finish()
    }

    @Test func assertChecksTheCurrentState() async {
        let store = makeWorkStore(exhaustivity: .off)
        await store.send(.ping)
        await store.assert { $0.log = ["pong"] }
        await withKnownIssue {
            await store.assert { $0.count = 9 }
        }
        await store.finish()
    }

    @Test func releasedWithoutFinishReportsLeftoversWhileATestIsCurrent() async {
        await withKnownIssue {
            var store: TestStore<WorkState, WorkAction>? = makeWorkStore()
            await store?.send(.ping)
            store = nil
        } matching: { String(describing: $0).contains("without `await store.finish()`") }
    }
}

import Testing
import ReduxTesting

/// The TestStore catches what it must: each test here expects a failure (`withKnownIssue`), so a
/// TestStore that never reported one would fail them.
@MainActor
@Suite struct TestStoreKnownIssueTests {
    @Test func wrongExpectedStateIsReportedWithADiff() async {
        let store = makeWorkStore()
        await withKnownIssue {
            await store.send(.increment) { $0.count = 2 }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("count") && text.contains("2") && text.contains("1")
        }
        await store.finish()
    }

    @Test func failuresAreReportedAtTheFileAndLineOfTheStep() async {
        let store = makeWorkStore()
        let line = #line + 2
        await withKnownIssue {
            await store.send(.increment) { $0.count = 3 }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "TestStoreKnownIssueTests.swift"
        }
        await store.finish()
    }

    @Test func stateChangeTheTestDidNotDescribeIsReported() async {
        let store = makeWorkStore()
        await withKnownIssue {
            await store.send(.increment)
        }
        await store.finish()
    }

    @Test func unassertedReceivedActionIsReportedAtFinish() async {
        let store = makeWorkStore()
        await store.send(.ping)
        await withKnownIssue {
            await store.finish()
        } matching: { String(describing: $0).contains("pong") }
    }

    @Test func unassertedReceivedActionIsReportedAtTheNextSend() async {
        let store = makeWorkStore()
        await store.send(.ping)
        await withKnownIssue {
            await store.send(.increment) { $0.count = 1 }
        } matching: { String(describing: $0).contains("pong") }
        await store.finish()
    }

    @Test func unfinishedEffectIsReportedAtFinish() async {
        let store = makeWorkStore()
        await store.send(.startTimer)
        await withKnownIssue {
            await store.finish()
        } matching: { String(describing: $0).contains("in flight") }
    }

    @Test func undeclaredFailureIsReported() async {
        let store = makeWorkStore()
        await withKnownIssue {
            await store.send(.broken)
        } matching: { String(describing: $0).contains("broken") }
        await store.finish()
    }

    @Test func undeclaredRecoveryIsReportedInExhaustiveMode() async {
        let store = makeWorkStore()
        await withKnownIssue {
            await store.send(.risky) { $0.log = ["recovered"] }
        } matching: { String(describing: $0).contains("did not declare") }
        await store.finish()
    }

    @Test func wrongExpectedOutcomeIsReported() async {
        let store = makeWorkStore()
        await withKnownIssue {
            await store.send(.increment, expecting: .consumed) { $0.count = 1 }
        }
        await store.finish()
    }

    @Test func receiveTimeoutIsReportedWhenWorkKeepsRunning() async {
        let hang = Gate()
        let store = makeWorkStore(hang: hang)
        await store.send(.hang)
        await withKnownIssue {
            await store.receive(.increment, timeout: .milliseconds(100))
        } matching: { String(describing: $0).contains("timed out") }
        hang.open()
        await store.receive(.increment) { $0.count = 1 }
        await store.finish()
    }

    @Test func receiveOfNothingOnAQuiescentStoreIsReportedAtOnce() async {
        let store = makeWorkStore()
        await store.send(.startTimer)
        // The wait ends on quiescence (the timer sleeps on virtual time), not on the limit: the
        // report says the effect is asleep, where a timed-out wait says "timed out" (and a
        // wait for this limit would hang the test).
        await withKnownIssue {
            await store.receive(.tick, timeout: .seconds(3_600))
        } matching: { String(describing: $0).contains("asleep on the clock") && !String(describing: $0).contains("timed out") }
        await store.skipInFlightEffects()
        await store.finish()
    }

    @Test func receivingAnotherActionThanTheNextIsReported() async {
        let store = makeWorkStore()
        await store.send(.ping)
        await withKnownIssue {
            await store.receive(.tick)
        } matching: { String(describing: $0).contains("pong") }
        await store.finish()
    }

    @Test func unresolvedEffectErrorIsReported() async {
        let store = TestStore(
            initialState: WorkState(), reducers: [workReducer], middlewares: [workMiddleware()], resolvers: []
        )
        await store.send(.save)
        await withKnownIssue {
            await store.finish()
        } matching: { String(describing: $0).contains("disk full") }
    }

    @Test func resumedBeforeTheClockMovedReportsStillSuspended() async {
        let store = makeWorkStore()
        let step = await store.send(.fetch)
        await withKnownIssue {
            await store.resumed(step)
        } matching: { String(describing: $0).contains("still suspended") }
        await withKnownIssue {
            await store.finish()
        } matching: { String(describing: $0).contains("suspended") }
    }

    @Test func aLongUnchangedStringBesideAChangeIsCut() async {
        struct Page: Equatable, Sendable { var text = String(repeating: "a", count: 5_000); var count = 0 }
        let store = TestStore<Page, WorkAction>(initialState: Page()) { state, _ in state.count += 1 }
        await withKnownIssue {
            await store.send(.increment)
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("+   count: 1") && text.utf8.count < 1_000
        }
        await store.finish()
    }
}

import Foundation
import Redux
import Testing

/// Runs the documentation's examples (their mirrors in Tests/ReduxTests/Docs/Mirrors) and checks
/// that they do what the text and their comments say. DocBlocksCompiledTests checks that the
/// mirrors are the documents' blocks.
@Suite("Documentation examples")
@MainActor
struct DocExamplesTests {
    // MARK: README.md

    @Test func quickStartRunsAsTheReadmeSays() async throws {
        let store = try await quickStart()
        #expect(store.count == 2)
        #expect(store.isLoggedIn == false)
        let outcome = try await store.dispatchTracked(.login(password: "secret")).outcome
        guard case .reduced = outcome else {
            Issue.record("expected .reduced, got \(outcome)")
            return
        }
        #expect(store.isLoggedIn)
    }

    @Test func theShortestStoreCountsIncrements() {
        let store = shortestStore()
        #expect(store.count == 1)
        store.dispatch(.login(password: "ignored"))
        #expect(store.count == 1 && store.isLoggedIn == false)
    }

    // MARK: Redux.md, GettingStarted.md

    @Test func theLandingPageStoreIsProcessedBeforeDispatchReturns() {
        let store = ReduxBlocks().landingPage()
        #expect(store.count == 1)
        store.dispatch(.decrement)
        #expect(store.count == 0)
    }

    @Test func gettingStartedReadsOneAfterOneIncrement() {
        let blocks = GettingStartedBlocks()
        #expect(blocks.dispatchAndRead().count == 1)
        let store = blocks.makeStore()
        store.dispatch(.decrement)
        #expect(store.count == -1)
    }

    // MARK: Dispatch.md

    @Test func aHelperForwardingTheMainActorTakesTheMainActorRoute() {
        let blocks = DispatchBlocks()
        let store = Store(initialState: DispatchBlocks.Counter(), reducers: [blocks.counter])
        blocks.recordVisit(in: store)
        #expect(store.count == 1, "processed before the helper returned")
    }

    @Test func trackLoginRunsOnBothPaths() async throws {
        let blocks = DispatchBlocks()
        for (accepted, user, failures) in [("secret", "ada" as String?, 0), ("other", nil, 1)] {
            let store = Store(initialState: DispatchBlocks.Session(), reducers: [blocks.session],
                              middlewares: [blocks.login(password: accepted)], resolvers: [blocks.recoverLogin])
            try await blocks.trackLogin(in: store)
            #expect(store.user == user)
            #expect(store.failedLogins == failures)
        }
    }

    @Test func waitingForQuietSeesTheDeferredIncrement() async throws {
        let blocks = DispatchBlocks()
        let store = Store(initialState: DispatchBlocks.Counter(), reducers: [blocks.counter], middlewares: [blocks.delay])
        try await blocks.waitForQuiet(store)
        #expect(store.count == 1)
        #expect(store.isSettled)
    }

    // MARK: Pipeline.md

    @Test func analyticsHoldsTheCountAtTen() {
        let blocks = PipelineBlocks()
        let store = Store(initialState: PipelineBlocks.Counter(), reducers: [blocks.counter], middlewares: [blocks.analytics])
        for _ in 0..<12 { store.dispatch(.increment) }
        #expect(store.count == 10, "from the 11th increment on, each is followed by a decrement")
    }

    // MARK: AsyncWork.md

    @Test func delayAndSaveEndsWithBothEffectsApplied() async throws {
        let store = try await AsyncWorkBlocks().delayAndSave()
        #expect(store.state == AsyncWorkBlocks.Counter(count: 2, savedCount: 1))
    }

    // MARK: EnumPolicy.md

    @Test func aSwitchWithDefaultCoversOutcomesAddedLater() {
        #expect(summary(of: DispatchOutcome<Int>.reduced) == "reduced")
        #expect(summary(of: DispatchOutcome<Int>.refused(.invalidated)) == "other")
    }

    // MARK: ErrorHandling.md

    @Test func recoverLoginTurnsALoginErrorIntoLoginFailed() async throws {
        let blocks = ErrorHandlingBlocks()
        let store = Store(initialState: ErrorHandlingBlocks.Session(), reducers: [blocks.session],
                          middlewares: [blocks.checkPassword], resolvers: [blocks.recoverLogin])
        let outcome = try await store.dispatchTracked(.login(user: "ada", password: "wrong")).outcome
        guard case .recovered(.reduceAs(.loginFailed), reduced: true) = outcome else {
            Issue.record("expected recovered(reduceAs(loginFailed), reduced: true), got \(outcome)")
            return
        }
        #expect(store.state == ErrorHandlingBlocks.Session(user: nil, failedLogins: 1))
    }

    // MARK: ObservingState.md, LoggingEvents.md

    @Test func watchCountIncrementsTheCount() {
        let blocks = ObservingStateBlocks()
        let store = blocks.makeStore()
        blocks.watchCount(of: store)
        #expect(store.count == 1)
    }

    @Test func printTerminalsBuildsAStoreThatLogs() {
        let store = LoggingEventsBlocks().printTerminals()
        #expect(store.count == 1)
    }
}

import Foundation
import Redux
import ReduxTesting
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

    @Test func theComposedBoardDropsTheRemovedRowsWorkAndSkipsTheClosedEditor() async throws {
        // The sample's action for the closed editor prints one diagnostic line: captured.
        let diagnostics = DiagnosticLines()
        let store = diagnostics.capturing { composedBoard() }
        try await store.settled(timeout: patience)
        diagnostics.expect(["editor(ReduxTests.TallyAction.increment) reached an absent child and was skipped: editor is nil"])
        var expected = Board()
        expected.rows.append(Tally(id: 2))
        #expect(store.state == expected)
    }

    @Test func aBoardRowsWorkEndsWithTheRowAndAnotherRowsWorkLands() async throws {
        let clock = TestClock()
        let log = LogRecorder<BoardAction>()
        let store = Store(initialState: Board(), reducers: boardReducers, options: StoreOptions(clock: clock), onLog: log.handler)
        store.dispatch(.addRow(1), .addRow(2))
        store.dispatch(.rows(.element(id: 1, action: .incrementLater)))
        store.dispatch(.rows(.element(id: 2, action: .incrementLater)))
        store.dispatch(.removeRow(1))
        store.dispatch(.addRow(1))          // same id, new instance
        #expect(try await store.dispatchTracked(.editor(.increment)).outcome == .unhandled)
        await clock.advance(by: .seconds(1))
        try await store.quiescent(timeout: patience)
        var rows = IdentifiedArray<Tally>()
        rows.append(Tally(id: 2, count: 1))
        rows.append(Tally(id: 1, count: 0))
        #expect(store.rows == rows)
        #expect(store.editor == nil)
        let reducedForRowOne = log.events.contains { event in
            if case .reducer(_, .next) = event.kind, event.action == .rows(.element(id: 1, action: .increment)) { true } else { false }
        }
        #expect(!reducedForRowOne, "the removed row's increment was reduced")
        let warnings = log.events.compactMap { event -> String? in
            if case let .childAbsent(step, absence) = event.kind { "\(step.path) \(absence)" } else { nil }
        }
        #expect(warnings == ["editor is nil"])
        let rowSteps = log.events.compactMap { event -> String? in
            if case .reducer(let step, .next) = event.kind, event.action == .rows(.element(id: 2, action: .increment)) { "\(step)" } else { nil }
        }
        #expect(rowSteps == ["rows[2]/tally#3"], "the README names this path")
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
        let store = Store(initialState: PipelineBlocks.Counter(), reducers: [blocks.counterReducer], middlewares: [blocks.analytics])
        for _ in 0..<12 { store.dispatch(.increment) }
        #expect(store.count == 10, "from the 11th increment on, each is followed by a decrement")
    }

    // MARK: AsyncWork.md

    @Test func delayAndSaveEndsWithBothEffectsApplied() async throws {
        let store = try await AsyncWorkBlocks().delayAndSave()
        #expect(store.state == AsyncWorkBlocks.SavingCounter(count: 2, savedCount: 1))
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

    // MARK: Composition.md

    @Test func theOvenIsLiftedByClosuresAndByKeyPathAlike() {
        for reducers in [kitchenReducers, [kitchenReducers[0], ovenByKeyPath]] {
            var state = Kitchen()
            for action: KitchenAction in [.toggleLights, .oven(.tick), .oven(.tick)] {
                for reducer in reducers { _ = reducer.reduce(&state, action) }
            }
            #expect(state == Kitchen(oven: Countdown(id: 0, remaining: 1), lightsOn: true))
        }
    }

    @Test func theLiftedOvenGuardConsumesAStartOfARunOutCountdownAndLetsOtherActionsBy() async throws {
        let store = makeKitchenStore()
        #expect(try await store.dispatchTracked(.toggleLights).outcome == .reduced)
        for _ in 0..<3 { store.dispatch(.oven(.tick)) }
        #expect(store.state.oven.remaining == 0)
        #expect(try await store.dispatchTracked(.oven(.start)).outcome == .consumed)
        #expect(store.activeTaskCount == 0, "the consumed start started no timer")
    }

    @Test func burnersKeepTheirTimersApartAndARemovedBurnersTicksAreDropped() async throws {
        let clock = TestClock()
        let log = LogRecorder<StoveAction>()
        let store = Store(initialState: Stove(), reducers: stoveReducers, options: StoreOptions(clock: clock), onLog: log.handler)
        burnerLifetimes(store)
        for _ in 0..<2 {
            await clock.advance(by: .seconds(1))
            try await store.quiescent(timeout: patience)
        }
        var burners = IdentifiedArray<Countdown>()
        burners.append(Countdown(id: 2, remaining: 1))
        burners.append(Countdown(id: 1, remaining: 3))
        #expect(store.burners == burners)
        let ticksForOne = log.events.filter { event in
            if case .reducer(_, .next) = event.kind, event.action == .burners(.element(id: 1, action: .tick)) { true } else { false }
        }
        #expect(ticksForOne.isEmpty, "a tick of the removed burner was reduced")
        let warnings = log.events.compactMap { event -> String? in
            if case let .childAbsent(step, absence) = event.kind { "\(step) \(absence)" } else { nil }
        }
        #expect(warnings == ["egg/countdown#1 is nil"])
        store.dispatch(.burners(.element(id: 2, action: .stop)))
        try await store.settled(timeout: patience)
    }

    @Test func showingFreshResultsKeepsTheRowsStillThereAndTheirState() {
        var screen = SearchScreen()
        showResults([SearchHit(id: 1, title: "a"), SearchHit(id: 2, title: "b")], in: &screen)
        screen.rows[id: 1]?.isSaving = true
        showResults([SearchHit(id: 3, title: "c"), SearchHit(id: 1, title: "a2")], in: &screen)
        #expect(screen.rows.ids == [3, 1])
        #expect(screen.rows[id: 1]?.isSaving == true, "row 1 kept as it was")
        #expect(screen.rows[id: 1]?.title == "a")
        #expect(screen.rows[id: 3] == SearchRow(SearchHit(id: 3, title: "c")))
    }

    @Test func theCaseLiftRunsOnlyWhileItsCaseIsCurrentAndThePresentedSheetIsReached() {
        var state = Stove()
        let reduce = { (action: StoveAction) in for reducer in stoveReducers { _ = reducer.reduce(&state, action) } }
        reduce(.recipe(.tick))
        #expect(state.screen == nil)
        reduce(.showRecipe)
        reduce(.recipe(.tick))
        #expect(state.screen == .recipe(Countdown(id: 3, remaining: 2)))
        reduce(.showSettings)
        reduce(.recipe(.tick))
        #expect(state.screen == .settings)
        reduce(.showSheet)
        reduce(.sheet(.tick))
        #expect(state.sheet?.value == Countdown(id: 2, remaining: 2))
    }

    @Test func theLogLinesOfTheArticleAreWhatTheStorePrints() {
        let log = LogRecorder<StoveAction>()
        let store = Store(initialState: Stove(), reducers: stoveReducers, onLog: log.handler)
        store.dispatch(.addBurner(4))
        store.dispatch(.burners(.element(id: 4, action: .tick)))
        store.dispatch(.egg(.start))
        // Each line without its action (the article shortens those) and without its duration.
        let lines = log.events.map { event -> String in
            let text = String(describing: event)
            let afterAction = text.range(of: "): ").map { String(text[$0.upperBound...]) } ?? text
            guard afterAction.hasSuffix(")"), let open = afterAction.range(of: " (", options: .backwards) else { return afterAction }
            return String(afterAction[..<open.lowerBound])
        }
        for line in [
            "reducer burners[4]/countdown#4 → next",
            "reducer egg/countdown#1 → defaultNext",
            "warning: egg/countdown#1 skipped the action: egg is nil",
            "reducer burners/countdown#4 → defaultNext",
        ] {
            #expect(lines.contains(line), "the article shows \(line); the store printed \(lines)")
        }
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

@testable import Redux
import ReduxTesting
import Testing

/// An action that reaches no one is loud in a debug build with no log handler, like an unhandled
/// failure: an action for an absent child (a `nil` optional, another enum case, a missing element
/// id), an action a detached slice drops, a dispatch refused after `invalidate()` — one line each
/// (action, path or reason, call site) through the diagnostics sink. A log handler gets the
/// event instead; `printsDiagnostics: false` silences them. (`@testable`: the sink is internal;
/// `DiagnosticLines` captures it so no line reaches the test output.)
@Suite("Absent children and refused dispatches are loud", .timeLimit(.minutes(5)))
@MainActor
struct AbsentChildDiagnosticsTests {
    // MARK: - Rule: an action for an absent child writes one line

    @Test func anActionForANilOptionalChildPrintsOneDiagnosticLine() {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        let line = #line + 1
        store.dispatch(.sheet(.increment))
        lines.expect(["swift-redux: action sheet(ReduxTests.JobAction.increment)"])
        lines.expect(["sheet is nil (reducer job#3; dispatched at ReduxTests/AbsentChildDiagnosticsTests.swift:\(line))"])
    }

    @Test func anActionForAnotherEnumCasePrintsOneDiagnosticLine() {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.dispatch(.showEdit(1))
        store.dispatch(.detail(.increment))
        lines.expect(["detail is another case (reducer job#5;"])
    }

    @Test func anActionForAMissingElementIdPrintsOneDiagnosticLine() {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.dispatch(.addRow(1))
        store.dispatch(.rows(.element(id: 9, action: .increment)))
        lines.expect(["rows[9] has no element 9 (reducer job#7;"])
    }

    @Test func anActionForAPresentChildPrintsNothing() {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.increment))
        store.dispatch(.addRow(2))
        store.dispatch(.rows(.element(id: 2, action: .increment)))
        #expect(store.state.sheet?.count == 1)
        lines.expect([])
    }

    @Test func anActionFromAnotherIsolationForAnAbsentChildNamesItsCallSite() async throws {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        let line = #line + 1
        let ticket = await Task.detached { store.dispatchTracked(.sheet(.increment)) }.value
        #expect(try await ticket.outcome == .unhandled)
        lines.expect(["AbsentChildDiagnosticsTests.swift:\(line))"])
    }

    @Test func oneLinePerActionWhenSeveralLiftedComponentsSkipIt() {
        let lines = DiagnosticLines()
        let passes = Middleware<Job, JobAction>(id: "spy") { _ in .next }
        let declines = Resolver<Job, JobAction>(id: "declines") { _ in .defaultNext }
        let store = makeHomeStore(
            middlewares: [stopThrows, passes.lift(state: \Home.sheet, action: .sheet)],
            resolvers: [declines.lift(state: \Home.sheet, action: .sheet)],
            clock: TestClock(), diagnostics: lines
        )
        store.dispatch(.sheet(.increment))
        store.dispatch(.sheet(.decrement))
        lines.expect(["sheet(ReduxTests.JobAction.increment) reached an absent child and was skipped: sheet is nil (middleware spy#1;",
                      "sheet(ReduxTests.JobAction.decrement) reached an absent child and was skipped: sheet is nil (middleware spy#1;"])
    }

    @Test func anAbsenceOnlyAResolverMeetsWritesOneLineNamingTheResolver() {
        let lines = DiagnosticLines()
        let declines = Resolver<Job, JobAction>(id: "declines") { _ in .defaultNext }
        let recovers = Resolver<Home, HomeAction>(id: "recovers") { _ in .exit(.done) }
        let store = makeHomeStore(
            middlewares: [stopThrows],
            resolvers: [declines.lift(state: \Home.sheet, action: .sheet), recovers],
            clock: TestClock(), diagnostics: lines
        )
        store.dispatch(.sheet(.stop))
        lines.expect(["sheet is nil (resolver declines#0;"])
    }

    @Test func printsDiagnosticsFalseSilencesAbsentChildLines() {
        let lines = DiagnosticLines()
        var options = lines.options(clock: TestClock())
        options.printsDiagnostics = false
        let store = Store(initialState: Home(), reducers: homeReducers(), options: options)
        store.dispatch(.sheet(.increment))
        store.dispatch(.rows(.element(id: 9, action: .increment)))
        store.invalidate()
        store.dispatch(.note("late"))
        #expect(lines.lines.isEmpty)
    }

    @Test func aLogHandlerReceivesChildAbsentInsteadOfALine() {
        let lines = DiagnosticLines()
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record, diagnostics: lines)
        store.dispatch(.sheet(.increment))
        #expect(absenceWarnings(log) == ["job sheet is nil"])
        #expect(lines.lines.isEmpty)
    }

    // MARK: - Rule: a parent effect reducer handles the action, and the absence is still loud

    /// `Reducer(id:effects:)` always answers `.next`: a parent written that way handles every
    /// action, its children's included, so the outcome is `.reduced` — and the lifted child
    /// still reports that it skipped the action: one line without a log handler, a
    /// `.childAbsent` event with one.
    @Test func anActionForANilChildUnderAParentEffectReducerIsReducedAndStillLoud() async throws {
        let parent = Reducer<Home, HomeAction>(id: "parent", effects: { state, action in
            if case .showSheet(let id) = action { state.sheet = Job(id: id) }
            return .none
        })
        let reducers = [parent, jobReducer.lift(state: \Home.sheet, action: .sheet)]
        let lines = DiagnosticLines()
        let quiet = Store(initialState: Home(), reducers: reducers, options: lines.options(clock: TestClock()))
        let outcome = try await quiet.dispatchTracked(.sheet(.increment)).outcome
        #expect(outcome == .reduced)
        lines.expect(["sheet is nil (reducer job#1;"])

        let log = LogRecorder<HomeAction>()
        let logged = Store(initialState: Home(), reducers: reducers, options: StoreOptions(clock: TestClock()), onLog: log.record)
        #expect(try await logged.dispatchTracked(.sheet(.increment)).outcome == .reduced)
        #expect(absenceWarnings(log) == ["job sheet is nil"])
    }

    /// Written with `Reducer(id:reduction:)` and `.defaultNext` for the actions it does not
    /// handle, the parent lets the absence show in the outcome: `.unhandled`.
    @Test func anActionForANilChildUnderAParentThatDeclinesItIsUnhandled() async throws {
        let parent = Reducer<Home, HomeAction>(id: "parent", reduction: { state, action in
            guard case .showSheet(let id) = action else { return Reduction(.defaultNext) }
            state.sheet = Job(id: id)
            return .next()
        })
        let lines = DiagnosticLines()
        let store = Store(initialState: Home(), reducers: [parent, jobReducer.lift(state: \Home.sheet, action: .sheet)],
                          options: lines.options(clock: TestClock()))
        #expect(try await store.dispatchTracked(.sheet(.increment)).outcome == .unhandled)
        lines.expect(["sheet is nil (reducer job#1;"])
    }

    // MARK: - Rule: a detached slice's dropped action writes one line

    @Test func aDispatchThroughADetachedSlicePrintsOneDiagnosticLine() throws {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.dispatch(.addRow(3))
        let row = try #require(store.slice(ElementModuleMap<Home, HomeAction, Job, JobAction>.elements(state: \.rows, action: .rows), id: 3))
        store.dispatch(.removeRow(3))
        let line = #line + 1
        row.dispatch(.increment)
        lines.expect(["swift-redux: action rows(Redux.ElementAction<Swift.Int, ReduxTests.JobAction>.element(id: 3, action: ReduxTests.JobAction.increment)) was not dispatched: the slice of rows[3] is detached (its child is gone) (dispatched at ReduxTests/AbsentChildDiagnosticsTests.swift:\(line))"])
    }

    // MARK: - Rule: a dispatch after invalidate() writes one line

    @Test func aDispatchAfterInvalidatePrintsOneDiagnosticLine() async throws {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.invalidate()
        let line = #line + 1
        store.dispatch(.note("late"))
        lines.expect(["swift-redux: action note(\"late\") was refused: the store is invalidated (dispatched at ReduxTests/AbsentChildDiagnosticsTests.swift:\(line))"])
    }

    @Test func aDispatchFromAnotherIsolationAfterInvalidatePrintsOneDiagnosticLine() async throws {
        let lines = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.invalidate()
        let ticket = await Task.detached { store.dispatchTracked(.note("late")) }.value
        #expect(try await ticket.outcome == .refused(.invalidated))
        lines.expect(["was refused: the store is invalidated"])
    }

    @Test func aLogHandlerReceivesTheRefusalInsteadOfALine() {
        let lines = DiagnosticLines()
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record, diagnostics: lines)
        store.invalidate()
        store.dispatch(.note("late"))
        #expect(log.events.contains { if case .refused(.invalidated, _) = $0.kind { true } else { false } })
        #expect(lines.lines.isEmpty)
    }
}

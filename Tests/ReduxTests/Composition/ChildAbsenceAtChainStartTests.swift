@testable import Redux
import ReduxTesting
import Testing

/// An action is for an absent child only if the child was absent when the action entered the
/// reducer chain. A parent reducer placed before the lift that removes the child on one of the
/// child's own actions (a sheet's "close") handled it: the lift then skips the action, and that
/// is not reported — no line, no `.childAbsent` event. A child already absent when the chain
/// started is reported, whatever the parent does first.
///
/// And an enum-case child is absent *because the enum is `nil`* (`.isNil`) or *because another
/// case is current* (`.otherCase`), for an optional enum and a presented one alike.
@Suite("A child is absent for an action only if it was absent when the chain started", .timeLimit(.minutes(5)))
@MainActor
struct ChildAbsenceAtChainStartTests {
    /// A child reducer with no effects: the stores below take the plain reducer chain.
    private let plainJob = Reducer<Job, JobAction>(id: "job") { state, action in
        state.count += 1
        return .next
    }

    /// The parent first, then the sheet's lift; the parent dismisses on `.sheet(.stop)`.
    private func dismissingParentStore(diagnostics: DiagnosticLines, onLog: Store<Home, HomeAction>.LogHandler? = nil) -> Store<Home, HomeAction> {
        let parent = Reducer<Home, HomeAction>(id: "parent") { state, action in
            switch action {
            case .showSheet(let id): state.sheet = Job(id: id)
            case .sheet(.stop): state.sheet = nil
            default: return .defaultNext
            }
            return .next
        }
        return Store(initialState: Home(), reducers: [parent, plainJob.lift(state: \Home.sheet, action: .sheet)],
                     options: diagnostics.options(clock: TestClock()), onLog: onLog)
    }

    @Test func aParentThatDismissesOnTheChildsActionBeforeTheLiftIsNotReported() throws {
        let lines = DiagnosticLines()
        let store = dismissingParentStore(diagnostics: lines)
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.stop))
        #expect(store.state.sheet == nil)
        lines.expect([])

        let log = LogRecorder<HomeAction>()
        let logged = dismissingParentStore(diagnostics: lines, onLog: log.record)
        logged.dispatch(.showSheet(1))
        logged.dispatch(.sheet(.stop))
        #expect(log.childAbsentWarnings == [])
        #expect(log.reducerSteps(id: "job").map(\.1) == [.defaultNext, .defaultNext], "the lift did skip it (and .showSheet)")
        lines.expect([])
    }

    @Test func aParentThatDismissesOnTheChildsActionPassesAnExhaustiveTestStoreStep() async {
        let parent = Reducer<Home, HomeAction>(id: "parent") { state, action in
            switch action {
            case .showSheet(let id): state.sheet = Job(id: id)
            case .sheet(.stop): state.sheet = nil
            default: return .defaultNext
            }
            return .next
        }
        let store = TestStore(initialState: Home(), reducers: [parent, jobReducer.lift(state: \Home.sheet, action: .sheet)], clock: TestClock())
        await store.send(.showSheet(1)) { $0.sheet = Job(id: 1) }
        await store.send(.sheet(.stop)) { $0.sheet = nil }
        await store.finish()
    }

    @Test func aChildAbsentAtChainStartIsStillReportedWhenTheParentComesFirst() {
        let lines = DiagnosticLines()
        let store = dismissingParentStore(diagnostics: lines)
        store.dispatch(.sheet(.stop))
        lines.expect(["sheet(ReduxTests.JobAction.stop) reached an absent child and was skipped: sheet is nil (reducer job#1;"])

        let log = LogRecorder<HomeAction>()
        let logged = dismissingParentStore(diagnostics: DiagnosticLines(), onLog: log.record)
        logged.dispatch(.sheet(.stop))
        logged.dispatch(.showSheet(1))
        logged.dispatch(.sheet(.stop))
        logged.dispatch(.sheet(.increment))
        #expect(log.childAbsentWarnings == ["sheet is nil", "sheet is nil"], "the first .stop and the late .increment")
    }

    @Test func aChildRemovedByAnEarlierReducerIsNotReportedUnderEffectReducersEither() async throws {
        let lines = DiagnosticLines()
        let parent = Reducer<Home, HomeAction>(id: "parent", reduction: { state, action in
            switch action {
            case .showSheet(let id): state.sheet = Job(id: id)
            case .sheet(.stop): state.sheet = nil
            default: return Reduction(.defaultNext)
            }
            return .next()
        })
        let store = Store(initialState: Home(), reducers: [parent, jobReducer.lift(state: \Home.sheet, action: .sheet)],
                          options: lines.options(clock: TestClock()))
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.stop))
        store.dispatch(.sheet(.increment))
        try await store.settled()
        lines.expect(["sheet(ReduxTests.JobAction.increment) reached an absent child"])
    }

    // MARK: - Rule: a nil enum is nil, not another case

    @Test func anEnumCaseChildWhoseEnumIsNilIsReportedAsNil() {
        let lines = DiagnosticLines()
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), diagnostics: lines)
        store.dispatch(.detail(.increment))
        store.dispatch(.showEdit(1))
        store.dispatch(.detail(.increment))
        lines.expect(["detail is nil (reducer job#5;", "detail is another case (reducer job#5;"])

        let logged = makeHomeStore(clock: TestClock(), onLog: log.record)
        logged.dispatch(.edit(.increment))
        logged.dispatch(.showDetail(1))
        logged.dispatch(.edit(.increment))
        #expect(log.childAbsentWarnings == ["edit is nil", "edit is another case"])
    }

    @Test func aPresentedCaseChildWhoseEnumIsNilIsReportedAsNil() {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        store.dispatch(.modal(.rename("x")))
        store.dispatch(.showModalAbout)
        store.dispatch(.modal(.rename("y")))
        let absences: [ChildAbsence] = log.events.compactMap { event in
            if case .childAbsent(_, let absence) = event.kind { absence } else { nil }
        }
        #expect(absences == [.isNil, .otherCase])
    }

    @Test func aTestStoreStepDeclaringIsNilForANilEnumPasses() async {
        let store = TestStore(initialState: Home(), reducers: homeReducers(), clock: TestClock())
        await store.send(.detail(.increment), childAbsent: .isNil)
        await store.send(.showEdit(1)) { $0.destination = .edit(Job(id: 1)) }
        await store.send(.detail(.increment), childAbsent: .otherCase)
        await store.finish()
    }
}

@testable import Redux
import ReduxTesting
import Testing

/// Issue 7: an action the lift's embedding cannot extract is not the child's — the lifted
/// reducer answers `.defaultNext` without running the child; an action for an absent child is
/// skipped, other reducers still see it, and the outcome is `.unhandled` only if none handled it.
@Suite("Foreign actions", .timeLimit(.minutes(5)))
@MainActor
struct ForeignActionTests {
    @Test func aForeignActionNeverReachesTheLiftedChildAndItsLiftAnswersDefaultNext() async throws {
        let seen = SharedList<JobAction>()
        let spy = Reducer<Job, JobAction>(id: "spy") { _, action in
            seen.append(action)
            return .next
        }
        let log = LogRecorder<HomeAction>()
        let store = Store(initialState: Home(), reducers: [homeReducer, spy.lift(state: \Home.fixed, action: .fixed)], onLog: log.record)
        let ticket = store.dispatchTracked(.note("parent"))
        #expect(try await ticket.outcome == .reduced)
        store.dispatch(.other(.increment))
        store.dispatch(.rows(.element(id: 1, action: .increment)))
        #expect(seen.values.isEmpty)
        #expect(log.reducerSteps(id: "spy").map(\.1) == [.defaultNext, .defaultNext, .defaultNext])
        store.dispatch(.fixed(.increment))
        #expect(seen.values == [.increment])
        #expect(log.reducerSteps(id: "spy").last?.1 == .next)
    }

    @Test func anActionForAnAbsentChildIsUnhandledOnlyIfNoOtherReducerHandledIt() async throws {
        let audit = Reducer<Home, HomeAction>(id: "audit") { state, action in
            guard case .sheet = action else { return .defaultNext }
            state.log.append("audit")
            return .next
        }
        let log = LogRecorder<HomeAction>()
        let diagnostics = DiagnosticLines()
        let alone = makeHomeStore(clock: TestClock(), diagnostics: diagnostics)
        #expect(try await alone.dispatchTracked(.sheet(.increment)).outcome == .unhandled)
        diagnostics.expect(["sheet is nil"])

        let store = Store(initialState: Home(), reducers: homeReducers() + [audit], onLog: log.record)
        let ticket = store.dispatchTracked(.sheet(.increment))
        #expect(try await ticket.outcome == .reduced)
        #expect(store.state.log == ["audit"], "a reducer after the skipped lift still saw the action")
        #expect(store.state.sheet == nil)
        #expect(log.childAbsentWarnings == ["sheet is nil"])
    }

    @Test func anAbsentChildCrashesNothingAndChangesNothingInEveryForm() async throws {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        let actions: [HomeAction] = [
            .sheet(.start), .presented(.start), .detail(.start), .edit(.start),
            .rows(.element(id: 4, action: .start)), .panel(.rows(.element(id: 4, action: .start))),
        ]
        for action in actions {
            #expect(try await store.dispatchTracked(action).outcome == .unhandled, "\(action)")
        }
        #expect(store.state == Home())
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(log.childAbsentWarnings == [
            "sheet is nil", "presented is nil", "detail is nil", "edit is nil",
            "rows[4] has no element 4", "panel is nil", "panel is nil",
        ])
    }
}

@testable import Redux
import ReduxTesting
import Testing

/// One absent-child line per action, however its pass goes: an action suspended by a
/// `.deferred` middleware between two lifted components that skip it is the same action when it
/// resumes (one line); a replacement action (a middleware's `.nextAs`, a resolver's or
/// middleware's `.reduceAs`) is a new action, and gets a line of its own when it reaches an
/// absent child. A line names the call site of the action: for an action an effect sent, the
/// effect's `send`.
@Suite("One absent-child line per action", .timeLimit(.minutes(5)))
@MainActor
struct AbsentChildOneLinePerActionTests {
    @Test func anActionSuspendedBetweenTwoLiftedComponentsPrintsOneLine() async throws {
        let lines = DiagnosticLines()
        let gate = Gate()
        let spy = Middleware<Job, JobAction>(id: "spy") { _ in .next }
        let store = makeHomeStore(
            middlewares: [spy.lift(state: \Home.sheet, action: .sheet),
                          deferringMiddleware(id: "waits", for: HomeAction.sheet(.increment), until: gate)],
            clock: TestClock(), diagnostics: lines
        )
        let ticket = store.dispatchTracked(.sheet(.increment))
        gate.open()
        #expect(try await ticket.outcome == .unhandled, "the lifted reducer skipped it after the resumption")
        lines.expect(["sheet(ReduxTests.JobAction.increment) reached an absent child and was skipped: sheet is nil (middleware spy#0;"])
    }

    @Test func aSuspendedActionThatMeetsAnAbsentChildOnlyAfterItResumesPrintsOneLine() async throws {
        let lines = DiagnosticLines()
        let gate = Gate()
        let store = makeHomeStore(
            middlewares: [deferringMiddleware(id: "waits", for: HomeAction.sheet(.increment), until: gate)],
            clock: TestClock(), diagnostics: lines
        )
        let ticket = store.dispatchTracked(.sheet(.increment))
        store.dispatch(.sheet(.decrement))
        gate.open()
        #expect(try await ticket.outcome == .unhandled)
        lines.expect([
            "sheet(ReduxTests.JobAction.decrement) reached an absent child and was skipped: sheet is nil (reducer job#3;",
            "sheet(ReduxTests.JobAction.increment) reached an absent child and was skipped: sheet is nil (reducer job#3;",
        ])
    }

    @Test func aResolversReplacementForAnotherAbsentChildIsReported() {
        let lines = DiagnosticLines()
        let spy = Middleware<Job, JobAction>(id: "spy") { _ in .next }
        let replaces = Resolver<Home, HomeAction>(id: "replaces") { _ in .exit(.reduceAs(.detail(.increment))) }
        let store = makeHomeStore(
            middlewares: [spy.lift(state: \Home.sheet, action: .sheet), stopThrows],
            resolvers: [replaces],
            clock: TestClock(), diagnostics: lines
        )
        store.dispatch(.sheet(.stop))
        lines.expect([
            "sheet(ReduxTests.JobAction.stop) reached an absent child and was skipped: sheet is nil (middleware spy#0;",
            "detail(ReduxTests.JobAction.increment) reached an absent child and was skipped: detail is nil (reducer job#5;",
        ])
    }

    @Test func aMiddlewaresReplacementForAnotherAbsentChildIsReported() {
        let lines = DiagnosticLines()
        let spy = Middleware<Job, JobAction>(id: "spy") { _ in .next }
        let rewrite = Middleware<Home, HomeAction>(id: "rewrite") { context in
            context.action == .sheet(.increment) ? .nextAs(.rows(.element(id: 3, action: .increment))) : .next
        }
        let store = makeHomeStore(middlewares: [spy.lift(state: \Home.sheet, action: .sheet), rewrite], clock: TestClock(), diagnostics: lines)
        store.dispatch(.sheet(.increment))
        lines.expect([
            "sheet(ReduxTests.JobAction.increment) reached an absent child and was skipped: sheet is nil (middleware spy#0;",
            "reached an absent child and was skipped: rows[3] has no element 3 (reducer job#7;",
        ])
    }

    @Test func anActionAnEffectSentNamesTheSendsCallSite() async throws {
        let lines = DiagnosticLines()
        let syncLine = SharedValue(0)
        let asyncLine = SharedValue(0)
        let sender = Reducer<Home, HomeAction>(id: "sender", effects: { _, action in
            switch action {
            case .note("sync"):
                syncLine.value = #line + 1
                return .send(.rows(.element(id: 9, action: .increment)))
            case .note("async"):
                return .run { send in
                    asyncLine.value = #line + 1
                    send(.rows(.element(id: 8, action: .increment)))
                }
            default: return .none
            }
        })
        let store = Store(initialState: Home(), reducers: homeReducers() + [sender], options: lines.options(clock: TestClock()))
        store.dispatch(.note("sync"))
        store.dispatch(.note("async"))
        try await store.settled()
        lines.expect([
            "rows[9] has no element 9 (reducer job#7; dispatched at ReduxTests/AbsentChildOneLinePerActionTests.swift:\(syncLine.value))",
            "rows[8] has no element 8 (reducer job#7; dispatched at ReduxTests/AbsentChildOneLinePerActionTests.swift:\(asyncLine.value))",
        ])
    }

    @Test func anActionAThrottleWindowDeliversLaterNamesTheSendsCallSite() async throws {
        let lines = DiagnosticLines()
        let clock = TestClock()
        let sendLine = SharedValue(0)
        let sender = Reducer<Home, HomeAction>(id: "sender", effects: { _, action in
            guard case .note = action else { return .none }
            sendLine.value = #line + 1
            return Effect.send(HomeAction.rows(.element(id: 9, action: .increment)))
                .throttle(id: "rows", for: .seconds(1), latest: true)
        })
        let store = Store(initialState: Home(), reducers: homeReducers() + [sender], options: lines.options(clock: clock))
        store.dispatch(.note("first"))   // delivered at once, opens the window
        store.dispatch(.note("second"))  // held until the window ends
        try await store.quiescent(timeout: patience)
        await clock.run()                // the window ends, delivers it, and the next one closes
        try await store.settled(timeout: patience)
        let site = "dispatched at ReduxTests/AbsentChildOneLinePerActionTests.swift:\(sendLine.value))"
        lines.expect(["rows[9] has no element 9 (reducer job#7; " + site, "rows[9] has no element 9 (reducer job#7; " + site])
    }
}

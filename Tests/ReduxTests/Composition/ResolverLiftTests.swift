@testable import Redux
import ReduxTesting
import Testing

/// Issue 7, lifted resolvers: a child feature's resolver, lifted into a parent, is shown only
/// the errors of its child's actions (while the child is present), sees the child's state and
/// actions, and its `.reduceAs` is embedded back into a parent action.
@Suite("Resolver lift", .timeLimit(.minutes(5)))
@MainActor
struct ResolverLiftTests {
    @Test func aLiftedResolverSeesOnlyErrorsWhoseActionExtracts() async throws {
        let seen = SharedList<String>()
        let recover = Resolver<Job, JobAction>(id: "recover") { context in
            seen.append("\(context.action) count=\(context.count)")
            return .exit(.done)
        }
        var initial = Home()
        initial.fixed.count = 5
        let diagnostics = DiagnosticLines()
        let store = makeHomeStore(middlewares: [stopThrows], resolvers: [recover.lift(state: \Home.fixed, action: .fixed)], initial, clock: TestClock(), diagnostics: diagnostics)
        let own = store.dispatchTracked(.fixed(.stop))
        let foreign = store.dispatchTracked(.other(.stop))
        #expect(try await own.outcome == .recovered(.done, reduced: false))
        #expect(try await foreign.outcome == .failed(Boom()))
        #expect(seen.values == ["stop count=5"])
        diagnostics.expect(["action other(ReduxTests.JobAction.stop) failed with no resolver handling it: Boom()"])
    }

    @Test func itsReduceAsIsEmbedded() async throws {
        let recover = Resolver<Job, JobAction>(id: "recover") { _ in .exit(.reduceAs(.increment)) }
        let store = makeHomeStore(middlewares: [stopThrows], resolvers: [recover.lift(state: \Home.rows, action: .rows)], clock: TestClock())
        store.dispatch(.addRow(1))
        store.dispatch(.addRow(2))
        let ticket = store.dispatchTracked(.rows(.element(id: 2, action: .stop)))
        #expect(try await ticket.outcome == .recovered(.reduceAs(.rows(.element(id: 2, action: .increment))), reduced: true))
        #expect(store.state.rows[id: 2]?.count == 1)
        #expect(store.state.rows[id: 1]?.count == 0)
    }

    @Test func anErrorForAnAbsentChildIsDeclinedWithAChildAbsentWarning() async throws {
        let seen = SharedList<JobAction>()
        let recover = Resolver<Job, JobAction>(id: "recover") { context in
            seen.append(context.action)
            return .exit(.done)
        }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(middlewares: [stopThrows], resolvers: [recover.lift(state: \Home.sheet, action: .sheet)], clock: TestClock(), onLog: log.record)
        let ticket = store.dispatchTracked(.sheet(.stop))
        #expect(try await ticket.outcome == .failed(Boom()))
        #expect(seen.values.isEmpty)
        #expect(absenceWarnings(log) == ["recover sheet is nil"])
    }

    @Test func itsContextShowsTheChildActionAndTheDispatchedChildAction() async throws {
        let seen = SharedList<String>()
        let recover = Resolver<Job, JobAction>(id: "recover") { context in
            seen.append("\(context.action) from \(context.dispatchedAction)")
            return .exit(.done)
        }
        // Redirects `.fixed(.increment)` and `.note` to `.fixed(.stop)`, which then throws.
        let redirect = Middleware<Home, HomeAction>(id: "redirect") { context in
            switch context.action {
            case .fixed(.increment), .note: .nextAs(.fixed(.stop))
            default: .next
            }
        }
        let store = makeHomeStore(middlewares: [redirect, stopThrows], resolvers: [recover.lift(state: \Home.fixed, action: .fixed)], clock: TestClock())
        store.dispatch(.fixed(.increment))
        store.dispatch(.note("x"))
        #expect(seen.values == ["stop from increment", "stop from stop"])
    }

    @Test func aLocalDispatchFromALiftedResolverIsReEmbedded() async throws {
        let recover = Resolver<Job, JobAction>(id: "recover") { context in
            context.dispatch(.decrement)
            return .exit(.done)
        }
        let store = makeHomeStore(middlewares: [stopThrows], resolvers: [recover.lift(state: \Home.other, action: .other)], clock: TestClock())
        store.dispatch(.other(.stop))
        #expect(store.state.other.count == -1)
        #expect(store.state.fixed.count == 0)
    }

    @Test func logEventsOfALiftedResolverCarryTheChildPath() async throws {
        let decline = Resolver<Job, JobAction>(id: "decline") { _ in .defaultNext }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(
            middlewares: [stopThrows],
            resolvers: [decline.lift(state: \Home.rows, action: .rows), decline.lift(state: \Home.fixed, action: .fixed)],
            clock: TestClock(),
            onLog: log.record
        )
        store.dispatch(.addRow(4))
        store.dispatch(.rows(.element(id: 4, action: .stop)))
        let steps = log.events.compactMap { event -> String? in
            if case let .resolver(step, _) = event.kind { return "\(step)" }
            return nil
        }
        #expect(steps == ["rows[4]/decline#0", "fixed/decline#1"])
    }
}

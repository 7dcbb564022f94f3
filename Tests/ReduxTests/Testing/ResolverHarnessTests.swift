import ReduxTesting
import Testing

/// `ResolverHarness`: one resolver shown an error from a chosen origin reports its exit, what
/// reached the reducers and the outcome — `.reduceAs` recovers with the replacement, `.done`
/// settles without reducing, `.fail` fails with the resolver's error, `.defaultNext` leaves the
/// store's default failure — and sees the error, origin, action and state a store would show it;
/// an effect's error is resolved after the action's terminal; its dispatches are recorded in order.
@MainActor
@Suite("Resolver harness", .timeLimit(.minutes(5)))
struct ResolverHarnessTests {
    struct Session: Sendable, Equatable {
        var user = "ann"
    }

    enum Act: Sendable, Equatable {
        case login
        case fallback
        case note(String)
    }

    struct Offline: Error, Equatable {}
    struct GaveUp: Error, Equatable {}

    typealias Harness = ResolverHarness<Session, Act>

    func resolver(_ exit: @escaping @MainActor @Sendable (ResolverContext<Session, Act>) -> ResolverExit<Act>) -> Resolver<Session, Act> {
        Resolver(id: "recover", exit)
    }

    @Test func reduceAsRecoversAMiddlewareErrorWithTheReplacement() async {
        let harness = Harness(resolver { _ in .exit(.reduceAs(.fallback)) }, state: Session())
        let run = await harness.run(.login, error: Offline())
        #expect(run.exit == .reduceAs(.fallback))
        #expect(run.reduced == .fallback)
        #expect(run.outcome == .recovered(.reduceAs(.fallback), reduced: true))
        #expect(run.resolution == nil)
        #expect(run.dispatched.isEmpty)
    }

    @Test func reduceRecoversWithTheActionItself() async {
        let harness = Harness(resolver { _ in .exit(.reduce) }, state: Session())
        let run = await harness.run(.login, error: Offline())
        #expect(run.reduced == .login)
        #expect(run.outcome == .recovered(.reduce, reduced: true))
    }

    @Test func doneSettlesTheErrorWithoutReducing() async {
        let harness = Harness(resolver { _ in .exit(.done) }, state: Session())
        let run = await harness.run(.login, error: Offline())
        #expect(run.exit == .done)
        #expect(run.reduced == nil)
        #expect(run.outcome == .recovered(.done, reduced: false))
    }

    @Test func failGivesUpWithTheResolversError() async {
        let harness = Harness(resolver { _ in .exit(.fail(GaveUp())) }, state: Session())
        let run = await harness.run(.login, error: Offline())
        #expect(run.exit == .fail(GaveUp()))
        #expect(run.outcome == .failed(GaveUp()))
    }

    @Test func defaultNextLeavesTheErrorToTheStoresDefaultFailure() async {
        let harness = Harness(resolver { _ in .defaultNext }, state: Session())
        let run = await harness.run(.login, error: Offline())
        #expect(run.exit == .defaultNext)
        #expect(run.reduced == nil)
        #expect(run.outcome == .failed(Offline()))
    }

    @Test func theResolverSeesTheErrorOriginActionAndStateAStoreWouldShowIt() async {
        let seen = SharedList<String>()
        let harness = Harness(resolver { context in
            seen.append("\(context.error) \(context.origin) \(context.action) \(context.dispatchedAction) \(context.user)")
            return .exit(.done)
        }, state: Session())
        harness.state.user = "bob"
        let run = await harness.run(.login, error: Offline(), origin: .middleware(id: "api", position: 2))
        #expect(seen.values == ["Offline() middleware api#2 login login bob"])
        #expect(run.origin == .middleware(id: "api", position: 2))
        #expect(run.action == .login)
    }

    @Test func anEffectsErrorIsResolvedAfterTheActionsTerminal() async {
        let origins = SharedList<ErrorOrigin>()
        let harness = Harness(resolver { context in
            origins.append(context.origin)
            return .exit(.reduceAs(.fallback))
        }, state: Session())
        let run = await harness.run(.login, error: Offline(), origin: .effect(middlewareID: "api", position: 1))
        #expect(origins.values == [.effect(middlewareID: "api", position: 1)])
        #expect(run.exit == .reduceAs(.fallback))
        #expect(run.outcome == .reduced)
        #expect(run.resolution == .enqueued(.fallback))
        #expect(run.reduced == .fallback)
        #expect(run.dispatched.isEmpty, "a recovery is not a dispatch")
    }

    @Test func aReducerEffectsErrorReachesTheResolverWithTheReducersOrigin() async {
        let origins = SharedList<ErrorOrigin>()
        let harness = Harness(resolver { context in
            origins.append(context.origin)
            return .exit(.reduce)
        }, state: Session())
        let run = await harness.run(.login, error: Offline(), origin: .reducer(id: "session", position: 1))
        #expect(origins.values == [.reducer(id: "session", position: 1)])
        #expect(run.resolution == .ignoredReduce)
        #expect(run.reduced == nil)
        #expect(run.outcome == .reduced)
    }

    @Test func theResolversDispatchesAreRecordedInOrder() async {
        let harness = Harness(resolver { context in
            context.dispatch(.note("one"))
            context.dispatch(.note("two"))
            return .exit(.reduceAs(.fallback))
        }, state: Session())
        let inPass = await harness.run(.login, error: Offline())
        #expect(inPass.dispatched == [.note("one"), .note("two")])
        let fromEffect = await harness.run(.login, error: Offline(), origin: .effect(middlewareID: "api", position: 0))
        #expect(fromEffect.dispatched == [.note("one"), .note("two")])
        #expect(fromEffect.reduced == .fallback)
        #expect(harness.runs == [inPass, fromEffect])
    }
}

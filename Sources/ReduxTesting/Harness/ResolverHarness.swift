import Redux

/// Runs one resolver against a state, an action and an error from a chosen origin, and reports
/// what it did — its exit, what it dispatched, what reached the reducers and the outcome —
/// without the test building a store.
///
/// ```swift
/// let harness = ResolverHarness(retry, state: LoginState())
/// let run = await harness.run(.login, error: Offline(), origin: .middleware(id: "api", position: 2))
/// #expect(run.exit == .reduceAs(.showOffline))
/// #expect(run.outcome == .recovered(.reduceAs(.showOffline), reduced: true))
/// ```
///
/// How it works: each run builds a private `Store` whose pipeline raises the error exactly
/// where `origin` says, with the resolver as its only resolver (position 0) and a reducer that
/// accepts every action and leaves the state alone; the harness reads the store's log. So the
/// resolver sees what a store would show it (`ResolverContext.error`, `ResolverContext.origin`,
/// `ResolverContext.action`, the state), and its answer has the store's exact effect:
///
/// - `ErrorOrigin.middleware(id:position:)`: a middleware with that id, at that position, throws
///   while the action passes (earlier positions pass it on). The resolver decides the action's
///   outcome.
/// - `ErrorOrigin.effect(middlewareID:position:)`: that middleware starts a `.task` that throws;
///   the action reaches its terminal first, then the resolver is consulted (``ResolverRun/resolution``).
/// - `ErrorOrigin.reducer(id:position:)`: a reducer with that id, at that position, returns an
///   effect that throws; likewise.
/// - Any other origin is raised as a middleware's error with the origin's `ErrorOrigin.componentID`
///   and `ErrorOrigin.position`.
///
/// What the resolver dispatches is recorded, not processed further (no part of the harness
/// reacts to it). The harness's own components never show in what it reports.
///
/// Isolation: main actor. Ordering: runs are independent, one store each, in call order.
@MainActor
public final class ResolverHarness<State: Sendable, Action: Sendable> {
    /// The `Resolver.id` of the resolver under test.
    public let resolverID: String

    /// The state the resolver reads in every later run.
    public var state: State

    /// The longest real time a run waits for an effect's error to reach the resolver, a limit
    /// only a hang should reach (the wait ends as soon as the error arrives). Default:
    /// `TestClock.defaultQuiescenceTimeout` (60 seconds).
    public var timeout: Duration

    /// Every run so far, oldest first.
    public private(set) var runs: [ResolverRun<Action>] = []

    private let resolver: Resolver<State, Action>

    /// Creates a harness for `resolver`, reading `state`.
    ///
    /// - Parameters:
    ///   - resolver: the resolver under test (a lifted one works too).
    ///   - state: the state the resolver reads.
    ///   - timeout: see ``timeout``.
    ///   - dependencies: edits a `Dependencies(context: .test)` container (unset keys give their
    ///     `testValue`) bound while the resolver and the run's components work, as in a
    ///     ``TestStore``: each run's store binds its own clock as `\.clock`, so setting it here
    ///     is reported as a failure. A call of an unimplemented dependency fails the test: at
    ///     once on the test's task, else (the run's effect work) at the end of that run.
    ///   - fileID: where a hand-set `\.clock` is reported; the creating file by default.
    ///   - filePath: the full path of that file; the creating file's by default.
    ///   - line: the line that report points at; the creating line by default.
    ///   - column: the column that report points at; the creating column by default.
    public init(
        _ resolver: Resolver<State, Action>,
        state: State,
        timeout: Duration = TestClock.defaultQuiescenceTimeout,
        dependencies: (inout Dependencies) -> Void = { _ in },
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        self.resolver = resolver
        self.resolverID = resolver.id
        self.state = state
        self.timeout = timeout
        self.creationSite = site
        self.dependencies = testDependencies(dependencies, owner: "resolver harness", remedy: Self.clockRemedy, at: site)
    }

    /// The dependencies bound for each run (a `.test` container); may be changed between runs.
    /// Setting one that sets `\.clock` is reported as a failure (at the harness's creation
    /// site): each run's store binds its own clock.
    public var dependencies: Dependencies {
        didSet {
            if dependencies.setsClock { creationSite.fail(handSetClockMessage(owner: "resolver harness", remedy: Self.clockRemedy)) }
        }
    }

    /// Where the harness was created: a hand-set `\.clock` set later is reported there.
    private let creationSite: TestSite
    private let unimplementedCalls = UnimplementedCallLog()

    /// Where a resolver harness's clock comes from, for the hand-set `\.clock` failure.
    private static var clockRemedy: String { "each run's store runs on a `ContinuousClock`; leave `\\.clock` unset." }

    /// The latest run; `nil` before the first.
    public var lastRun: ResolverRun<Action>? { runs.last }

    /// Raises `error` for `action` at `origin` and returns what the resolver did.
    ///
    /// - Parameters:
    ///   - action: the action the error is raised for.
    ///   - error: the error the resolver is shown.
    ///   - origin: where it is raised; by default, the first middleware of a chain, named `harness`.
    ///   - file: the call site, for the store's log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    @discardableResult
    public func run(
        _ action: Action,
        error: any Error,
        origin: ErrorOrigin = .middleware(id: "harness", position: 0),
        file: StaticString = #fileID,
        line: UInt = #line
    ) async -> ResolverRun<Action> {
        let trigger = HarnessTrigger()
        let sink = Reducer<State, Action>(id: "harness", handlingAll: { _, _ in })
        let raisedInPass: Bool
        var middlewares: [Middleware<State, Action>] = []
        var reducers: [Reducer<State, Action>] = []
        switch origin {
        case let .effect(id, position):
            raisedInPass = false
            middlewares = Self.passing(position) + [Middleware(id: id) { _ in
                trigger.fire() ? .task { _ in throw error } : .next
            }]
        case let .reducer(id, position):
            raisedInPass = false
            let pass = Reducer<State, Action>(id: "harness") { _, _ in .defaultNext }
            reducers = Array(repeating: pass, count: max(position, 0)) + [Reducer(id: id, reduction: { _, _ in
                trigger.fire() ? .next(.run { _ in throw error }) : Reduction(.defaultNext)
            })]
        default:
            raisedInPass = true
            middlewares = Self.passing(origin.position) + [Middleware(id: origin.componentID) { _ in
                if trigger.fire() { throw error }
                return .next
            }]
        }
        let recorder = ResolverHarnessRecorder<Action>(action: action, origin: origin, raisedInPass: raisedInPass)
        let store = Store(
            initialState: state,
            reducers: reducers + [sink],
            middlewares: middlewares,
            resolvers: [resolver],
            options: StoreOptions(printsDiagnostics: false, dependencies: unimplementedCalls.binding(dependencies)),
            onLog: { recorder.record($0) }
        )
        store.dispatch(action, file: file, line: line)
        try? await store.settled(timeout: timeout)
        let site = TestSite(fileID: file, filePath: file, line: line, column: 1)
        for call in unimplementedCalls.take() { site.fail(UnimplementedCallLog.message(for: call)) }
        runs.append(recorder.run)
        return recorder.run
    }

    /// `count` middlewares that pass every action on, filling the positions before the origin.
    private static func passing(_ count: Int) -> [Middleware<State, Action>] {
        Array(repeating: Middleware(id: "harness") { _ in .next }, count: max(count, 0))
    }
}

import Redux

/// Runs one middleware against a state and an action and reports what it did — its exit, what it
/// dispatched, the work it started, the action that reached the reducers and the outcome —
/// without the test building a store.
///
/// ```swift
/// let harness = MiddlewareHarness(search, state: SearchState(query: "swift"))
/// let run = await harness.run(.submit)
/// #expect(run.exit == .task)
/// await harness.advance(by: .seconds(1))
/// #expect(harness.dispatched == [.results(["swift-redux"])])
/// ```
///
/// How it works: the harness owns a private `Store` on the given clock with the middleware as
/// its only middleware (position 0), no resolvers, and a reducer that accepts every action and
/// leaves the state alone; it reads the store's log. So the middleware runs with the store's
/// exact semantics — `.nextAs`, `.exit`, throwing, `.task`, `.effect` (ids, debounce, throttle),
/// `.deferred` suspension and resumption, its install hook — and the harness's own parts never
/// show: the error origins it reports name the middleware at position 0, and every action,
/// exit and outcome is in the middleware's own types.
///
/// What the middleware dispatches is recorded, not processed: it never reaches the middleware
/// again (the harness tests one middleware; a store built for the test covers the interplay).
/// The state changes only when the test sets ``state``; a `.task` or `.deferred` handler that
/// reads it sees the value set last.
///
/// Time: a `TestClock` by default; sleeps on the store's clock (`EffectContext.clock`,
/// `Send.sleep(for:)`) end only when the test moves it (``advance(by:fileID:filePath:line:column:)``, or the clock's own
/// `advance`), and after each step the clock waits until the harness's work is asleep or done,
/// so what it dispatched is already recorded when `advance` returns.
///
/// Isolation: main actor. Ordering: runs are processed one at a time, in call order; within a
/// run, the store's ordering rules hold (a dispatch is processed after the run's terminal).
///
/// Releasing the harness cancels whatever its middleware left running. The idea comes from
/// testing a Redux middleware with a mock store (a `getState` and a recording `dispatch`); here
/// the mock is a real store, so there is one semantics.
@MainActor
public final class MiddlewareHarness<State: Sendable, Action: Sendable> {
    /// The `Middleware.id` of the middleware under test.
    public let middlewareID: String

    /// The clock the middleware's work sleeps on (`StoreOptions.clock` of the private store).
    public let clock: any Clock<Duration>

    /// The longest real time ``run(_:file:line:)`` and ``advance(by:fileID:filePath:line:column:)`` wait for the work the
    /// middleware started to be asleep or done, a limit only a hang should reach (the wait ends
    /// as soon as the work is asleep or done). Default: `TestClock.defaultQuiescenceTimeout`
    /// (60 seconds).
    public var quiescenceTimeout: Duration

    private let store: Store<State, HarnessAction<State, Action>>
    private let recorder: MiddlewareHarnessRecorder<State, Action>
    private let unimplementedCalls = UnimplementedCallLog()

    /// Creates a harness for `middleware`, starting from `state`.
    ///
    /// The middleware's install hook runs here, against `state`; what it dispatches is recorded
    /// in ``dispatched`` (before any run).
    ///
    /// - Parameters:
    ///   - middleware: the middleware under test (a lifted one works too).
    ///   - state: the state the middleware reads.
    ///   - clock: the clock its work sleeps on; a fresh `TestClock` by default.
    ///   - quiescenceTimeout: see ``quiescenceTimeout``.
    ///   - dependencies: edits a `Dependencies(context: .test)` container (unset keys give their
    ///     `testValue`) that the harness binds while the middleware, its install hook and all
    ///     its work run — the same rule as ``TestStore``'s: `\.clock` is `clock`, always, and
    ///     setting it here is reported as a failure. A call of an unimplemented dependency fails
    ///     the test: at once on the test's task, else (the middleware's `.task` and `.deferred`
    ///     work) at the end of the ``run(_:file:line:)`` or ``advance(by:fileID:filePath:line:column:)`` that waited for it.
    ///   - fileID: where a hand-set `\.clock` is reported; the creating file by default.
    ///   - filePath: the full path of that file; the creating file's by default.
    ///   - line: the line that report points at; the creating line by default.
    ///   - column: the column that report points at; the creating column by default.
    public init(
        _ middleware: Middleware<State, Action>,
        state: State,
        clock: any Clock<Duration> = TestClock(),
        quiescenceTimeout: Duration = TestClock.defaultQuiescenceTimeout,
        dependencies: (inout Dependencies) -> Void = { _ in },
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let values = unimplementedCalls.binding(testDependencies(
            dependencies, owner: "middleware harness", remedy: "give the clock as `MiddlewareHarness(clock:)` instead.", at: site
        ))
        let recorder = MiddlewareHarnessRecorder<State, Action>()
        self.recorder = recorder
        self.middlewareID = middleware.id
        self.clock = clock
        self.quiescenceTimeout = quiescenceTimeout
        let recordingReducer = Reducer<State, HarnessAction<State, Action>>(id: "harness") { state, action in
            if case .replaceState(let replacement) = action { state = replacement }
            return .next
        }
        self.store = Store(
            initialState: state,
            reducers: [recordingReducer],
            middlewares: [middleware.lift(state: \State.self, action: HarnessAction.embedding, name: middleware.id)],
            options: StoreOptions(clock: clock, printsDiagnostics: false, dependencies: values),
            onLog: { recorder.record($0) }
        )
    }

    /// The state the middleware reads. Setting it takes effect at once, also for work already
    /// started (a `.deferred` handler that resumes later sees the new value).
    public var state: State {
        get { store.state }
        set { store.dispatch(.replaceState(newValue)) }
    }

    /// Runs `action` through the middleware and returns what it did.
    ///
    /// First waits until the work earlier runs started is asleep or done (so what it dispatched
    /// so far is credited to them; what it dispatches later, after the clock moves, is credited
    /// to the latest run — see ``MiddlewareRun/dispatched`` — and always listed in
    /// ``dispatched``); then dispatches `action`, which the middleware handles synchronously;
    /// then waits again, up to ``quiescenceTimeout``, so that what its work does before its first
    /// sleep on the clock — a `.task` that dispatches at once, an effect's `.send` — is in the
    /// returned run. A `.deferred` action that has not resumed by then is reported suspended
    /// (``MiddlewareRun/outcome`` `nil`); move the clock, then read ``lastRun``.
    ///
    /// - Parameters:
    ///   - action: the action, as if dispatched to a store whose first middleware is this one.
    ///   - file: the call site, for the store's log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    /// - Returns: the run as it stands when the call returns; ``runs`` keeps it up to date.
    @discardableResult
    public func run(_ action: Action, file: StaticString = #fileID, line: UInt = #line) async -> MiddlewareRun<Action> {
        try? await store.quiescent(timeout: quiescenceTimeout)
        let index = recorder.beginRun(action)
        store.dispatch(.run(action), file: file, line: line)
        try? await store.quiescent(timeout: quiescenceTimeout)
        reportUnimplementedCalls(at: TestSite(fileID: file, filePath: file, line: line, column: 1))
        return recorder.runs[index]
    }

    /// Every run so far, oldest first, each up to date with what arrived since it returned.
    public var runs: [MiddlewareRun<Action>] { recorder.runs }

    /// The latest run, up to date (a `.deferred` resumption, later dispatches); `nil` before the
    /// first run.
    public var lastRun: MiddlewareRun<Action>? { recorder.runs.last }

    /// Everything the middleware dispatched since the harness was created (install hook first),
    /// in processing order, across runs.
    public var dispatched: [Action] { recorder.dispatched }

    /// All the work the middleware started, across runs, in order.
    public var effectsStarted: [StartedEffect] { recorder.effectsStarted }

    /// Tasks the middleware started (effects, `.task` and `.deferred` work) that have not
    /// finished, asleep ones included. Zero means nothing is left in flight.
    public var activeTaskCount: Int { store.activeTaskCount }

    /// Moves the harness's `TestClock` forward by `duration`, waking the work due on the way,
    /// then waits until the work is asleep or done (up to ``quiescenceTimeout``). Calls of
    /// unimplemented dependencies the work made are reported as failures here, at the place
    /// given by `fileID`, `filePath`, `line` and `column` (the caller's by default).
    ///
    /// The same as `await clock.advance(by: duration)` on the `TestClock` passed in. On any
    /// other clock time is not the harness's to move: this only waits.
    public func advance(
        by duration: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        if let clock = clock as? TestClock { await clock.advance(by: duration) }
        try? await store.quiescent(timeout: quiescenceTimeout)
        reportUnimplementedCalls(at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports, at `site`, the calls of unimplemented dependencies the middleware's work made
    /// off the test's task since the last report.
    private func reportUnimplementedCalls(at site: TestSite) {
        for call in unimplementedCalls.take() { site.fail(UnimplementedCallLog.message(for: call)) }
    }

    /// Waits until the middleware's work is over: no task running or asleep, nothing queued,
    /// no `.deferred` action waiting to resume. With a `TestClock`, move time first: a sleeping
    /// task keeps this waiting.
    ///
    /// - Parameter timeout: the longest real time to wait (by default
    ///   `TestClock.defaultQuiescenceTimeout`, 60 seconds: a limit only a hang reaches); `nil`
    ///   waits as long as it takes.
    /// - Throws: `SettleTimeoutError` when the timeout passes first.
    public func settle(timeout: Duration? = TestClock.defaultQuiescenceTimeout) async throws {
        try await store.settled(timeout: timeout)
    }
}

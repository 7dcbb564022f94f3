import Foundation

/// A store for tests: it runs a feature's real pipeline — middlewares, resolvers, reducers,
/// effects, lifted children — and checks, step by step, what each action did to the state.
///
/// ```swift
/// let store = TestStore(initialState: Counter(), reducers: [counterReducer])
/// await store.send(.increment) { $0.count = 1 }
/// await store.receive(.saved) { $0.isSaving = false }
/// await store.finish()
/// ```
///
/// How it checks: ``send(_:expecting:childAbsent:fileID:filePath:line:column:assert:)`` dispatches the
/// action to the live store, which processes it at once (and whatever main-actor code dispatches
/// meanwhile, in arrival order, exactly as a live store would). The test store reads the store's
/// log and keeps, for every processed action, the state right after it. Each step applies the
/// test's expected mutation to a copy of the state before the action and compares it with the
/// state after it; a mismatch is reported with a structural diff. Actions the pipeline processed
/// on its own — effect sends, middleware and task dispatches, resolver recoveries of task
/// errors — are checked by ``receive(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)-(Action,_,_,_,_,_,_,_,_)``,
/// in the order they were processed, each with the change it caused. The test store only
/// observes: it never holds an action back or reorders one.
///
/// Exhaustive by default (see ``Exhaustivity``): a state change nobody described, an action
/// received and not asserted, a failure the test did not declare, an action for an absent child
/// the step did not declare (`childAbsent:`), an effect still in flight at
/// ``finish(timeout:fileID:filePath:line:column:)`` are all reported. Set ``exhaustivity`` to
/// ``Exhaustivity/off`` to check only what the test states.
///
/// Time: the store runs on ``clock``, a `TestClock` unless the test gives another. Nothing waits
/// on virtual time implicitly; the test moves the clock (`await clock.advance(by:)`).
///
/// Failures are reported through Swift Testing (`Issue.record`) while a Swift Testing test runs,
/// and through `XCTFail` otherwise, at the file and line of the step that found them.
///
/// Isolation: main actor, like `Store`. The idea is The Composable Architecture's `TestStore`;
/// this one runs wherever Swift runs, Linux included.
@MainActor
public final class TestStore<State: Sendable & Equatable, Action: Sendable> {
    /// The live store under test. Dispatching to it directly bypasses the test store's checks:
    /// its actions count as received.
    public let store: Store<State, Action>
    /// The clock the store runs on (a `TestClock` unless another was given), which its
    /// components also read as `@Dependency(\.clock)`.
    public let clock: any Clock<Duration>
    /// How much the test must describe; may be changed between steps.
    public var exhaustivity: Exhaustivity {
        didSet { leftovers.set(exhaustive: exhaustivity == .on) }
    }
    /// The longest real time any step waits: a `send` or an `assert` for what earlier steps set
    /// off to run until the store is quiescent — every effect finished or asleep on the store's
    /// clock, nothing queued — so that whether an effect's action lands before the step never
    /// depends on thread timing; a `receive`, a `resumed` or ``finish(timeout:fileID:filePath:line:column:)``
    /// given no timeout of their own. Default: `TestClock.defaultQuiescenceTimeout` (60
    /// seconds), a limit only a hang reaches: on a loaded machine ordinary work can go
    /// unscheduled for seconds, and a step must wait for it rather than guess.
    ///
    /// Waits end on a condition, never on this limit, when things work: a step goes on as soon
    /// as the store is quiescent, and a `receive` whose action needs the clock moved fails at
    /// once (the store is quiescent with the effect asleep). Work that waits on something other
    /// than the store's clock — a stream, I/O, a continuation, a sleep on a clock the feature
    /// holds itself — keeps the store busy: declare it with
    /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` after the step that starts
    /// it. Undeclared, the next step waits this long, then fails naming the busy work (the
    /// component and the action that started each task) and stops waiting for it.
    public var quiescenceTimeout: Duration = TestClock.defaultQuiescenceTimeout

    /// The checks skipped in non-exhaustive mode, in order, one line each (kept whether or not
    /// ``Exhaustivity/off(showsSkipped:)`` lists them).
    public internal(set) var skipped: [String] = []

    let ledger: TestLedger<State, Action>
    let leftovers: TestLeftovers
    let creationSite: TestSite
    /// The reporter of unimplemented calls bound in the store's dependencies, and the calls made
    /// off the test's task that the next step reports.
    let unimplementedCalls = UnimplementedCallLog()
    /// Tasks in flight when ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` ran.
    var skippedTasks: Set<UInt64> = []

    /// Creates a test store like `Store.init(initialState:reducers:middlewares:resolvers:options:onLog:)`.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - reducers: the reducer chain.
    ///   - middlewares: the middleware chain; install hooks run now, and what they dispatch is
    ///     received like any action the store processes on its own.
    ///   - resolvers: the resolver chain.
    ///   - clock: the store's clock; a fresh `TestClock` by default.
    ///   - exhaustivity: ``Exhaustivity/on`` by default.
    ///   - dependencies: overrides the dependencies the feature's components read (`@Dependency`):
    ///     it edits a `Dependencies(context: .test)` container — unset keys give their
    ///     `testValue`: `\.uuid` counts from `00000000-0000-0000-0000-000000000000`, `\.date`
    ///     is fixed — which the store binds while its components and effects run. `\.clock` is
    ///     `clock`, always: setting it here is reported as a failure. Change them between steps
    ///     through ``dependencies``. The container also carries the test store's reporter of
    ///     unimplemented dependencies: a call made on the test's task fails the test at once, a
    ///     call made in the store's work (an effect, a middleware `.task` or `.deferred`
    ///     handler) fails it at the next step (`send`, `receive`, `resumed`, `assert`,
    ///     `finish`, the `skip…` steps), at that step's line. Creating a test store also installs
    ///     the process-wide test reporter (``installTestReporter()``) for calls made elsewhere.
    ///   - onLog: also receives the store's log, after the test store read each event.
    ///   - fileID: where the store reports being released without `finish()`; the file that
    ///     creates it by default.
    ///   - filePath: the full path of that file; the creating file's by default.
    ///   - line: the line that report points at; the creating line by default.
    ///   - column: the column that report points at; the creating column by default.
    public init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let leftovers = TestLeftovers()
        let ledger = TestLedger<State, Action>(initialState: initialState, leftovers: leftovers)
        self.ledger = ledger
        self.leftovers = leftovers
        self.clock = clock
        self.exhaustivity = exhaustivity
        self.creationSite = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let values = unimplementedCalls.binding(
            testDependencies(dependencies, owner: "test store", remedy: Self.clockRemedy, at: creationSite)
        )
        self.store = Store(
            initialState: initialState, reducers: reducers, middlewares: middlewares, resolvers: resolvers,
            options: StoreOptions(clock: clock, printsDiagnostics: false, dependencies: values),
            observer: { store, event in
                ledger.observe(event) { store.unobservedState }
                onLog?(event)
            }
        )
        leftovers.set(exhaustive: exhaustivity == .on)
    }

    /// Creates a test store with one plain reducer that handles every action, like
    /// `Store.init(initialState:options:onLog:reduce:)`.
    public convenience init(
        initialState: State,
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        reduce: @escaping @Sendable (inout State, Action) -> Void
    ) {
        self.init(
            initialState: initialState, reducers: [Reducer(id: "reduce", handlingAll: reduce)],
            clock: clock, exhaustivity: exhaustivity, dependencies: dependencies, onLog: onLog,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// The store's current state: everything reduced so far.
    public var state: State { store.unobservedState }

    /// The dependencies the store binds for its components and effects (a `.test` context):
    /// set them between steps (`store.dependencies.uuid = …`) to reach every later action and
    /// every effect started later; effects already running keep the values they started with.
    ///
    /// `\.clock` is ``clock``, always: setting another is reported as a failure (at the test
    /// store's creation site, since a setter cannot know its caller's line) and the store's
    /// clock stays. The test store's reporter of unimplemented calls stays bound, whatever the
    /// container set.
    public var dependencies: Dependencies {
        get { store.dependencies }
        set {
            if newValue.setsClock {
                creationSite.fail(handSetClockMessage(owner: "test store", remedy: Self.clockRemedy))
            }
            store.dependencies = unimplementedCalls.binding(newValue)
        }
    }

    /// Where a test store's clock belongs, for the hand-set `\.clock` failure.
    static var clockRemedy: String { "give the clock as `TestStore(clock:)` instead." }

    /// A fallback for a test that never called ``finish(timeout:fileID:filePath:line:column:)``:
    /// in exhaustive mode, actions received and not asserted and effects still in flight are
    /// reported at the test store's creation site, while a test is current. It cannot wait.
    deinit {
        let report = leftovers.reportAtDeinit()
        for call in unimplementedCalls.take() {
            creationSite.failFromDeinit(UnimplementedCallLog.message(for: call))
        }
        let inFlight = store.inFlightTaskIDs.subtracting(report.skippedTasks).count
        guard report.exhaustive, !report.finished else { return }
        var problems = report.pending + report.unresolved
        if inFlight > 0 { problems.append("\(inFlight) effect\(inFlight == 1 ? "" : "s") still in flight") }
        guard !problems.isEmpty else { return }
        creationSite.failFromDeinit(
            "The TestStore was released without `await store.finish()`, leaving:\n" + problems.map { "  • \($0)" }.joined(separator: "\n")
        )
    }
}

/// What the deinitializer may read: kept under a lock, updated on the main actor.
final class TestLeftovers: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Int: String] = [:]
    private var finished = false
    private var exhaustive = true
    private var skippedTasks: Set<UInt64> = []
    private var unresolved: [String] = []

    func setUnresolved(_ descriptions: [String]) { lock.withLock { unresolved = descriptions } }
    func add(_ index: Int, _ description: String) { lock.withLock { pending[index] = description } }
    func remove(_ index: Int) { lock.withLock { _ = pending.removeValue(forKey: index) } }
    func set(finished: Bool? = nil, exhaustive: Bool? = nil, skippedTasks: Set<UInt64>? = nil) {
        lock.withLock {
            if let finished { self.finished = finished }
            if let exhaustive { self.exhaustive = exhaustive }
            if let skippedTasks { self.skippedTasks = skippedTasks }
        }
    }
    func reportAtDeinit() -> (pending: [String], unresolved: [String], finished: Bool, exhaustive: Bool, skippedTasks: Set<UInt64>) {
        lock.withLock { (pending.sorted { $0.key < $1.key }.map(\.value), unresolved, finished, exhaustive, skippedTasks) }
    }
}

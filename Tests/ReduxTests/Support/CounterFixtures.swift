import Redux

// Fixtures for the dispatch and queue tests (Tests/ReduxTests/Store, Tests/ReduxTests/Queue).
// Names start with `Counter` or say what they are, so they cannot clash with the `Pipe`-prefixed
// pipeline fixtures.

typealias CounterStore = Store<CounterState, CounterAction>

/// The state of the dispatch tests.
struct CounterState: Sendable {
    /// Incremented by `.increment`.
    var count = 0
    /// Every action the recording reducer handled, in the order it handled them.
    var record: [CounterAction] = []
    /// An object owned by the state only, so a test can see the state being freed.
    var token: LifetimeToken?
}

enum CounterAction: Sendable, Hashable, CustomStringConvertible {
    case increment
    /// A labelled action; tests give it a name and route on it.
    case mark(String)
    /// The `index`-th action of producer `producer`, for the FIFO tests.
    case produce(producer: Int, index: Int)
    /// Declined by the recording reducer (it answers `.defaultNext` and writes nothing).
    case ignored

    var description: String {
        switch self {
        case .increment: "increment"
        case .mark(let name): name
        case let .produce(producer, index): "produce(\(producer),\(index))"
        case .ignored: "ignored"
        }
    }
}

enum CounterFailure: Error, Equatable, CustomStringConvertible {
    case refused
    case replaced

    var description: String {
        switch self {
        case .refused: "refused"
        case .replaced: "replaced"
        }
    }
}

/// An object a state can own; its weak reference going `nil` shows the state was freed.
final class LifetimeToken: Sendable {}

/// A reducer that counts `.increment`, declines `.ignored`, appends every other action it sees
/// to `state.record` (increments included), and answers `exit`.
func counterReducer(id: String = "counter", exit: ReducerExit = .next) -> Reducer<CounterState, CounterAction> {
    Reducer(id: id) { state, action in
        if action == .ignored { return .defaultNext }
        if action == .increment { state.count += 1 }
        state.record.append(action)
        return exit
    }
}

@MainActor
func makeCounterStore(
    _ initialState: CounterState = CounterState(),
    middlewares: [Middleware<CounterState, CounterAction>] = [],
    resolvers: [Resolver<CounterState, CounterAction>] = [],
    reducers: [Reducer<CounterState, CounterAction>] = [counterReducer()],
    recorder: LogRecorder<CounterAction>? = nil,
    diagnostics: DiagnosticLines? = nil
) -> CounterStore {
    Store(
        initialState: initialState,
        reducers: reducers,
        middlewares: middlewares,
        resolvers: resolvers,
        options: diagnostics?.options ?? StoreOptions(),
        onLog: recorder?.handler
    )
}

/// A middleware that, for `.mark(name)`, suspends the action in `.deferred` until `gate` opens,
/// then resumes with `resume`; everything else passes with `.next`.
func deferringMiddleware(
    _ name: String,
    until gate: Gate,
    resume: DeferredExit<CounterAction> = .next
) -> Middleware<CounterState, CounterAction> {
    deferringMiddleware(id: "defers \(name)", for: .mark(name), until: gate, resume: resume)
}

/// A middleware that, for `.mark(name)`, suspends the action in an hour-long `.deferred` sleep on
/// the store's clock. It opens `started` when the handler begins; when the sleep is cancelled it
/// tries to dispatch (untracked and tracked), stores the tracked outcome in `late`, then opens
/// `cancelled`.
func sleepingMiddleware(
    _ name: String,
    started: Gate,
    cancelled: Gate,
    late: SharedValue<String?>
) -> Middleware<CounterState, CounterAction> {
    sleepingMiddleware(
        id: "sleeps \(name)",
        for: .mark(name),
        as: .deferred,
        started: started,
        cancelled: cancelled,
        late: late,
        thenSends: .mark("sent after cancellation"),
        andTracked: .mark("tracked after cancellation")
    )
}

/// An actor that dispatches from its own isolation, without `await`.
actor CounterProducer {
    func send(_ actions: [CounterAction], to store: CounterStore) {
        for action in actions { store.dispatch(action) }
    }

    func sendAll(_ actions: [CounterAction], to store: CounterStore) {
        store.dispatch(contentsOf: actions)
    }

    func sendTracked(_ action: CounterAction, to store: CounterStore) -> DispatchTicket<CounterAction> {
        store.dispatchTracked(action)
    }
}

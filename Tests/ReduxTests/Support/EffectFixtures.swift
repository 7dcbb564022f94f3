import Redux

// The stores of the effect rule tests (issue 6, sections 1 and 2): the state is the list of
// actions reduced, in order, and one effect reducer returns whatever effect the test gives it.

/// The actions of the effect rule tests.
enum FxAction: Sendable, Hashable {
    case start
    case stop
    /// The tests' reducers block the main actor on it, inside the dispatch call.
    case hold
    case got(Int)
    case tag(String)
}

/// The state: every action reduced, in order.
typealias FxStore = Store<[FxAction], FxAction>

/// An effect reducer that appends each action to the state, then returns `effect(action)`.
func fxReducer(id: String = "fx", _ effect: @escaping @Sendable (FxAction) -> Effect<FxAction>) -> Reducer<[FxAction], FxAction> {
    Reducer(id: id, effects: { state, action in
        state.append(action)
        return effect(action)
    })
}

/// A store whose only reducer is ``fxReducer(id:_:)`` with `effect`; with a `trace`, every log
/// event goes into it as a line (``LogEvent/fxLine``).
@MainActor
func makeFxStore(
    trace: SharedList<String>? = nil,
    middlewares: [Middleware<[FxAction], FxAction>] = [],
    resolvers: [Resolver<[FxAction], FxAction>] = [],
    options: StoreOptions = StoreOptions(),
    _ effect: @escaping @Sendable (FxAction) -> Effect<FxAction>
) -> FxStore {
    Store(
        initialState: [],
        reducers: [fxReducer(effect)],
        middlewares: middlewares,
        resolvers: resolvers,
        options: options,
        onLog: trace.map(fxTraceHandler)
    )
}

/// A log handler that appends each event's ``LogEvent/fxLine`` to `trace` (high-water marks
/// left out), so that log events and markers from observers or effects share one order.
func fxTraceHandler<Action: Sendable>(_ trace: SharedList<String>) -> @MainActor @Sendable (LogEvent<Action>) -> Void {
    { event in
        if let line = event.fxLine { trace.append(line) }
    }
}

extension LogEvent {
    /// "action: kind", steps as `id#position`, with effect starts and effect-error resolutions
    /// spelt out, e.g. `start: effectStarted effect of reducer fx#0`; `nil` for a high-water mark
    /// (it depends on how work happened to batch up).
    var fxLine: String? {
        switch kind {
        case .queueHighWaterMark: nil
        case .enqueued: "\(action): enqueued"
        case .refused(let reason, _): "\(action): refused \(reason)"
        case let .middleware(step, exit): "\(action): middleware \(step) \(exit)"
        case let .resumed(step, exit): "\(action): resumed \(step) \(exit)"
        case let .resolver(step, exit): "\(action): resolver \(step) \(exit)"
        case let .reducer(step, exit): "\(action): reducer \(step) \(exit)"
        case .effectStarted(let origin): "\(action): effectStarted \(origin)"
        case .terminal(let outcome): "\(action): terminal \(outcome)"
        case let .effectFailed(origin, error): "\(action): effectFailed \(origin) \(error)"
        case .effectErrorResolved(let resolution): "\(action): effectErrorResolved \(resolution)"
        case .detachedSlice(let path, _): "\(action): detachedSlice \(path)"
        default: "\(action): unknown"
        }
    }
}

/// An error the tests' effects throw.
enum FxError: Error {
    case boom
    case late
}

/// Sleeps on the store's clock for an hour: in these tests, until the effect is cancelled.
func sleepUntilCancelled(_ send: Send<some Sendable>) async throws {
    try await send.sleep(for: .seconds(3_600))
}

import Redux

// Fixtures for the pipeline tests (middleware, resolver, reducer, effect, observation, log).
// Every name carries a `Pipe` prefix so it cannot clash with the dispatch fixtures.

typealias PipeStore = Store<PipeState, PipeAction>

/// The state every pipeline test uses.
struct PipeState: Sendable, Equatable {
    /// Sum of `.increment` (+1) and `.add(n)` (+n) reduced by the recording reducer.
    var count = 0
    /// Every action the recording reducer handled, in order.
    var reduced: [PipeAction] = []
    /// A large buffer for the in-place tests; empty elsewhere.
    var values: [Int] = []
}

enum PipeAction: Sendable, Hashable, CustomStringConvertible {
    case increment
    case add(Int)
    case tag(String)
    /// Declined by the recording reducer (it answers `.defaultNext` and writes nothing).
    case ignored

    var description: String {
        switch self {
        case .increment: "increment"
        case .add(let amount): "add(\(amount))"
        case .tag(let name): "tag(\(name))"
        case .ignored: "ignored"
        }
    }
}

enum PipeError: Error, Equatable, CustomStringConvertible {
    case boom
    case other

    var description: String {
        switch self {
        case .boom: "boom"
        case .other: "other"
        }
    }
}

/// A reducer that appends every action it handles to `state.reduced`, applies `.increment` and
/// `.add(n)` to `state.count`, declines `.ignored`, and answers `exit` otherwise.
func pipeRecordingReducer(id: String = "record", exit: ReducerExit = .next) -> Reducer<PipeState, PipeAction> {
    Reducer(id: id) { state, action in
        switch action {
        case .ignored:
            return .defaultNext
        case .increment:
            state.count += 1
        case .add(let amount):
            state.count += amount
        case .tag:
            break
        }
        state.reduced.append(action)
        return exit
    }
}

/// A middleware that records "id action" into `trail`, then answers `answer`.
func pipeMiddleware(
    _ id: String,
    _ trail: SharedList<String>,
    _ answer: MiddlewareExit<PipeState, PipeAction> = .next
) -> Middleware<PipeState, PipeAction> {
    Middleware(id: id) { context in
        trail.append("\(id) \(context.action)")
        return answer
    }
}

/// A resolver that records what it was shown into `trail`, then answers `answer`.
func pipeResolver(
    _ id: String,
    _ trail: SharedList<String>,
    _ answer: ResolverExit<PipeAction> = .defaultNext
) -> Resolver<PipeState, PipeAction> {
    Resolver(id: id) { context in
        trail.append("\(id) \(context.error) from \(context.origin) raised \(context.action) dispatched \(context.dispatchedAction)")
        return answer
    }
}

@MainActor
func makePipeStore(
    _ initialState: PipeState = PipeState(),
    middlewares: [Middleware<PipeState, PipeAction>] = [],
    resolvers: [Resolver<PipeState, PipeAction>] = [],
    reducers: [Reducer<PipeState, PipeAction>] = [pipeRecordingReducer()],
    clock: any Clock<Duration> = ContinuousClock(),
    log: LogRecorder<PipeAction>? = nil,
    diagnostics: DiagnosticLines? = nil
) -> PipeStore {
    Store(
        initialState: initialState,
        reducers: reducers,
        middlewares: middlewares,
        resolvers: resolvers,
        options: diagnostics?.options(clock: clock) ?? StoreOptions(clock: clock),
        onLog: log?.handler
    )
}

/// A middleware that takes a different exit for each `.tag(name)`, so one store walks every
/// path of the pipeline: every synchronous exit, a throw, a failing `.task`, and `.deferred`
/// handlers that read, resume and fail. Other actions pass with `.next`.
func pipeRouterMiddleware(id: String = "router") -> Middleware<PipeState, PipeAction> {
    Middleware(id: id) { context in
        guard case .tag(let name) = context.action else { return .next }
        switch name {
        case "decline": return .defaultNext
        case "nextAs": return .nextAs(.increment)
        case "reduce": return .exit(.reduce)
        case "reduceAs": return .exit(.reduceAs(.increment))
        case "done": return .exit(.done)
        case "throw": throw PipeError.boom
        case "resolve": return .exit(.resolve(PipeError.other))
        case "task":
            return .task { effect in
                effect.dispatch(.increment)
                throw PipeError.boom
            }
        case "deferred":
            return .deferred { effect in
                _ = try await effect.read { state in state.count }
                return .nextAs(.add(1))
            }
        case "deferredThrow":
            return .deferred { _ in throw PipeError.boom }
        default: return .next
        }
    }
}

/// The names `pipeRouterMiddleware` routes, one per path.
let pipeRoutes = [
    "next", "decline", "nextAs", "reduce", "reduceAs", "done", "throw", "resolve", "task", "deferred", "deferredThrow",
]

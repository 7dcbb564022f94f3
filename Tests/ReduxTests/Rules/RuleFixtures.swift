import Redux
import ReduxTesting

// Fixtures for the rules tests: a counter whose middleware runs a test's hook on every action,
// then applies the exits the tests need (`.exit(.done)`, a throw, `.deferred`).

struct RuleCount: Sendable, Equatable {
    var counter = 0
    /// Every `.mark` the reducer handled, in order.
    var record: [String] = []
}

enum RuleCountAction: Sendable, Equatable, CustomStringConvertible {
    case increment
    case decrement
    case mark(String)
    /// Declined by every reducer.
    case ignored
    /// Consumed by the "exits" middleware (`.exit(.done)`): no reducer runs.
    case consumed
    /// The "exits" middleware throws; the resolver recovers with `.reduce`.
    case failing
    /// The "exits" middleware defers it; the handler resumes with `.next`.
    case deferred

    var description: String {
        switch self {
        case .increment: "increment"
        case .decrement: "decrement"
        case .mark(let name): name
        case .ignored: "ignored"
        case .consumed: "consumed"
        case .failing: "failing"
        case .deferred: "deferred"
        }
    }
}

typealias RuleCountStore = Store<RuleCount, RuleCountAction>
typealias RuleCountContext = MiddlewareContext<RuleCount, RuleCountAction>

struct RuleCountFailure: Error {}

/// Counts increments and decrements, records marks, handles `.failing` and `.deferred` (they
/// reach it only after a recovery or a resume), declines `.ignored`.
let ruleCountReducer = Reducer<RuleCount, RuleCountAction>(id: "tally") { state, action in
    switch action {
    case .increment: state.counter += 1
    case .decrement: state.counter -= 1
    case .mark(let name): state.record.append(name)
    case .failing, .deferred, .consumed: state.record.append(action.description)
    case .ignored: return .defaultNext
    }
    return .next
}

/// A store whose first middleware ("rules") calls `hook` with every action's context, and whose
/// second ("exits") consumes, throws or defers as the action says.
@MainActor
func makeRuleCountStore(
    reducers: [Reducer<RuleCount, RuleCountAction>] = [ruleCountReducer],
    onLog: RuleCountStore.LogHandler? = nil,
    _ hook: @escaping @MainActor (RuleCountContext) -> Void
) -> RuleCountStore {
    Store(
        initialState: RuleCount(),
        reducers: reducers,
        middlewares: ruleCountMiddlewares(hook),
        resolvers: [Resolver(id: "recover") { _ in .exit(.reduce) }],
        options: StoreOptions(clock: TestClock()),
        onLog: onLog
    )
}

@MainActor
func ruleCountMiddlewares(_ hook: @escaping @MainActor (RuleCountContext) -> Void) -> [Middleware<RuleCount, RuleCountAction>] {
    [
        Middleware(id: "rules") { context in
            hook(context)
            return .next
        },
        Middleware(id: "exits") { context in
            switch context.action {
            case .consumed: return .exit(.done)
            case .failing: throw RuleCountFailure()
            case .deferred: return .deferred { _ in .next }
            default: return .next
            }
        },
    ]
}

/// Main-actor counters a hook keeps between actions.
@MainActor
final class RuleHookState {
    var registered = false
    var fires = 0
}

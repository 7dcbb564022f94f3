import Redux
import ReduxTesting

// Helpers for the lifted middleware and resolver tests, on top of CompositionFixtures' Job and
// Home: a store of Home with extra middlewares and resolvers, a root that nests Home one level
// deeper (for paths and lifetimes through two lifts), and an error to resolve.

struct Boom: Error, Equatable {}

@MainActor
func makeHomeStore(
    middlewares: [Middleware<Home, HomeAction>],
    resolvers: [Resolver<Home, HomeAction>] = [],
    _ initial: Home = Home(),
    clock: TestClock,
    onLog: Store<Home, HomeAction>.LogHandler? = nil,
    diagnostics: DiagnosticLines? = nil
) -> Store<Home, HomeAction> {
    Store(initialState: initial, reducers: homeReducers(), middlewares: middlewares, resolvers: resolvers,
          options: diagnostics?.options(clock: clock) ?? StoreOptions(clock: clock), onLog: onLog)
}

/// A middleware on the root that throws for every `.stop` of a child, so that resolvers see it.
let stopThrows = Middleware<Home, HomeAction>(id: "stopThrows") { context in
    switch context.action {
    case .fixed(.stop), .other(.stop), .sheet(.stop), .rows(.element(_, .stop)): throw Boom()
    default: return .next
    }
}

/// Home one level down, for nested lifts.
struct Root: Equatable, Sendable {
    var home = Home()
}

enum RootAction: Equatable, Sendable {
    case home(HomeAction)
}

extension Embedding where Whole == RootAction, Part == HomeAction {
    static let home = Embedding(extract: { if case .home(let a) = $0 { a } else { nil } }, embed: RootAction.home)
}

/// The child path of every `.middleware` event of `id`, as text (`sheet`, `rows[3]`).
func middlewarePaths<Action>(_ log: LogRecorder<Action>, id: String) -> [String] {
    log.events.compactMap { event in
        if case let .middleware(step, _) = event.kind, step.id == id { return "\(step)" }
        return nil
    }
}

/// The `.childAbsent` warnings, as "path absence".
func absenceWarnings<Action>(_ log: LogRecorder<Action>) -> [String] {
    log.events.compactMap { event in
        if case let .childAbsent(step, absence) = event.kind { return "\(step.id) \(step.path) \(absence)" }
        return nil
    }
}

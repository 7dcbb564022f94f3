/// Stores made from a SwiftRex-style ``Behavior``.
extension Store {
    /// Creates a store from a ``Behavior`` and its environment (SwiftRex's
    /// `Store(initial:behavior:environment:)`): the environment is given once, here, and reaches
    /// every produce part through its ``Behavior/Context``.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - behavior: the feature's logic; its reducers are built once, here.
    ///   - environment: the dependencies the produce parts use (plain values and `@Sendable`
    ///     closures).
    ///   - middlewares: the middleware chain, run before the behavior's reducers.
    ///   - resolvers: the resolver chain for the effects' errors.
    ///   - options: the clock and other settings.
    ///   - onLog: receives typed events on the main actor.
    public convenience init<Environment: Sendable>(
        initialState: State,
        behavior: Behavior<Action, State, Environment>,
        environment: Environment,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil
    ) {
        self.init(
            initialState: initialState, reducers: behavior.reducers(environment: environment),
            middlewares: middlewares, resolvers: resolvers, options: options, onLog: onLog
        )
    }
}

extension Store {
    /// Creates a store from a ``Behavior`` that needs no environment.
    public convenience init(
        initialState: State,
        behavior: Behavior<Action, State, Void>,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil
    ) {
        self.init(initialState: initialState, behavior: behavior, environment: (), middlewares: middlewares, resolvers: resolvers, options: options, onLog: onLog)
    }
}

/// A projected module from each reducer style: every style ends in reducers, so each of these
/// builds the feature's reducer chain once, here, and runs it on the module's inner store.
extension ProjectedModule {
    /// Runs a SwiftRex-style ``Behavior`` standalone, with `environment` given once, here (the
    /// behavior's reducers are built now; its produce parts' effects run on the inner store).
    ///
    /// - Parameters:
    ///   - initialState: the local state before any action.
    ///   - behavior: the feature's logic.
    ///   - environment: the feature's dependencies (a preview's or a test's stubs).
    ///   - middlewares: the feature's middlewares, run before the behavior's reducers.
    ///   - resolvers: the feature's resolvers.
    ///   - options: the inner store's options.
    ///   - onLog: receives the inner store's log events.
    public convenience init<Environment: Sendable>(
        initialState: State,
        behavior: Behavior<Action, State, Environment>,
        environment: Environment,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: Store<State, Action>.LogHandler? = nil
    ) {
        self.init(
            initialState: initialState, reducers: behavior.reducers(environment: environment),
            middlewares: middlewares, resolvers: resolvers, options: options, onLog: onLog
        )
    }

    /// Runs a ReduxCore-style ``ReducerDomain`` standalone: its body is built once, here.
    ///
    /// - Parameters:
    ///   - initialState: the local state before any action.
    ///   - domain: the feature; its body's conditions are decided now.
    ///   - middlewares: the feature's middlewares, run before the body's reducers.
    ///   - resolvers: the feature's resolvers.
    ///   - options: the inner store's options.
    ///   - onLog: receives the inner store's log events.
    public convenience init<Domain: ReducerDomain>(
        initialState: State,
        domain: Domain,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: Store<State, Action>.LogHandler? = nil
    ) where Domain.State == State, Domain.Action == Action {
        self.init(
            initialState: initialState, reducers: domain.reducers,
            middlewares: middlewares, resolvers: resolvers, options: options, onLog: onLog
        )
    }

    /// Runs one Seda-style reducer standalone (see ``Reducer/init(id:command:)``): the new state
    /// and a ``Command`` for each action; the command runs on the inner store.
    ///
    /// - Parameters:
    ///   - initialState: the local state before any action.
    ///   - options: the inner store's options.
    ///   - onLog: receives the inner store's log events.
    ///   - reduce: the new state and the follow-up command; the state is moved in (`consuming`).
    public convenience init(
        initialState: State,
        options: StoreOptions = StoreOptions(),
        onLog: Store<State, Action>.LogHandler? = nil,
        command reduce: @escaping @Sendable (consuming State, Action) -> (State, Command<Action>)
    ) {
        self.init(initialState: initialState, reducers: [Reducer(id: "command", command: reduce)], options: options, onLog: onLog)
    }
}

extension ProjectedModule where State: StateNode, State.Action == Action {
    /// Runs a state tree that reduces itself (SwiftUIRedux's waterfall, ``StateNode``)
    /// standalone: the root node's ``StateNode/reduce(_:)`` runs for every action, in place.
    ///
    /// - Parameters:
    ///   - initialState: the root node before any action.
    ///   - options: the inner store's options.
    ///   - onLog: receives the inner store's log events.
    public convenience init(node initialState: State, options: StoreOptions = StoreOptions(), onLog: Store<State, Action>.LogHandler? = nil) {
        self.init(initialState: initialState, reducers: [Reducer(node: State.self)], options: options, onLog: onLog)
    }
}

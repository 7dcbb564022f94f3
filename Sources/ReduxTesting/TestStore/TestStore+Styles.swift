/// TestStore initializers for the seed reducer styles, one per style.
extension TestStore {
    /// Creates a test store with one Seda-style reducer, like
    /// `Store.init(initialState:options:onLog:command:)`.
    public convenience init(
        initialState: State,
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        command reduce: @escaping @Sendable (consuming State, Action) -> (State, Command<Action>)
    ) {
        self.init(
            initialState: initialState, reducers: [Reducer(id: "command", command: reduce)],
            clock: clock, exhaustivity: exhaustivity, dependencies: dependencies, onLog: onLog,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

extension TestStore where State: StateNode, State.Action == Action {
    /// Creates a test store whose state tree reduces itself (SwiftUIRedux's waterfall), like
    /// `Store.init(initialState:options:onLog:)`.
    public convenience init(
        initialState: State,
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, reducers: [Reducer(node: State.self)],
            clock: clock, exhaustivity: exhaustivity, dependencies: dependencies, onLog: onLog,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

extension TestStore {
    /// Creates a test store from a SwiftRex-style `Behavior` and its environment, like
    /// `Store.init(initialState:behavior:environment:middlewares:resolvers:options:onLog:)`.
    /// Give the environment test doubles (closures that answer at once or sleep on `clock`).
    public convenience init<Environment: Sendable>(
        initialState: State,
        behavior: Behavior<Action, State, Environment>,
        environment: Environment,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, reducers: behavior.reducers(environment: environment),
            middlewares: middlewares, resolvers: resolvers,
            clock: clock, exhaustivity: exhaustivity, dependencies: dependencies, onLog: onLog,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

extension TestStore {
    /// Creates a test store from a `Behavior` that needs no environment.
    public convenience init(
        initialState: State,
        behavior: Behavior<Action, State, Void>,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, behavior: behavior, environment: (), middlewares: middlewares, resolvers: resolvers,
            clock: clock, exhaustivity: exhaustivity, dependencies: dependencies, onLog: onLog,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

extension TestStore {
    /// Creates a test store whose reducer chain is `domain`'s body (ReduxCore's
    /// `ReducerDomain`), built once, now, like
    /// `Store.init(initialState:domain:middlewares:resolvers:options:onLog:)`.
    public convenience init<Domain: ReducerDomain>(
        initialState: State,
        domain: Domain,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        clock: any Clock<Duration> = TestClock(),
        exhaustivity: Exhaustivity = .on,
        dependencies: (inout Dependencies) -> Void = { _ in },
        onLog: Store<State, Action>.LogHandler? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where Domain.State == State, Domain.Action == Action {
        self.init(
            initialState: initialState, reducers: domain.reducers, middlewares: middlewares, resolvers: resolvers,
            clock: clock, exhaustivity: exhaustivity, dependencies: dependencies, onLog: onLog,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

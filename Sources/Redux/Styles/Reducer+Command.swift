/// Seda's reducer style on the one reducer slot.
extension Reducer {
    /// Creates a reducer in Seda's style: a function from the state and the action to the new
    /// state and a ``Command``.
    ///
    /// The state is passed `consuming`: the store moves its state into the call and takes the
    /// returned state back (the pipeline is not re-entrant, so nothing else holds the state
    /// meanwhile), so a reducer that changes one element of a large array and returns the state
    /// does not copy it:
    ///
    /// - A closure that names the parameter's type, `{ (state: consuming AppState, action:
    ///   AppAction) in state.items[i] = x; return (state, .none) }`, mutates the moved-in state
    ///   directly: no copy, in debug builds too.
    /// - A closure with an inferred parameter cannot mutate it (Swift treats it as a constant)
    ///   and writes `var state = state`: no copy in optimized builds, a copy in debug builds.
    /// - The seed's borrowed shape, `(State, Action) -> (State, Command)`, copies in every build.
    ///
    /// The store's state cannot be read while the reducer runs (it has been moved into the call):
    /// reading ``Store/state`` from inside the reducer stops the program with a message.
    ///
    /// A by-value reducer cannot decline an action: it always answers ``ReducerExit/next``, so
    /// an action it does not change still counts as handled (outcome ``DispatchOutcome/reduced``).
    ///
    /// The command starts after every reducer ran (see ``Command``). Isolation: called on the
    /// main actor, like every reducer.
    ///
    /// - Parameters:
    ///   - id: a label for logs; need not be unique.
    ///   - reduce: the new state and the follow-up command for `action`.
    @inlinable
    public init(id: String, command reduce: @escaping @Sendable (consuming State, Action) -> (State, Command<Action>)) {
        self.init(id: id, reduction: { state, action in
            let (next, command) = reduce(consume state, action)
            state = next
            return Reduction(.next, command.effect)
        })
    }
}

extension Store {
    /// Creates a store with one Seda-style reducer (see ``Reducer/init(id:command:)``): a
    /// function from the state and the action to the new state and a ``Command``.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - options: the clock and other settings.
    ///   - onLog: receives typed events on the main actor.
    ///   - reduce: the new state and the follow-up command; the state is moved in (`consuming`).
    public convenience init(
        initialState: State,
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil,
        command reduce: @escaping @Sendable (consuming State, Action) -> (State, Command<Action>)
    ) {
        self.init(initialState: initialState, reducers: [Reducer(id: "command", command: reduce)], options: options, onLog: onLog)
    }
}

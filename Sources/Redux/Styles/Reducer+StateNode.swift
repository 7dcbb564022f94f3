/// SwiftUIRedux's waterfall style on the one reducer slot.
extension Reducer where State: StateNode & Sendable, State.Action == Action {
    /// A reducer that lets the state tree reduce itself: it calls the root node's
    /// ``StateNode/reduce(_:)`` in place and answers ``ReducerExit/next``.
    ///
    /// - Parameters:
    ///   - id: a label for logs; need not be unique.
    ///   - node: the root node type (for inference; `State.self`).
    @inlinable
    public init(id: String = "node", node: State.Type = State.self) {
        self.init(id: id) { state, action in
            state.reduce(action)
            return .next
        }
    }
}

extension Store where State: StateNode, State.Action == Action {
    /// Creates a store whose state tree reduces itself (SwiftUIRedux's waterfall): no separate
    /// reducer; the root node's ``StateNode/reduce(_:)`` runs for every action, in place.
    ///
    /// - Parameters:
    ///   - initialState: the root node before any action.
    ///   - options: the clock and other settings.
    ///   - onLog: receives typed events on the main actor.
    public convenience init(initialState: State, options: StoreOptions = StoreOptions(), onLog: LogHandler? = nil) {
        self.init(initialState: initialState, reducers: [Reducer(node: State.self)], options: options, onLog: onLog)
    }
}

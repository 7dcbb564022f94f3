/// A named state transition: the only component allowed to write a store's state.
///
/// A reducer receives the state `inout`, so it mutates it in place: writing one element of a
/// large array inside the state does not copy the array. It answers a ``ReducerExit``.
///
/// Isolation: the body is a synchronous `@Sendable` function; the store calls it on the main
/// actor, never concurrently with itself, one action at a time and in the queue's FIFO order.
/// It must be pure apart from the state it is given (side effects belong in middleware).
///
/// The `id` is a label used in log events; duplicates are allowed, and events also carry the
/// reducer's position in the chain. The shape is ReduxCore's `inout` reducer with TinyRedux's
/// typed exit.
///
/// A reducer can be called on its own, without a store, with ``reduce(_:_:)``: a unit test
/// gives it a state and an action and checks the state and the ``Reduction``.
///
/// ```swift
/// let counter = Reducer<AppState, AppAction>(id: "counter") { state, action in
///     switch action {
///     case .increment: state.count += 1; return .next
///     default: return .defaultNext
///     }
/// }
/// ```
public struct Reducer<State, Action: Sendable>: Sendable {
    /// The function a reducer runs: it mutates the state in place and says whether it handled the
    /// action. Synchronous and `@Sendable`; the store calls it on the main actor.
    public typealias Body = @Sendable (inout State, Action) -> ReducerExit

    /// The label this reducer carries in log events.
    public let id: String

    /// The function an effect reducer runs: it mutates the state, says whether it handled the
    /// action, and returns the effects to start. See ``init(id:reduction:)``.
    public typealias EffectBody = @Sendable (inout State, Action) -> Reduction<Action>

    @usableFromInline
    let body: Body

    /// Set for reducers that return effects; the store then calls it instead of ``body``.
    @usableFromInline
    let effectBody: EffectBody?

    /// Set for lifted reducers: where the reducer sits in the state tree (see `lift(state:action:name:)`).
    @usableFromInline
    let lift: Lift<State, Action>?

    /// Whether this reducer can return effects (made with ``init(id:effects:)`` or
    /// ``init(id:reduction:)``).
    public var returnsEffects: Bool { effectBody != nil }

    /// Creates a reducer from a function that mutates the state and says whether it handled the
    /// action.
    ///
    /// - Parameters:
    ///   - id: a label for logs; need not be unique.
    ///   - reduce: called on the main actor with the state to mutate in place and the action.
    public init(id: String, _ reduce: @escaping Body) {
        self.id = id
        self.body = reduce
        self.effectBody = nil
        self.lift = nil
    }

    /// Creates a reducer from a plain ReduxCore-style function that handles every action.
    ///
    /// The exit is always ``ReducerExit/next``, so every action this reducer sees counts as
    /// handled and observers are told after it.
    public init(id: String, handlingAll reduce: @escaping @Sendable (inout State, Action) -> Void) {
        self.id = id
        self.body = { state, action in
            reduce(&state, action)
            return .next
        }
        self.effectBody = nil
        self.lift = nil
    }

    /// Creates an effect reducer: it mutates the state and returns the effects to start (The
    /// Composable Architecture's and SwiftRex's reducer shape). It always counts as handling
    /// the action (exit ``ReducerExit/next``); return ``Effect/none`` when there is nothing to
    /// start.
    ///
    /// ```swift
    /// let search = Reducer<SearchState, SearchAction>(id: "search", effects: { state, action in
    ///     switch action {
    ///     case .queryChanged(let query):
    ///         state.query = query
    ///         return .run { send in send(.resultsLoaded(try await api.search(query))) }
    ///             .debounce(id: "search", for: .milliseconds(300))
    ///     case .resultsLoaded(let results):
    ///         state.results = results
    ///         return .none
    ///     }
    /// })
    /// ```
    ///
    /// The effects start after every reducer ran and observers were told, in chain order,
    /// before the action's terminal (see <doc:Pipeline>).
    ///
    /// - Parameters:
    ///   - id: a label for logs and for the ``ErrorOrigin/reducer(id:position:)`` of its effects'
    ///     errors; need not be unique.
    ///   - reduce: called on the main actor with the state to mutate in place and the action.
    public init(id: String, effects reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
        self.init(id: id, reduction: { state, action in
            Reduction(.next, reduce(&state, action))
        })
    }

    /// Creates a reducer that returns both an exit and effects, as a ``Reduction``: it can say
    /// ``ReducerExit/done`` (stop the chain) and still start effects.
    ///
    /// An effect returned with ``ReducerExit/defaultNext`` ("not my action") is a programming
    /// error: a debug build stops at an assertion; a release build drops the effect.
    public init(id: String, reduction reduce: @escaping EffectBody) {
        self.id = id
        self.effectBody = reduce
        self.body = { state, action in reduce(&state, action).exit }
        self.lift = nil
    }

    /// A lifted reducer: the lift builds both bodies.
    @inlinable
    init(id: String, body: @escaping Body, effectBody: EffectBody?, lift: Lift<State, Action>) {
        self.id = id
        self.body = body
        self.effectBody = effectBody
        self.lift = lift
    }
}

extension Reducer {
    /// Runs this reducer once on `state`, outside any store, and returns what it produced.
    ///
    /// For unit tests and for composing reducers by hand: it calls the same body the store calls,
    /// but synchronously in the caller's isolation (the body is a `@Sendable` function with no
    /// isolation of its own). Nothing is logged, no observer is told and no other reducer runs;
    /// in a store, the chain goes on after a ``ReducerExit/next`` and stops after a
    /// ``ReducerExit/done``.
    ///
    /// - Parameters:
    ///   - state: the state to mutate in place.
    ///   - action: the action to reduce.
    /// - Returns: the reducer's exit and whether it handled the action (see ``Reduction``).
    @inlinable
    @discardableResult
    public func reduce(_ state: inout State, _ action: Action) -> Reduction<Action> {
        if let effectBody { return effectBody(&state, action) }
        return Reduction(body(&state, action))
    }
}

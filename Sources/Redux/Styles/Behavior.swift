/// A feature's logic as one value: what each action changes in the state and which effects it
/// produces, with the feature's dependencies (its environment) given once, when the store is
/// made. SwiftRex's `Behavior` on the one reducer slot.
///
/// Build one with ``handle(id:_:)``: for each action, the closure returns a ``Consequence`` —
/// a reduce part (a mutation of the state, in place), a produce part (the effects, built from a
/// ``Context`` holding the state after the mutation and the environment), both, or
/// ``Consequence/none`` (not this behavior's action):
///
/// ```swift
/// let movies = Behavior<MoviesAction, MoviesState, MoviesEnvironment>.handle { action, _ in
///     switch action {
///     case .onAppear:
///         .reduce { $0.isLoading = true }
///         .produce { context in
///             let fetch = context.environment.fetchMovies
///             return .task { .loaded(await fetch()) }
///         }
///     case .loaded(let movies):
///         .reduce { $0.movies = movies; $0.isLoading = false }
///     }
/// }
/// let store = Store(initialState: MoviesState(), behavior: movies, environment: .live)
/// ```
///
/// **How it runs.** A behavior becomes reducers of the store's one chain
/// (``reducers(environment:)``); its effects run on the store's one effect runtime, with the
/// store's ordering and lifetime rules (see ``Effect``). Nothing runs outside the pipeline.
///
/// **Composition** (``combine(_:)-(Behavior<Action,State,Environment>...)``): the behaviors' reduce parts are applied in
/// declaration order, each `handle` seeing the state the earlier ones left; then the produce
/// parts are called, and the effects start together, after every reducer of the store, merged
/// in declaration order. Plain behaviors next to each other are one reducer: their produce
/// parts see the state after all of their mutations. A lifted child is a reducer of its own,
/// so a produce part sees the mutations of its own run of plain behaviors and of everything
/// before it, not those of a lifted sibling declared after it.
///
/// **Lifting** (`lift(state:action:environment:name:)`): a child feature's behavior runs on
/// its part of a parent's state, for the parent actions an ``Embedding`` extracts, with its
/// environment derived from the parent's — through the composition lifts, so a lifted
/// behavior's effects are scoped to the child's instance like any lifted reducer's.
///
/// **In place.** The reduce part mutates the store's state where it lives (`inout`): a
/// mutation of one element of a large array copies nothing — as long as nothing else holds the
/// state: a reduce part that captures the `state` parameter of `handle` keeps a second
/// reference to its storage, and its write copies it (read what you need into a local first:
/// `let next = state.items[1]`). Likewise a ``Context`` holds a copy of the state: an effect
/// that keeps the whole context alive while the state changes makes the next write copy that
/// storage — capture `context.environment`, or the values you need, rather than `context`, in
/// long-running work.
///
/// Isolation: `handle`, the reduce parts and the produce parts run on the main actor, inside the
/// store's reducer step, one action at a time. The closures are pure descriptions; the effects
/// they return run in store-owned tasks. `Sendable`.
public struct Behavior<Action: Sendable, State: Sendable, Environment: Sendable>: Sendable {
    /// One `handle` closure: the consequence of an action in the current state.
    public typealias Handler = @Sendable (Action, State) -> Consequence

    /// A run of plain handlers (fused: mutations first, then the produce parts with the final
    /// state) or an already lifted child, which becomes reducers of its own.
    @usableFromInline
    enum Part: Sendable {
        case handlers(id: String, [Handler])
        case reducers(@Sendable (Environment) -> [Reducer<State, Action>])
    }

    @usableFromInline
    let parts: [Part]

    @usableFromInline
    init(parts: [Part]) {
        self.parts = parts
    }

    /// A behavior that handles no action.
    @inlinable
    public static var empty: Behavior { Behavior(parts: []) }

    /// A behavior from one closure that answers, for each action and the state before it, a
    /// ``Consequence``: the state mutation, the effects, both, or ``Consequence/none``.
    ///
    /// - Parameters:
    ///   - id: the reducer's label in log events and in the ``ErrorOrigin`` of its effects'
    ///     errors. Combined with plain behaviors next to it, it shares one reducer whose id is
    ///     the first one's: a resolver that tells behaviors apart by origin needs them in
    ///     separate stores' chains or distinct lifts.
    ///   - handler: called on the main actor for every action that reaches the store's reducers,
    ///     with the state as the reducers before it left it. It must not have side effects: put
    ///     them in the produce part.
    @inlinable
    public static func handle(id: String = "behavior", _ handler: @escaping Handler) -> Behavior {
        Behavior(parts: [.handlers(id: id, [handler])])
    }

    /// A behavior made of existing reducers (an escape hatch for code written as reducers);
    /// they run in the chain in order, and they do not see the environment.
    @inlinable
    public static func reducers(_ reducers: [Reducer<State, Action>]) -> Behavior {
        Behavior(parts: [.reducers({ _ in reducers })])
    }

    /// This behavior's reducers for the store's chain, with `environment` bound: one reducer
    /// per run of plain behaviors, plus those of lifted children, in declaration order.
    ///
    /// Use it to put a behavior into a store together with other reducers, middlewares and
    /// resolvers: `Store(initialState:reducers: behavior.reducers(environment: env) + others)`.
    /// The reducers are built here, once.
    @inlinable
    public func reducers(environment: Environment) -> [Reducer<State, Action>] {
        parts.flatMap { part -> [Reducer<State, Action>] in
            switch part {
            case .handlers(let id, let handlers): [Self.reducer(id: id, handlers, environment)]
            case .reducers(let make): make(environment)
            }
        }
    }

    /// The reducer of one run of handlers: each handler, then its mutation, in order; then
    /// every produce part with the state after all of them; the effects merged in order.
    @inlinable
    static func reducer(id: String, _ handlers: [Handler], _ environment: Environment) -> Reducer<State, Action> {
        if handlers.count == 1 {
            let handler = handlers[0]
            return Reducer(id: id, reduction: { state, action in
                let consequence = handler(action, state)
                guard consequence.isHandled else { return Reduction(.defaultNext) }
                consequence.mutation?(&state)
                guard let produce = consequence.production else { return Reduction(.next) }
                return Reduction(.next, produce(Context(state: state, environment: environment)))
            })
        }
        return Reducer(id: id, reduction: { state, action in
            var handled = false
            var productions: [(Context) -> Effect<Action>] = []
            for handler in handlers {
                let consequence = handler(action, state)
                guard consequence.isHandled else { continue }
                handled = true
                consequence.mutation?(&state)
                if let produce = consequence.production { productions.append(produce) }
            }
            guard handled else { return Reduction(.defaultNext) }
            guard !productions.isEmpty else { return Reduction(.next) }
            let context = Context(state: state, environment: environment)
            if productions.count == 1 { return Reduction(.next, productions[0](context)) }
            return Reduction(.next, .merge(productions.map { $0(context) }))
        })
    }
}

/// ReduxCore's domain style on the one reducer slot: a domain's body is an ordinary reducer
/// chain, for a store, a test store, or a lift into a parent.
extension ReducerDomain {
    /// The body's reducers, in chain order: built now, once per read (see ``ReducerDomain``:
    /// the body's conditions are evaluated at this moment, not per action). Read it once and
    /// keep the array when a chain is assembled by hand.
    public var reducers: [Reducer<State, Action>] { body }

    /// Lifts every reducer of the body into a parent whose state stores this domain's state in a
    /// property (see ``Reducer/lift(state:action:name:)-(WritableKeyPath<Parent,State>Sendable,Embedding<ParentAction,Action>,_)``),
    /// in chain order. The body is built once, now.
    ///
    /// The result is a child of a parent domain's body as it is (an array of reducers is a
    /// ``ReducerBuilder`` expression), or part of a store's `reducers:`. Every lifted reducer
    /// shares the lift's name, so their effects are scoped to the same place in the tree.
    ///
    /// The body's reducers become reducers of the parent's chain, each lifted on its own, so:
    /// a child answering ``ReducerExit/done`` stops the parent's later reducers too, not only
    /// the domain's; an action for an absent child logs one `.childAbsent` warning per body
    /// reducer; and each lifted reducer extracts the action once (for a collection, one hash
    /// lookup each).
    ///
    /// - Parameters:
    ///   - keyPath: a writable key path from the parent state to this domain's state.
    ///   - action: which parent actions are this domain's, and how its actions are embedded.
    ///   - name: the lift's name in log paths and effect scopes; by default the property's name.
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> [Reducer<Parent, ParentAction>] {
        reducers.map { $0.lift(state: keyPath, action: action, name: name) }
    }

    /// Lifts every reducer of the body into an optional property of the parent state (a child
    /// that can be absent), like ``Reducer/lift(state:action:name:)-(WritableKeyPath<Parent,State?>Sendable,Embedding<ParentAction,Action>,_)``.
    /// While the property is `nil`, the domain's actions are skipped with a `.childAbsent` warning.
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> [Reducer<Parent, ParentAction>] {
        reducers.map { $0.lift(state: keyPath, action: action, name: name) }
    }

    /// Lifts every reducer of the body into a parent that presents the domain's state through
    /// ``Presented``: a new ``Presented`` value is a new instance (the old one's effects are cancelled).
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> [Reducer<Parent, ParentAction>] {
        reducers.map { $0.lift(state: keyPath, action: action, name: name) }
    }

    /// Lifts every reducer of the body into one case of an optional enum in the parent state (a
    /// destination), like `Reducer.lift(state:case:action:name:)`: while the enum is `nil` or
    /// another case, the domain's actions are skipped; when the case changes, the old case's
    /// effects are cancelled.
    public func lift<Parent, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> [Reducer<Parent, ParentAction>] {
        reducers.map { $0.lift(state: keyPath, case: embedding, action: action, name: name) }
    }

    /// Lifts every reducer of the body into one case of a presented enum (``Presented`` of a
    /// destination enum): like the optional-enum form, and a new presentation is a new instance.
    public func lift<Parent, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> [Reducer<Parent, ParentAction>] {
        reducers.map { $0.lift(state: keyPath, case: embedding, action: action, name: name) }
    }

    /// Lifts every reducer of the body over the elements of an ``IdentifiedArray`` in the parent
    /// state: an ``ElementAction/element(id:action:)`` reaches the element with that id (a
    /// missing id is skipped with a `.childAbsent` warning; a removed element's effects are
    /// cancelled).
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: Embedding<ParentAction, ElementAction<State.ID, Action>>,
        name: String? = nil
    ) -> [Reducer<Parent, ParentAction>] where State: Identifiable & Sendable, State.ID: Sendable {
        reducers.map { $0.lift(state: keyPath, action: action, name: name) }
    }
}

extension Store {
    /// Creates a store whose reducer chain is `domain`'s body (ReduxCore's `ReducerDomain`),
    /// built once, now: the body's `if`, `switch` and `for` are decided at this moment, with the
    /// domain value as given, and never again for this store.
    ///
    /// The chain runs in declaration order (the first declared reducer runs first; every one
    /// runs unless one answers ``ReducerExit/done``), after the middlewares, as with
    /// ``init(initialState:reducers:middlewares:resolvers:options:onLog:)``.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - domain: the feature; its body is built once.
    ///   - middlewares: the middleware chain, run in order before the reducers.
    ///   - resolvers: the resolver chain, consulted in order when an error is raised.
    ///   - options: the clock, the dependencies and other settings.
    ///   - onLog: receives typed events on the main actor.
    public convenience init<Domain: ReducerDomain>(
        initialState: State,
        domain: Domain,
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: LogHandler? = nil
    ) where Domain.State == State, Domain.Action == Action {
        self.init(initialState: initialState, reducers: domain.reducers, middlewares: middlewares, resolvers: resolvers, options: options, onLog: onLog)
    }
}

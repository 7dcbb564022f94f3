/// Combining behaviors and lifting a child feature's behavior into a parent.
extension Behavior {
    /// One behavior from several, in declaration order: the reduce parts are applied in this
    /// order (each `handle` sees the state the earlier ones left), then the produce parts run,
    /// and the effects start together after every reducer, merged in this order.
    ///
    /// Plain behaviors next to each other become one reducer (one `.reducer` log event, and one
    /// ``ErrorOrigin``, with the first one's id): their produce parts run after all of their
    /// mutations. A lifted child stays a reducer of its own: its produce parts see the state
    /// after its own mutations (later siblings have not run yet), and a plain behavior before it
    /// does not see its mutations either. Every effect still starts after every reducer.
    public static func combine(_ behaviors: Behavior...) -> Behavior { combine(behaviors) }

    /// One behavior from a sequence of behaviors, in order (see
    /// ``combine(_:)-(Behavior<Action,State,Environment>...)``).
    public static func combine(_ behaviors: some Sequence<Behavior>) -> Behavior {
        var parts: [Part] = []
        for part in behaviors.lazy.flatMap(\.parts) {
            if case .handlers(_, let next) = part, case .handlers(let id, let handlers)? = parts.last {
                parts[parts.count - 1] = .handlers(id: id, handlers + next)
            } else {
                parts.append(part)
            }
        }
        return Behavior(parts: parts)
    }

    /// This behavior after `other` (see ``combine(_:)-(Behavior<Action,State,Environment>...)``).
    public func combined(with other: Behavior) -> Behavior { .combine(self, other) }

    /// Lifts every reducer of this behavior through `lift`, with the environment derived from
    /// the parent's by `environment` (called once, when the parent's reducers are built).
    @usableFromInline
    func lifted<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable>(
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        _ lift: @escaping @Sendable (Reducer<State, Action>) -> Reducer<Parent, ParentAction>
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        let child = self
        return Behavior<ParentAction, Parent, ParentEnvironment>(parts: [.reducers({ parentEnvironment in
            child.reducers(environment: environment(parentEnvironment)).map(lift)
        })])
    }

    /// Lifts this behavior into a parent whose state stores the child's state in a property
    /// (SwiftRex's lift, with the environment): the child runs in place on `state`, for the
    /// parent actions `action` extracts, with the environment `environment` derives from the
    /// parent's. Every rule of `Reducer.lift(state:action:name:)`
    /// holds: foreign actions pass by, effects send embedded parent actions and are scoped to
    /// the child.
    ///
    /// - Parameters:
    ///   - state: a writable key path from the parent state to the child state.
    ///   - action: which parent actions are the child's, and how the child's are embedded.
    ///   - environment: the child's environment from the parent's (a projection, usually a key
    ///     path such as `\.movies`); called once, when the parent's reducers are built.
    ///   - name: the lift's name in log paths and effect scopes; by default the property's name.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, State> & Sendable,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lifted(environment: environment) { $0.lift(state: state, action: action, name: name) }
    }

    /// Lifts this behavior into an optional child of the parent state (see
    /// ``Reducer/lift(state:action:name:)-(WritableKeyPath<Parent,State?>Sendable,Embedding<ParentAction,Action>,_)``): while
    /// the child is `nil`, its actions are skipped with a `.childAbsent` warning; when it goes
    /// away, its effects are cancelled.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, State?> & Sendable,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lifted(environment: environment) { $0.lift(state: state, action: action, name: name) }
    }

    /// Lifts this behavior into a ``Presented`` child: like an optional child, and a new
    /// presentation is a new instance.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lifted(environment: environment) { $0.lift(state: state, action: action, name: name) }
    }

    /// Lifts this behavior into one case of an optional enum of the parent state (a
    /// destination); the old case's effects are cancelled when the case changes.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable, Destination>(
        state: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lifted(environment: environment) { $0.lift(state: state, case: embedding, action: action, name: name) }
    }

    /// Lifts this behavior into one case of a presented enum (``Presented`` of a destination
    /// enum): like the optional-enum form, and a new presentation is a new instance.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable, Destination>(
        state: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lifted(environment: environment) { $0.lift(state: state, case: embedding, action: action, name: name) }
    }

    /// Lifts this behavior over the elements of an ``IdentifiedArray``: an
    /// ``ElementAction/element(id:action:)`` reaches the element with that id; each element's
    /// effects are scoped to it and cancelled when it is removed.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: Embedding<ParentAction, ElementAction<State.ID, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> where State: Identifiable, State.ID: Sendable {
        lifted(environment: environment) { $0.lift(state: state, action: action, name: name) }
    }
}

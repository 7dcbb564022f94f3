/// Behavior lifts that name the child's action case by a key path into the parent action's
/// ``CaseEmbeddable/embeddings`` (`lift(state: \.counter, action: \.counter)`) and, for a
/// destination, the state case by a key path into the destination's. Each reads its key paths
/// once, when the lift is made, and forwards to the ``Embedding`` form, whose rules all hold
/// unchanged. The Composable Architecture's case key paths (`@CasePathable`) are the same shape.
extension Behavior {
    /// Lifts this behavior into a parent whose state stores the child state in a property, the
    /// child's action case named by a key path into ``CaseEmbeddable/embeddings``. See the
    /// ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, State> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into an optional child, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, State?> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into a ``Presented`` child, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into one case of an optional enum, the action case named by a key path
    /// into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable, Destination>(
        state: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, case: embedding, action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into one case of an optional enum, both cases named by key paths into
    /// ``CaseEmbeddable/embeddings`` (the destination's and the action's):
    /// `lift(state: \.destination, case: \.detail, action: \.detail)`. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable, Destination: CaseEmbeddable>(
        state: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, case: Destination.embeddings[keyPath: embedding], action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into one case of an optional enum, the destination case named by a key
    /// path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable, Destination: CaseEmbeddable>(
        state: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, case: Destination.embeddings[keyPath: embedding], action: action, environment: environment, name: name)
    }

    /// Lifts this behavior into one case of a presented enum, the action case named by a key path
    /// into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable, Destination>(
        state: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, case: embedding, action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into one case of a presented enum, both cases named by key paths into
    /// ``CaseEmbeddable/embeddings`` (the destination's and the action's):
    /// `lift(state: \.destination, case: \.detail, action: \.detail)`. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable, Destination: CaseEmbeddable>(
        state: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, case: Destination.embeddings[keyPath: embedding], action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }

    /// Lifts this behavior into one case of a presented enum, the destination case named by a key
    /// path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: Sendable, ParentEnvironment: Sendable, Destination: CaseEmbeddable>(
        state: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: Embedding<ParentAction, Action>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> {
        lift(state: state, case: Destination.embeddings[keyPath: embedding], action: action, environment: environment, name: name)
    }

    /// Lifts this behavior over the elements of an ``IdentifiedArray``, the collection's action
    /// case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, ParentEnvironment: Sendable>(
        state: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, ElementAction<State.ID, Action>>>,
        environment: @escaping @Sendable (ParentEnvironment) -> Environment,
        name: String? = nil
    ) -> Behavior<ParentAction, Parent, ParentEnvironment> where State: Identifiable, State.ID: Sendable {
        lift(state: state, action: ParentAction.embeddings[keyPath: action], environment: environment, name: name)
    }
}

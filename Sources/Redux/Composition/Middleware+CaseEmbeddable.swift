/// Middleware lifts that name the child's action case by a key path into the parent action's
/// ``CaseEmbeddable/embeddings`` (`lift(state: \.counter, action: \.counter)`) and, for a
/// destination, the state case by a key path into the destination's. Each reads its key paths
/// once, when the lift is made, and forwards to the ``Embedding`` form, whose rules all hold
/// unchanged. The Composable Architecture's case key paths (`@CasePathable`) are the same shape.
extension Middleware {
    /// Lifts this middleware into a parent whose state stores the child state in a property, the
    /// child's action case named by a key path into ``CaseEmbeddable/embeddings``. See the
    /// ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable>(
        state keyPath: WritableKeyPath<Parent, State> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into an optional child, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable>(
        state keyPath: WritableKeyPath<Parent, State?> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into a ``Presented`` child, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable>(
        state keyPath: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into one case of an optional enum, the action case named by a key path
    /// into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, case: embedding, action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into one case of an optional enum, both cases named by key paths into
    /// ``CaseEmbeddable/embeddings`` (the destination's and the action's):
    /// `lift(state: \.destination, case: \.detail, action: \.detail)`. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, Destination: CaseEmbeddable>(
        state keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, case: Destination.embeddings[keyPath: embedding], action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into one case of an optional enum, the destination case named by a key
    /// path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable, Destination: CaseEmbeddable>(
        state keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, case: Destination.embeddings[keyPath: embedding], action: action, name: name)
    }

    /// Lifts this middleware into one case of a presented enum, the action case named by a key path
    /// into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, case: embedding, action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into one case of a presented enum, both cases named by key paths into
    /// ``CaseEmbeddable/embeddings`` (the destination's and the action's):
    /// `lift(state: \.destination, case: \.detail, action: \.detail)`. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable, Destination: CaseEmbeddable>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, case: Destination.embeddings[keyPath: embedding], action: ParentAction.embeddings[keyPath: action], name: name)
    }

    /// Lifts this middleware into one case of a presented enum, the destination case named by a key
    /// path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable, Destination: CaseEmbeddable>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, State>>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(state: keyPath, case: Destination.embeddings[keyPath: embedding], action: action, name: name)
    }

    /// Lifts this middleware over the elements of an ``IdentifiedArray``, the collection's action
    /// case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: CaseEmbeddable & Sendable>(
        state keyPath: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: KeyPath<ParentAction.Embeddings, Embedding<ParentAction, ElementAction<State.ID, Action>>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> where State: Identifiable, State.ID: Sendable {
        lift(state: keyPath, action: ParentAction.embeddings[keyPath: action], name: name)
    }
}

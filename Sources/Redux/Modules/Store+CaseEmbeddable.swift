/// Slices whose action case (and, for a destination, state case) is named by a key path into
/// ``CaseEmbeddable/embeddings``, the arguments of the matching key-path lift:
/// `store.slice(state: \.profile, action: \.profile)`. The key paths are read once, when the slice
/// is made; the slice is the one the ``Embedding`` form makes.
///
/// Isolation: main actor, as every slice.
extension Store where Action: CaseEmbeddable {
    /// A slice of the child stored at `state`, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Local> & Sendable,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> StoreSlice<State, Action, Local, LocalAction> {
        slice(state: state, action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of the optional child at `state`, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``; `nil` while the child is `nil`. See the ``Embedding`` form.
    @inlinable
    public func slice<Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Local?> & Sendable,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of the child presented at `state`, its action case named by a key path into
    /// ``CaseEmbeddable/embeddings``; `nil` while nothing is presented. See the ``Embedding`` form.
    @inlinable
    public func slice<Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Presented<Local>?> & Sendable,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of one case of the optional enum at `state`, the action case named by a key path
    /// into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Destination, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Destination?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, case: embedding, action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of one case of the optional enum at `state`, both cases named by key paths into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Destination: CaseEmbeddable, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, case: Destination.embeddings[keyPath: embedding], action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of one case of the presented enum at `state`, the action case named by a key path
    /// into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Destination, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, case: embedding, action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of one case of the presented enum at `state`, both cases named by key paths into
    /// ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Destination: CaseEmbeddable, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: KeyPath<Action.Embeddings, Embedding<Action, LocalAction>>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, case: Destination.embeddings[keyPath: embedding], action: Action.embeddings[keyPath: action], name: name)
    }

    /// A slice of the element with `id` of the collection at `state`, the collection's action
    /// case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Element: Identifiable & Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: KeyPath<Action.Embeddings, Embedding<Action, ElementAction<Element.ID, LocalAction>>>,
        id: Element.ID,
        name: String? = nil
    ) -> ElementSlice<State, Action, Element, LocalAction>? where Element.ID: Sendable {
        slice(state: state, action: Action.embeddings[keyPath: action], id: id, name: name)
    }

    /// One slice per element of the collection at `state`, in the collection's order, the
    /// collection's action case named by a key path into ``CaseEmbeddable/embeddings``. See the
    /// ``Embedding`` form.
    ///
    /// - Complexity: O(n) for n elements.
    @inlinable
    public func slices<Element: Identifiable & Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: KeyPath<Action.Embeddings, Embedding<Action, ElementAction<Element.ID, LocalAction>>>,
        name: String? = nil
    ) -> [ElementSlice<State, Action, Element, LocalAction>] where Element.ID: Sendable {
        slices(state: state, action: Action.embeddings[keyPath: action], name: name)
    }
}

extension Store {
    /// A slice of one case of the optional enum at `state`, the destination case named by a key
    /// path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Destination: CaseEmbeddable, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, case: Destination.embeddings[keyPath: embedding], action: action, name: name)
    }

    /// A slice of one case of the presented enum at `state`, the destination case named by a key
    /// path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public func slice<Destination: CaseEmbeddable, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(state: state, case: Destination.embeddings[keyPath: embedding], action: action, name: name)
    }
}

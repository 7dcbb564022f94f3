/// Optional module maps whose root action case (and, for a destination, state case) is named by
/// a key path into ``CaseEmbeddable/embeddings``:
/// `OptionalModuleMap.enumCase(state: \.destination, case: \.detail, action: \.detail)`. The key
/// paths are read once, when the map is made; the map is the one the ``Embedding`` form makes.
extension OptionalModuleMap where RootAction: CaseEmbeddable {
    /// A map whose local state is the optional root field at `state`, the module's action case
    /// named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func optional(
        state: WritableKeyPath<Root, Local?> & Sendable,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> OptionalModuleMap {
        optional(state: state, action: RootAction.embeddings[keyPath: action], name: name)
    }

    /// A map whose local state is presented through the ``Presented`` root field at `state`, the
    /// module's action case named by a key path into ``CaseEmbeddable/embeddings``. See the
    /// ``Embedding`` form.
    @inlinable
    public static func presented(
        state: WritableKeyPath<Root, Presented<Local>?> & Sendable,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> OptionalModuleMap {
        presented(state: state, action: RootAction.embeddings[keyPath: action], name: name)
    }

    /// A map whose local state is one case of the optional root enum at `state`, the module's
    /// action case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding``
    /// form.
    @inlinable
    public static func enumCase<Destination>(
        state: WritableKeyPath<Root, Destination?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> OptionalModuleMap {
        enumCase(state: state, case: embedding, action: RootAction.embeddings[keyPath: action], name: name)
    }

    /// A map whose local state is one case of the optional root enum at `state`, both cases named
    /// by key paths into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func enumCase<Destination: CaseEmbeddable>(
        state: WritableKeyPath<Root, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> OptionalModuleMap {
        enumCase(state: state, case: Destination.embeddings[keyPath: embedding], action: RootAction.embeddings[keyPath: action], name: name)
    }

    /// A map whose local state is one case of the presented root enum at `state`, the module's
    /// action case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding``
    /// form.
    @inlinable
    public static func presentedCase<Destination>(
        state: WritableKeyPath<Root, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> OptionalModuleMap {
        presentedCase(state: state, case: embedding, action: RootAction.embeddings[keyPath: action], name: name)
    }

    /// A map whose local state is one case of the presented root enum at `state`, both cases
    /// named by key paths into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func presentedCase<Destination: CaseEmbeddable>(
        state: WritableKeyPath<Root, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> OptionalModuleMap {
        presentedCase(state: state, case: Destination.embeddings[keyPath: embedding], action: RootAction.embeddings[keyPath: action], name: name)
    }
}

extension OptionalModuleMap {
    /// A map whose local state is one case of the optional root enum at `state`, the destination
    /// case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func enumCase<Destination: CaseEmbeddable>(
        state: WritableKeyPath<Root, Destination?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> OptionalModuleMap {
        enumCase(state: state, case: Destination.embeddings[keyPath: embedding], action: action, name: name)
    }

    /// A map whose local state is one case of the presented root enum at `state`, the destination
    /// case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func presentedCase<Destination: CaseEmbeddable>(
        state: WritableKeyPath<Root, Presented<Destination>?> & Sendable,
        case embedding: KeyPath<Destination.Embeddings, Embedding<Destination, Local>>,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> OptionalModuleMap {
        presentedCase(state: state, case: Destination.embeddings[keyPath: embedding], action: action, name: name)
    }
}

/// Module maps whose root action case is named by a key path into the root action's
/// ``CaseEmbeddable/embeddings``: `ModuleMap.linear(state: \.profile, action: \.profile)`. The key
/// path is read once, when the map is made; the map is the one the ``Embedding`` form makes.
extension ModuleMap where RootAction: CaseEmbeddable {
    /// A map whose local state is the root state's field at `state`, the module's action case
    /// named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func linear(
        state: WritableKeyPath<Root, Local> & Sendable,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String? = nil
    ) -> ModuleMap {
        linear(state: state, action: RootAction.embeddings[keyPath: action], name: name)
    }

    /// A map whose local state is assembled from root fields through `fields`, the module's
    /// action case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding``
    /// form.
    @inlinable
    public static func scattered(
        _ template: Local,
        fields: [ModuleField<Root, Local>],
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, LocalAction>>,
        name: String
    ) -> ModuleMap {
        scattered(template, fields: fields, action: RootAction.embeddings[keyPath: action], name: name)
    }
}

/// Element module maps whose root action case is named by a key path into the root action's
/// ``CaseEmbeddable/embeddings``: `ElementModuleMap.elements(state: \.rows, action: \.rows)`. The
/// key path is read once, when the map is made.
extension ElementModuleMap where RootAction: CaseEmbeddable {
    /// A map over the elements of the identified collection at `state`, the collection's action
    /// case named by a key path into ``CaseEmbeddable/embeddings``. See the ``Embedding`` form.
    @inlinable
    public static func elements(
        state: WritableKeyPath<Root, IdentifiedArray<Element>> & Sendable,
        action: KeyPath<RootAction.Embeddings, Embedding<RootAction, ElementAction<Element.ID, LocalAction>>>,
        name: String? = nil
    ) -> ElementModuleMap {
        elements(state: state, action: RootAction.embeddings[keyPath: action], name: name)
    }
}

/// An action addressed to one element of an ``IdentifiedArray`` of child features: the
/// element's id and the child action.
///
/// A parent action embeds it for a collection lift (`case rows(ElementAction<Row.ID, RowAction>)`);
/// the lifted child components see `action` with the element's state, and an id that is not in
/// the collection is skipped with a `.childAbsent` warning event. The Composable Architecture's
/// `IdentifiedAction` has the same shape.
public enum ElementAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
    /// `action` for the element whose id is `id`.
    case element(id: ID, action: Action)

    /// The element's id.
    @inlinable
    public var id: ID {
        switch self { case .element(let id, _): id }
    }

    /// The child action.
    @inlinable
    public var action: Action {
        switch self { case .element(_, let action): action }
    }
}

extension ElementAction: Equatable where Action: Equatable {}
extension ElementAction: Hashable where Action: Hashable {}

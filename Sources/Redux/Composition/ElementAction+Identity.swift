// A collection's element action names itself: `element`, then its child action's identity.

extension ElementAction: ActionIdentifiable {
    /// `element`, extended by the child action's identity (its conformance if it has one, else
    /// the reflected default): `.element(id: 3, action: .save)` is `element.save`, whatever the
    /// id, so a limit on a row's `save` is shared by every row's `save` and no other row action.
    public var actionIdentity: ActionIdentity {
        ActionIdentity("element").appending(ActionIdentity(of: action))
    }
}

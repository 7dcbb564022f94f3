// The identity function a store decides once for its action type, so that a conforming type's
// identity costs no runtime cast per action.

extension ActionIdentity {
    /// A function giving the identity of values of `Action`, decided once: when `Action` itself
    /// conforms to ``ActionIdentifiable``, a direct call of its conformance (no runtime cast per
    /// action); otherwise ``init(of:)`` on each value (a cast, so a value whose dynamic type
    /// conforms still gives its own identity, else reflection).
    static func identifier<Action: Sendable>(for _: Action.Type) -> @Sendable (Action) -> ActionIdentity {
        guard let conforming = Action.self as? any (ActionIdentifiable & Sendable).Type else {
            return { ActionIdentity(of: $0) }
        }
        return conformingIdentifier(conforming, for: Action.self)
    }

    /// The conformance's `actionIdentity`, called on a value of `Action`, which is `T` itself
    /// (checked by the cast in ``identifier(for:)``), so reading it as a `T` is sound.
    private static func conformingIdentifier<T: ActionIdentifiable & Sendable, Action: Sendable>(_: T.Type, for _: Action.Type) -> @Sendable (Action) -> ActionIdentity {
        { action in unsafeBitCast(action, to: T.self).actionIdentity }
    }
}

/// An action type that names its own ``ActionIdentity``, so the store never reflects on it.
///
/// Conform when rate limits (``RateLimit``), pressure diagnostics (``PressureDiagnostics``) or
/// a recorder read your actions' identities on a hot path: the reflected default
/// (``ActionIdentity/init(of:)``) walks the value with `Mirror` on every call, about a
/// microsecond or more per action, and cannot be cached because it depends on the value; a
/// conformance is a `switch` returning a literal.
///
/// Follow the default's shape so that identities read the same whichever way they are made: the
/// case name, extended by the identity of a payload that is itself an action. To extend by a
/// payload whose type you do not know statically, use ``ActionIdentity/init(of:)`` on it (a
/// runtime cast picks up its conformance, if it has one):
///
/// ```swift
/// enum BoardAction: ActionIdentifiable {
///     case rows(ElementAction<Int, RowAction>)
///     case search(String)
///
///     var actionIdentity: ActionIdentity {
///         switch self {
///         case .rows(let action): ActionIdentity("rows").appending(ActionIdentity(of: action))
///         case .search: "search"
///         }
///     }
/// }
/// ```
///
/// The library's own composition actions (``ElementAction``) conform and extend the path with
/// their child action's identity. Isolation: none; `actionIdentity` may be read on any thread,
/// so it must not touch main-actor state.
public protocol ActionIdentifiable {
    /// This action's identity: stable for a given case path, whatever the payload values.
    var actionIdentity: ActionIdentity { get }
}

/// A stable name for what kind of action a value is: the path of case names from the root
/// action down to the leaf, joined by dots (`"rows.element.save"`).
///
/// Two actions with the same identity are "the same action" for the features that group actions
/// by kind: per-identity rate limits (``RateLimit``), pressure diagnostics
/// (``PressureDiagnostics``) and the `type` a recorded session shows. Payloads that are not
/// actions do not take part: `.search("a")` and `.search("b")` are both `search`.
///
/// Where it comes from: an action that conforms to ``ActionIdentifiable`` gives its own; any
/// other value gets the reflected default described at ``init(of:)``. TinyRedux's `@ReduxAction`
/// `id` is the same idea (case names only); Redux calls it the action's `type`.
///
/// A plain value: `Sendable`, `Hashable`, comparable by its ``path``. Any isolation.
public struct ActionIdentity: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The dotted path of case names, e.g. `"rows.element.save"`.
    public let path: String

    /// An identity with the given dotted path, as written.
    ///
    /// - Parameter path: the identity's text; by convention case names joined by `.`.
    @inlinable
    public init(_ path: String) {
        self.path = path
    }

    /// An identity written as a string literal: `let id: ActionIdentity = "rows.save"`.
    @inlinable
    public init(stringLiteral path: String) {
        self.path = path
    }

    /// This identity extended by `child`'s path: `"rows".appending("element.save")` is
    /// `"rows.element.save"`. An empty side contributes no dot.
    @inlinable
    public func appending(_ child: ActionIdentity) -> ActionIdentity {
        if child.path.isEmpty { return self }
        if path.isEmpty { return child }
        return ActionIdentity(path + "." + child.path)
    }

    /// The ``path``.
    public var description: String { path }

    /// Orders identities by their paths (so a report can list them sorted).
    @inlinable
    public static func < (lhs: ActionIdentity, rhs: ActionIdentity) -> Bool {
        lhs.path < rhs.path
    }
}

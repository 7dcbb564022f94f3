/// Where a lifted component sits in the state tree, for the log: the names of the lifts from the
/// root down to it, with the element id for a collection element (`profile/rows[3]`).
///
/// Log events of lifted components carry one in their ``ComponentStep/path`` (empty at the root),
/// so a reader can tell a `counter` reducer at the root from the `counter` inside `profile`.
/// Names come from the lift's `name:` argument, or from a stored-property key path's own
/// description (`\AppState.profile` gives `profile`); a computed key path or subscript describes
/// itself as `<computed 0x…>` on this toolchain, so such a lift takes its component's id instead.
public struct ChildPath: Hashable, Sendable, CustomStringConvertible {
    /// One lift on the path: its name and, for a collection element (or an identified child),
    /// the description of the element's id.
    public struct Component: Hashable, Sendable, CustomStringConvertible {
        /// The lift's name, e.g. `profile` or `rows`.
        public let name: String
        /// The element id's description (`"3"`) for an element of an ``IdentifiedArray``; `nil`
        /// for a stored, optional or enum-case child.
        public let element: String?

        /// Creates a component.
        public init(name: String, element: String? = nil) {
            self.name = name
            self.element = element
        }

        /// `name`, or `name[element]` for a collection element.
        public var description: String {
            if let element { return "\(name)[\(element)]" }
            return name
        }
    }

    /// The lifts from the root down, outermost first; empty for a component of the root.
    public let components: [Component]

    /// Creates a path from its components, outermost first.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// The root: no lift.
    public static var root: ChildPath { ChildPath([]) }

    /// Whether this is the root (the component was not lifted).
    public var isRoot: Bool { components.isEmpty }

    /// This path below `component`.
    @usableFromInline
    func prefixed(with component: Component) -> ChildPath {
        ChildPath([component] + components)
    }

    /// The components joined with `/` (`profile/rows[3]`); empty at the root.
    public var description: String {
        components.map(\.description).joined(separator: "/")
    }
}

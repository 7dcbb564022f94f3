/// Which pipeline component a log event is about and how long it took.
///
/// Equatable: two steps are equal when they name the same component (``id``, ``position`` and
/// ``path``);
/// the ``duration`` is left out of `==`, so the same run logged twice compares equal.
public struct ComponentStep: Sendable, CustomStringConvertible {
    /// The component's `id` label.
    public let id: String
    /// The component's zero-based index in its chain (middlewares, resolvers or reducers).
    public let position: Int
    /// Time spent in the component, measured on the store's clock. For a `.resumed` event, the
    /// time the action spent suspended in the `.deferred` handler.
    public let duration: Duration
    /// Where a lifted component sits: the lifts from the root down to it, with element ids
    /// (`profile/rows[3]`); ``ChildPath/root`` for a component of the root. For a
    /// `.childAbsent` event, the path down to the child that is missing.
    public let path: ChildPath

    /// Creates a step record.
    public init(id: String, position: Int, duration: Duration, path: ChildPath = .root) {
        self.id = id
        self.position = position
        self.duration = duration
        self.path = path
    }

    /// `id#position`, e.g. `counter#0`, or `path/id#position` for a lifted component
    /// (`profile/counter#1`); the duration is printed by the event that carries it.
    public var description: String {
        path.isRoot ? "\(id)#\(position)" : "\(path)/\(id)#\(position)"
    }
}

/// One level of a child instance's identity, as an effect carries it: the lift's name, and what
/// tells this instance from another one at the same place — the element id (a collection
/// element, or an `Identifiable` child), the generation (a ``Presented`` child), or nothing (a stored child, which never goes away, or a plain optional
/// or enum-case child, which is gone only when it is `nil` or another case after a reducer chain).
///
/// Effect ids are scoped by the steps above them, so two instances never cancel each other.
/// `@unchecked Sendable`: `AnyHashable` is not `Sendable`, but every id put in one is.
@usableFromInline
struct ScopeStep: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline let name: String
    @usableFromInline let element: AnyHashable?
    /// 0 when the instance has no generation.
    @usableFromInline let generation: UInt64
    /// Whether the child at this step can go away (optional, enum case, collection element).
    @usableFromInline let removable: Bool

    @inlinable
    init(name: String, element: AnyHashable? = nil, generation: UInt64 = 0, removable: Bool) {
        self.name = name
        self.element = element
        self.generation = generation
        self.removable = removable
    }

    @usableFromInline
    var description: String {
        var text = name
        if let element { text += "[\(element)]" }
        if generation != 0 { text += "#\(generation)" }
        return text
    }
}

/// The id of an `Identifiable` value, type-erased; `nil` for any other value. Used only where a
/// child instance's identity is recorded (when it starts work, and when the store checks whether
/// it is still there), never on the reducer's own path.
@usableFromInline
func identity(of value: Any) -> AnyHashable? {
    guard let identified = value as? any Identifiable else { return nil }
    return erasedID(identified)
}

private func erasedID<Value: Identifiable>(_ value: Value) -> AnyHashable {
    AnyHashable(value.id)
}

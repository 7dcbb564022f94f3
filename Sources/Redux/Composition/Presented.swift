/// The state of a presented child feature (a sheet, a detail screen), with the generation of
/// its instance: `var destination: Presented<Detail.State>?`.
///
/// A generation is a number taken when the value is wrapped (``init(_:)``) and kept while the
/// value is mutated (through ``value`` or a member, `presented.title = "…"`). The store starts
/// a presented child's effects under its generation, and when the child is replaced by a new
/// `Presented` — even one equal to it — the generation differs: the store cancels the old
/// instance's effects and drops what they still send. A plain `Child?` cannot tell these apart:
/// writing a new value over the old one in one step looks exactly like mutating it, so the
/// store sees such a child as gone only when it is `nil` after a reducer chain.
///
/// `Presented` is the explicit way to give a child a new identity at each showing, whatever its
/// id: an `Identifiable` child in a plain optional, like a collection element, is its id (see
/// <doc:Composition>), and shown again with the same id within one reducer chain it is the same
/// instance.
///
/// The generation is not part of the value: `==`, `hash(into:)`, `Codable`, the description and
/// the mirror see ``value`` only. A decoded `Presented` is a new showing: decoding wraps a new
/// instance, with a new generation, so state restored or imported from an archive and set into
/// the store ends the work of the instances it replaces at the end of that reducer chain, even
/// when the decoded value is equal to the one shown. Replace a child by assigning
/// `Presented(newValue)`; mutate it by writing through it.
///
/// The idea of telling a presented child's instances apart comes from The Composable
/// Architecture's presentation state; this type is written for this library.
@dynamicMemberLookup
public struct Presented<Value> {
    /// The child's state. Mutating it keeps the generation.
    public var value: Value

    /// The generation of this instance (from `InstanceGeneration.next()`, never 0).
    @usableFromInline let generation: UInt64

    /// Wraps `value` as a new instance, with a new generation.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(_ value: Value) {
        self.value = value
        self.generation = InstanceGeneration.next()
    }

    /// The same instance holding `value` (an enum-case lift puts its child back this way).
    @inlinable
    init(_ value: Value, generation: UInt64) {
        self.value = value
        self.generation = generation
    }

    /// A member of ``value``, read or written in place (the generation is kept). O(1) for a
    /// stored property.
    @inlinable
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
        get { value[keyPath: keyPath] }
        set { value[keyPath: keyPath] = newValue }
        _modify { yield &value[keyPath: keyPath] }
    }

    /// A read-only member of ``value``. O(1) for a stored property.
    @inlinable
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
        value[keyPath: keyPath]
    }
}

extension Presented: Equatable where Value: Equatable {
    /// Whether the values are equal (generations are not compared).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value
    }
}

extension Presented: Hashable where Value: Hashable {
    /// Hashes the value only.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Presented: Sendable where Value: Sendable {}

extension Presented: Encodable where Value: Encodable {
    /// Encodes the value alone, as if it were not wrapped.
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Presented: Decodable where Value: Decodable {
    /// Decodes the value (as encoded by ``encode(to:)``) as a new instance, with a new
    /// generation: a new showing (restored or imported state starts a new instance).
    @inlinable
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode(Value.self))
    }
}

extension Presented: CustomStringConvertible {
    /// The value's description.
    public var description: String { String(describing: value) }
}

extension Presented: CustomReflectable {
    /// A mirror with the value as its one child (no generation).
    public var customMirror: Mirror {
        Mirror(self, children: ["value": value], displayStyle: .struct)
    }
}

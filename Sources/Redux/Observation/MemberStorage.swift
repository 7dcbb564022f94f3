// Small holders for MemberObservation: a group's armed rows, a held member's old value, and
// the collections that carry change stamps.

/// The armed rows of one group, in a box of their own so that the compare loop updates them
/// in place (no copy-on-write check of an array nested in an array).
@usableFromInline
final class RowList {
    @exclusivity(unchecked) @usableFromInline var rows: ContiguousArray<MemberObservation.Row> = []

    @inlinable
    init() {}
}

/// The old value of a held member.
final class HeldValue<Value> {
    var value: Value?
}

/// A collection that carries change stamps at fixed offsets (``IdentifiedArray``).
protocol StampedCollection {
    /// The byte offset of the content stamp in a value of the type.
    static var stampOffset: Int { get }
    /// The byte offset of the structure stamp (ids and order).
    static var structureStampOffset: Int { get }
}

extension IdentifiedArray: StampedCollection {
    static var stampOffset: Int { MemoryLayout<Self>.offset(of: \Self.stamp)! }
    static var structureStampOffset: Int { MemoryLayout<Self>.offset(of: \Self.structureStamp)! }
}


// Conformances of IdentifiedArray. All of them see the elements only: generations and stamps
// are bookkeeping, not part of the value. Decoding and every initialiser take fresh stamps.

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// A collection of the literal's elements; their ids must be unique (precondition failure
    /// naming the id otherwise).
    ///
    /// - Complexity: O(*n*) on average.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage == rhs.storage
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array (in JSON: `[…]`), nothing else.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storage)
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes a plain array of elements.
    ///
    /// - Throws: `DecodingError.dataCorrupted` (naming the id and both offsets) if two elements
    ///   have the same id; any error from decoding the array.
    /// - Complexity: O(*n*) on average.
    @inlinable
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let elements = try container.decode([Element].self)
        self.init()
        storage.reserveCapacity(elements.count)
        slots.reserveCapacity(elements.count)
        positions.reserveCapacity(elements.count)
        for element in elements {
            let id = element.id
            if let existing = positions[id] {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "IdentifiedArray: duplicate id \(id) at offsets \(existing) and \(storage.count)"))
            }
            appendNew(element, id: id)
        }
    }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
    /// The elements, printed like an array. O(*n*).
    public var description: String { storage.description }

    /// The elements, printed like an array (debug form). O(*n*).
    public var debugDescription: String { storage.debugDescription }
}

extension IdentifiedArray: CustomReflectable {
    /// A collection mirror of the elements (no bookkeeping), so that dumps and state diffs show
    /// it as they would show an array. O(*n*) (the elements are copied into the mirror).
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: storage, displayStyle: .collection)
    }
}

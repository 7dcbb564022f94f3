import Foundation

/// A type ``CanonicalJSONEncoder`` writes itself instead of calling its `encode(to:)`: the
/// scalars (so a generic `encode` of an `Int` costs no encoder), the Foundation types whose JSON
/// form is fixed (`Date`, `Data`, `URL`, `Decimal`), and the unordered collections, whose
/// elements it sorts.
protocol CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode
}

extension Bool: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .bool(self) }
}

extension String: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .string(self) }
}

extension Int: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .signed(Int64(self)) }
}

extension Int8: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .signed(Int64(self)) }
}

extension Int16: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .signed(Int64(self)) }
}

extension Int32: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .signed(Int64(self)) }
}

extension Int64: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .signed(self) }
}

extension UInt: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .unsigned(UInt64(self)) }
}

extension UInt8: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .unsigned(UInt64(self)) }
}

extension UInt16: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .unsigned(UInt64(self)) }
}

extension UInt32: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .unsigned(UInt64(self)) }
}

extension UInt64: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .unsigned(self) }
}

extension Double: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode { try position.floatingNode(self) }
}

extension Float: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode { try position.floatingNode(self) }
}

extension Date: CanonicalEncodable {
    /// Milliseconds since 1970, rounded; a date outside the years 0000–9999 (or not finite) is
    /// refused rather than clamped.
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode {
        let milliseconds = MillisecondTime.milliseconds(since1970: self)
        guard timeIntervalSince1970.isFinite, MillisecondTime.isInRange(milliseconds) else {
            throw StateCodingError.invalidValue(
                path: position.text,
                reason: "the date \(timeIntervalSince1970) s since 1970 is outside the years 0000–9999")
        }
        return .date(milliseconds)
    }
}

extension Data: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .string(base64EncodedString()) }
}

extension URL: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) -> JSONNode { .string(absoluteString) }
}

extension Decimal: CanonicalEncodable {
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode {
        guard !isNaN else { throw StateCodingError.nonFiniteNumber(path: position.text, value: "nan") }
        return .number(description)
    }
}

extension Set: CanonicalEncodable where Element: Encodable {
    /// The elements, each encoded on its own, sorted by their bytes (the order of the set's
    /// storage depends on the process's hash seed).
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode {
        let encoder = CanonicalEncoding(at: position)
        var elements: [[UInt8]] = []
        elements.reserveCapacity(count)
        for (index, element) in enumerated() {
            let node = try CanonicalEncoding.node(for: element, at: encoder.child([], IndexCodingKey(index)))
            elements.append(CanonicalJSONWriter.bytes(of: node))
        }
        elements.sort(by: CanonicalJSONWriter.precedes)
        return .list(elements.map(JSONNode.fragment))
    }
}

extension Dictionary: CanonicalEncodable where Key: Encodable, Value: Encodable {
    /// With `String`, `Int` or `CodingKeyRepresentable` keys, the dictionary's own encoding (an
    /// object, whose keys the writer sorts). With any other key, the flat `[key, value, …]`
    /// array the standard library writes, its pairs sorted by the key's bytes (then the value's).
    func canonicalNode(at position: EncodingPosition) throws -> JSONNode {
        let encoder = CanonicalEncoding(at: position)
        if Key.self == String.self || Key.self == Int.self || Key.self is any CodingKeyRepresentable.Type {
            return try encoder.run(self)
        }
        var pairs: [(key: [UInt8], value: [UInt8])] = []
        pairs.reserveCapacity(count)
        for (index, (key, value)) in enumerated() {
            let keyNode = try CanonicalEncoding.node(for: key, at: encoder.child([], IndexCodingKey(2 * index)))
            let valueNode = try CanonicalEncoding.node(for: value, at: encoder.child([], IndexCodingKey(2 * index + 1)))
            pairs.append((CanonicalJSONWriter.bytes(of: keyNode), CanonicalJSONWriter.bytes(of: valueNode)))
        }
        pairs.sort { left, right in
            if left.key == right.key { return CanonicalJSONWriter.precedes(left.value, right.value) }
            return CanonicalJSONWriter.precedes(left.key, right.key)
        }
        var items: [JSONNode] = []
        items.reserveCapacity(2 * pairs.count)
        for pair in pairs {
            items.append(.fragment(pair.key))
            items.append(.fragment(pair.value))
        }
        return .list(items)
    }
}

import Foundation

// The frames' only calls into a JSON codec: one to encode a projection, one to decode a frame.

/// Encodes a frame's projection: keys sorted, no whitespace, "/" not escaped. Any isolation.
///
/// - Throws: ``StateCodingError/nonFiniteNumber(path:value:)`` for NaN or an infinity,
///   ``StateCodingError/invalidValue(path:reason:)`` for anything else the encoding refused.
func encodeFrame<Projection: Encodable>(_ projection: Projection) throws(StateCodingError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
        return try encoder.encode(projection)
    } catch let error as EncodingError {
        guard case let .invalidValue(value, context) = error else {
            throw .invalidValue(path: "", reason: String(describing: error))
        }
        let path = framePath(context.codingPath)
        if let number = value as? Double, !number.isFinite { throw .nonFiniteNumber(path: path, value: nonFiniteText(number)) }
        if let number = value as? Float, !number.isFinite { throw .nonFiniteNumber(path: path, value: nonFiniteText(Double(number))) }
        throw .invalidValue(path: path, reason: context.debugDescription)
    } catch {
        throw .invalidValue(path: "", reason: String(describing: error))
    }
}

/// Decodes a frame's bytes as `type`. Any isolation.
///
/// - Throws: a ``StateCodingError`` naming the path and what was expected.
func decodeFrame<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StateCodingError) -> Value {
    do {
        return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
        switch error {
        case let .typeMismatch(expected, context):
            throw .typeMismatch(path: framePath(context.codingPath), expected: "\(expected)", found: context.debugDescription)
        case let .valueNotFound(expected, context):
            throw .valueNotFound(path: framePath(context.codingPath), expected: "\(expected)")
        case let .keyNotFound(key, context):
            throw .keyNotFound(path: framePath(context.codingPath), key: key.stringValue)
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty { throw .notJSON(reason: context.debugDescription) }
            throw .invalidValue(path: framePath(context.codingPath), reason: context.debugDescription)
        @unknown default:
            throw .invalidValue(path: "", reason: String(describing: error))
        }
    } catch {
        throw .invalidValue(path: "", reason: String(describing: error))
    }
}

/// A coding path as text: keys joined by ".", positions as "[n]".
private func framePath(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
        if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
            text += "[\(index)]"
        } else {
            if !text.isEmpty { text += "." }
            text += key.stringValue
        }
    }
    return text
}

private func nonFiniteText(_ number: Double) -> String {
    number.isNaN ? "nan" : (number > 0 ? "inf" : "-inf")
}

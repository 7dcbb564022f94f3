import Foundation

/// Reads JSON written by ``CanonicalJSONEncoder`` (or any JSON of the same shapes) back into a
/// `Decodable` value.
///
/// Underneath is the stock `JSONDecoder`, with one change: dates are strings read by
/// ``MillisecondTime/date(from:)`` (`2026-12-03T10:22:16.123Z`, or with a `±HH:MM` offset; at
/// most three fraction digits). `Data` is read from base64 and `URL` from its string, as the
/// stock decoder does. Every failure is mapped to a ``StateCodingError`` naming the path
/// (`movies.items[3].rating`) and, where one was expected, the Swift type (`Int`).
///
/// A value type with no state of its own: it is `Sendable`, and ``decode(_:from:)`` may be
/// called from any thread or actor at the same time.
public struct CanonicalJSONDecoder: Sendable {
    /// A decoder; it has no options.
    public init() {}

    /// Decodes a value of `type` from JSON bytes.
    ///
    /// - Throws: ``StateCodingError/notJSON(reason:)`` for bytes that are not JSON;
    ///   ``StateCodingError/typeMismatch(path:expected:found:)``,
    ///   ``StateCodingError/keyNotFound(path:key:)``,
    ///   ``StateCodingError/valueNotFound(path:expected:)`` and
    ///   ``StateCodingError/invalidDate(path:text:)`` for JSON of the wrong shape;
    ///   ``StateCodingError/invalidValue(path:reason:)`` for a value its type refused (an
    ///   unknown enum case, a number too large for its type, an error thrown by a custom
    ///   `init(from:)`).
    /// - Complexity: O(n) in the size of the data.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(StateCodingError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(Self.decodeDate)
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw Self.mapped(error, data: data)
        }
    }

    @Sendable
    private static func decodeDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = MillisecondTime.date(from: text) else {
            throw StateCodingError.invalidDate(path: CodingPathText.text(decoder.codingPath), text: text)
        }
        return date
    }

    /// The ``StateCodingError`` for an error the stock decoder (or a custom `init(from:)`) threw.
    static func mapped(_ error: any Error, data: Data) -> StateCodingError {
        if let error = error as? StateCodingError { return error }
        guard let error = error as? DecodingError else {
            return .invalidValue(path: "", reason: String(describing: error))
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .typeMismatch(path: CodingPathText.text(context.codingPath),
                                 expected: typeName(type), found: found(in: context.debugDescription))
        case .valueNotFound(let type, let context):
            return .valueNotFound(path: CodingPathText.text(context.codingPath), expected: typeName(type))
        case .keyNotFound(let key, let context):
            return .keyNotFound(path: CodingPathText.text(context.codingPath), key: key.stringValue)
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as? StateCodingError { return underlying }
            if context.codingPath.isEmpty,
               context.underlyingError != nil || context.debugDescription.contains("not valid JSON") {
                // The stock decoder also reports a number too large for its type this way, at
                // the root; only bytes the stock parser refuses are "not JSON".
                if (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil {
                    return .invalidValue(path: "", reason: "a number does not fit its type (too large for it, or "
                        + "a fraction for an integer); the stock decoder gives no path for this")
                }
                let reason = context.underlyingError.map { "\($0)" } ?? context.debugDescription
                return .notJSON(reason: reason)
            }
            return .invalidValue(path: CodingPathText.text(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidValue(path: "", reason: String(describing: error))
        }
    }

    /// A readable name for an expected type: `Int`, `String`, `object`, `array`.
    static func typeName(_ type: Any.Type) -> String {
        if type == [String: Any].self { return "object" }
        if type == [Any].self { return "array" }
        return String(describing: type)
    }

    /// What the stock decoder says it found (`"a string"`), taken from its message
    /// ("Expected to decode Int but found a string instead."), or `"another JSON value"`.
    static func found(in message: String) -> String {
        guard let start = message.range(of: "but found "),
              let end = message.range(of: " instead", range: start.upperBound..<message.endIndex)
        else { return "another JSON value" }
        return String(message[start.upperBound..<end.lowerBound])
    }
}

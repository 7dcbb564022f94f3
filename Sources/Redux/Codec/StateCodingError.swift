import Foundation

/// An error from ``CanonicalJSONEncoder`` or ``CanonicalJSONDecoder``, naming where in the value it
/// happened.
///
/// Every case that concerns one value carries its path: keys joined by `.`, positions in an
/// unkeyed container (an array, a set) as `[n]`, for example `movies.items[3].rating`. The root
/// value's path is the empty string, shown as `(root)` in ``description``.
///
/// The errors are plain values (`Sendable`, `Equatable`), so a test can compare them with `==`.
public enum StateCodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Encoding met a `Double` or `Float` that is NaN or infinite; JSON has no such numbers.
    /// `value` is `"nan"`, `"inf"` or `"-inf"`.
    case nonFiniteNumber(path: String, value: String)
    /// Encoding could not write a value: its `encode(to:)` threw (the reason is the thrown
    /// error's description), or it was a date outside the years 0000–9999. Decoding reports a
    /// value that had the right JSON type but was refused (an unknown enum raw value, a number
    /// too large for its type) here too.
    case invalidValue(path: String, reason: String)
    /// Decoding expected one type and found another JSON value (`expected` is a Swift type name
    /// such as `"Int"`, or `"object"` / `"array"`).
    case typeMismatch(path: String, expected: String, found: String)
    /// Decoding found no entry for a required key in the object at `path`.
    case keyNotFound(path: String, key: String)
    /// Decoding found `null` (or no more elements) where a non-optional value was expected.
    case valueNotFound(path: String, expected: String)
    /// Decoding found a string that is not a date in the form ``MillisecondTime`` reads.
    case invalidDate(path: String, text: String)
    /// The bytes are not JSON at all (empty, truncated, not UTF-8, a syntax error).
    case notJSON(reason: String)

    /// A one-line, human-readable account: what failed, where, and why.
    public var description: String {
        switch self {
        case .nonFiniteNumber(let path, let value):
            return "cannot encode \(value) at \(Self.shown(path)): JSON has no non-finite numbers"
        case .invalidValue(let path, let reason):
            return "invalid value at \(Self.shown(path)): \(reason)"
        case .typeMismatch(let path, let expected, let found):
            return "expected \(expected) at \(Self.shown(path)) but found \(found)"
        case .keyNotFound(let path, let key):
            return "missing key \"\(key)\" in the object at \(Self.shown(path))"
        case .valueNotFound(let path, let expected):
            return "expected \(expected) at \(Self.shown(path)) but found null or nothing"
        case .invalidDate(let path, let text):
            return "invalid date \"\(text)\" at \(Self.shown(path)): expected "
                + "YYYY-MM-DDTHH:MM:SS[.fff] followed by Z or ±HH:MM"
        case .notJSON(let reason):
            return "not JSON: \(reason)"
        }
    }

    /// The path itself, with the root's empty path shown as `(root)`.
    static func shown(_ path: String) -> String {
        path.isEmpty ? "(root)" : path
    }
}

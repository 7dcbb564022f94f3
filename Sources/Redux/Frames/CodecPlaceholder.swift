// Placeholder until the canonical codec lands: the same cases as its StateCodingError.
// Deleted when the codec is merged.

/// Why a value could not be encoded to, or decoded from, JSON; every case names the path of the
/// value (keys joined by ".", unkeyed positions as "[n]"; the root is "").
public enum StateCodingError: Error, Sendable, Equatable, CustomStringConvertible {
    case nonFiniteNumber(path: String, value: String)
    case invalidValue(path: String, reason: String)
    case typeMismatch(path: String, expected: String, found: String)
    case keyNotFound(path: String, key: String)
    case valueNotFound(path: String, expected: String)
    case invalidDate(path: String, text: String)
    case notJSON(reason: String)

    public var description: String {
        func shown(_ path: String) -> String { path.isEmpty ? "(root)" : path }
        switch self {
        case let .nonFiniteNumber(path, value):
            return "cannot encode \(value) at \(shown(path)): JSON has no non-finite numbers"
        case let .invalidValue(path, reason):
            return "invalid value at \(shown(path)): \(reason)"
        case let .typeMismatch(path, expected, found):
            return "expected \(expected) at \(shown(path)), found \(found)"
        case let .keyNotFound(path, key):
            return "missing key \"\(key)\" at \(shown(path))"
        case let .valueNotFound(path, expected):
            return "expected \(expected) at \(shown(path)), found null"
        case let .invalidDate(path, text):
            return "invalid date \"\(text)\" at \(shown(path))"
        case let .notJSON(reason):
            return "not JSON: \(reason)"
        }
    }
}

/// Why a file could not be read as a ``Recording``: the first problem found, naming where it is.
///
/// ``Recording/init(importing:)`` throws this and builds nothing when it does. Paths name a field
/// the way the file nests it: object keys joined by `.`, array positions as `[n]`, for example
/// `actionsById.3.action.type`, `computedStates[2].state` or `stagedActionIds[1]`. The top level's
/// path is the empty string, shown as `(root)` in ``description``.
///
/// The errors are plain values (`Sendable`, `Equatable`), so a test can compare them with `==`.
public enum RecordingFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not one strict JSON value (RFC 8259): a syntax error, truncated data, bytes
    /// that are not UTF-8, a duplicate key in an object, data after the value, or nesting deeper
    /// than the reader allows. `offset` is the position of the offending byte, counted from 0.
    case notJSON(offset: Int, reason: String)
    /// The file holds a `$jsan` key at `path`: it is in the jsan serialization (which Redux
    /// DevTools can also write) rather than plain JSON, and is not read.
    case jsanKey(path: String)
    /// A required field is absent at `path`.
    case missingField(path: String)
    /// The field at `path` is present but has the wrong JSON type or value: `expected` says what
    /// the format wants, `found` what the file holds (a short description, on one line).
    case invalidField(path: String, expected: String, found: String)
    /// The field at `path` is well-formed on its own but disagrees with another field (an id that
    /// is not staged, a count that does not match, an index out of range), or repeats a value that
    /// must be unique; `reason` says how.
    case inconsistent(path: String, reason: String)

    /// A one-line, human-readable account: what is wrong, and where.
    public var description: String {
        switch self {
        case .notJSON(let offset, let reason):
            "not JSON at byte offset \(offset): \(reason)"
        case .jsanKey(let path):
            "$jsan key at \(Self.shown(path)): the file is in the jsan serialization, not plain JSON"
        case .missingField(let path):
            "missing field \(Self.shown(path))"
        case .invalidField(let path, let expected, let found):
            "invalid field \(Self.shown(path)): expected \(expected), found \(found)"
        case .inconsistent(let path, let reason):
            "inconsistent field \(Self.shown(path)): \(reason)"
        }
    }

    /// The path as the description shows it: `(root)` for the top level.
    private static func shown(_ path: String) -> String {
        path.isEmpty ? "(root)" : path
    }
}

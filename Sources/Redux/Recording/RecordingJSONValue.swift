/// One JSON value read by ``RecordingJSONScanner``, with the byte range it occupies in the input,
/// so that a ``Recording`` can keep a piece of a file verbatim.
struct RecordingJSONValue: Sendable {
    /// One member of an object, in document order.
    struct Member: Sendable {
        /// The decoded key.
        var key: String
        /// The member's value.
        var value: RecordingJSONValue
    }

    /// What the value is; strings are decoded, numbers are kept as their text (see ``range``).
    enum Kind: Sendable {
        case object([Member])
        case array([RecordingJSONValue])
        case string(String)
        case number
        case bool(Bool)
        case null
    }

    /// What the value is.
    var kind: Kind
    /// The bytes of the value in the input, without surrounding whitespace.
    var range: Range<Int>

    /// The value of `key` when this is an object holding it.
    func member(_ key: String) -> RecordingJSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The path of the first `$jsan` key at or below this value, in document order, or nil.
    func firstJSANKeyPath(at path: String) -> String? {
        switch kind {
        case .object(let members):
            for member in members {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                if member.key == "$jsan" { return memberPath }
                if let found = member.value.firstJSANKeyPath(at: memberPath) { return found }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.firstJSANKeyPath(at: "\(path)[\(index)]") { return found }
            }
            return nil
        case .string, .number, .bool, .null:
            return nil
        }
    }
}

/// A strict JSON reader (RFC 8259) that returns every value with its byte range, for
/// ``Recording/init(importing:)``.
///
/// Strict means: UTF-8 only (no byte order mark, no overlong forms, no surrogates encoded in
/// UTF-8), only the four JSON whitespace bytes, no trailing commas, no comments, no control
/// characters inside strings, no lone surrogate in a `\u` escape, no duplicate key in an object,
/// nothing but whitespace after the value, and at most ``maximumDepth`` nested arrays and
/// objects. The first problem is thrown as ``RecordingFormatError/notJSON(offset:reason:)``.
struct RecordingJSONScanner {
    /// The deepest nesting of arrays and objects read (the top-level container counts as 1).
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads `bytes` as one JSON value.
    ///
    /// - Complexity: O(n) in the number of bytes, plus a hash per object key.
    static func parse(_ bytes: [UInt8]) throws(RecordingFormatError) -> RecordingJSONValue {
        try validateUTF8(bytes)
        var scanner = RecordingJSONScanner(bytes: bytes)
        scanner.skipWhitespace()
        let value = try scanner.value(depth: 0)
        scanner.skipWhitespace()
        if scanner.index < bytes.count {
            throw .notJSON(offset: scanner.index, reason: "unexpected data after the JSON value")
        }
        return value
    }

    // MARK: - UTF-8

    /// Throws at the first byte that does not start or continue a well-formed UTF-8 sequence.
    private static func validateUTF8(_ bytes: [UInt8]) throws(RecordingFormatError) {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: throw .notJSON(offset: index, reason: "not UTF-8 (byte 0x\(hex(lead)))")
            }
            for position in 1..<length {
                guard index + position < bytes.count else {
                    throw .notJSON(offset: bytes.count, reason: "not UTF-8 (a truncated sequence at the end)")
                }
                let byte = bytes[index + position]
                let (low, high) = position == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= low, byte <= high else {
                    throw .notJSON(offset: index + position, reason: "not UTF-8 (byte 0x\(hex(byte)))")
                }
            }
            index += length
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    // MARK: - Values

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private func endOfData(_ what: String) -> RecordingFormatError {
        .notJSON(offset: bytes.count, reason: "unexpected end of data \(what)")
    }

    private func unexpected(_ what: String) -> RecordingFormatError {
        let byte = bytes[index]
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(Self.hex(byte))"
        return .notJSON(offset: index, reason: "unexpected \(shown) \(what)")
    }

    private mutating func value(depth: Int) throws(RecordingFormatError) -> RecordingJSONValue {
        guard index < bytes.count else { throw endOfData("where a value was expected") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try object(depth: depth + 1)
        case UInt8(ascii: "["):
            return try array(depth: depth + 1)
        case UInt8(ascii: "\""):
            let text = try string()
            return RecordingJSONValue(kind: .string(text), range: start..<index)
        case UInt8(ascii: "t"):
            try literal("true")
            return RecordingJSONValue(kind: .bool(true), range: start..<index)
        case UInt8(ascii: "f"):
            try literal("false")
            return RecordingJSONValue(kind: .bool(false), range: start..<index)
        case UInt8(ascii: "n"):
            try literal("null")
            return RecordingJSONValue(kind: .null, range: start..<index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
            return RecordingJSONValue(kind: .number, range: start..<index)
        default:
            throw unexpected("where a value was expected")
        }
    }

    private mutating func object(depth: Int) throws(RecordingFormatError) -> RecordingJSONValue {
        let start = index
        guard depth <= Self.maximumDepth else {
            throw .notJSON(offset: start, reason: "nesting deeper than \(Self.maximumDepth) levels")
        }
        index += 1
        var members: [RecordingJSONValue.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return RecordingJSONValue(kind: .object(members), range: start..<index)
        }
        while true {
            guard index < bytes.count else { throw endOfData("in an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected("where an object key was expected") }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else {
                throw .notJSON(offset: keyStart, reason: "duplicate key \(RecordingJSONText.quoted(key)) in an object")
            }
            skipWhitespace()
            guard index < bytes.count else { throw endOfData("in an object") }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected("where ':' was expected") }
            index += 1
            skipWhitespace()
            let member = try value(depth: depth)
            members.append(RecordingJSONValue.Member(key: key, value: member))
            skipWhitespace()
            guard index < bytes.count else { throw endOfData("in an object") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return RecordingJSONValue(kind: .object(members), range: start..<index)
            default:
                throw unexpected("where ',' or '}' was expected")
            }
        }
    }

    private mutating func array(depth: Int) throws(RecordingFormatError) -> RecordingJSONValue {
        let start = index
        guard depth <= Self.maximumDepth else {
            throw .notJSON(offset: start, reason: "nesting deeper than \(Self.maximumDepth) levels")
        }
        index += 1
        var elements: [RecordingJSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return RecordingJSONValue(kind: .array(elements), range: start..<index)
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw endOfData("in an array") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return RecordingJSONValue(kind: .array(elements), range: start..<index)
            default:
                throw unexpected("where ',' or ']' was expected")
            }
        }
    }

    private mutating func literal(_ word: String) throws(RecordingFormatError) {
        for byte in word.utf8 {
            guard index < bytes.count else { throw endOfData("in a literal") }
            guard bytes[index] == byte else { throw unexpected("in a literal") }
            index += 1
        }
    }

    private func isDigit(_ position: Int) -> Bool {
        position < bytes.count && bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9")
    }

    private mutating func digits(_ what: String) throws(RecordingFormatError) {
        guard index < bytes.count else { throw endOfData("in a number") }
        guard isDigit(index) else { throw unexpected("where a digit of \(what) was expected") }
        while isDigit(index) { index += 1 }
    }

    private mutating func number() throws(RecordingFormatError) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw endOfData("in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits("a number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digits("a fraction")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try digits("an exponent")
        }
    }

    /// Reads a string starting at its opening quote; returns it decoded.
    private mutating func string() throws(RecordingFormatError) -> String {
        index += 1
        var decoded: [UInt8] = []
        while true {
            guard index < bytes.count else { throw endOfData("in a string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0x00..<0x20:
                throw .notJSON(offset: index, reason: "unescaped control character 0x\(Self.hex(byte)) in a string")
            default:
                decoded.append(byte)
                index += 1
            }
        }
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(RecordingFormatError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw endOfData("in a string escape") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw unexpected("in a string escape")
        }
        if let simple {
            decoded.append(simple)
            index += 1
            return
        }
        index += 1
        var scalar = try hexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw .notJSON(offset: start, reason: "a high surrogate escape without its low surrogate")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw .notJSON(offset: start, reason: "a high surrogate escape without its low surrogate")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw .notJSON(offset: start, reason: "a low surrogate escape without a high surrogate before it")
        }
        // Not a surrogate and at most 0x10FFFF, so always a scalar.
        decoded.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
    }

    private mutating func hexQuad() throws(RecordingFormatError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfData("in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected("in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

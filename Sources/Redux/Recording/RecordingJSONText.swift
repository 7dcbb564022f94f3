/// The JSON text a ``Recording`` writes and reads itself: string literals and millisecond clocks.
enum RecordingJSONText {
    /// `text` as a JSON string literal: quotes and backslashes escaped, control characters as
    /// `\b \f \n \r \t` or `\u00XX` (lowercase hex); everything else, `/` and non-ASCII included,
    /// written as its UTF-8 bytes.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal (see ``quoted(_:)``).
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Attoseconds in a millisecond.
    private static let attosecondsPerMillisecond: Int128 = 1_000_000_000_000_000

    /// A non-negative duration in milliseconds as a JSON number: an integer when whole (`1500`),
    /// otherwise the exact decimal with trailing zeros removed (`1.5`; one nanosecond is
    /// `0.000001`, one attosecond `0.000000000000001`).
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let total = Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
        let negative = total < 0
        let magnitude = negative ? -total : total
        let whole = magnitude / attosecondsPerMillisecond
        let fraction = magnitude % attosecondsPerMillisecond
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 15 - digits.count) + digits
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// The exact duration of a JSON number of milliseconds, given its text (RFC 8259 grammar,
    /// non-negative); digits finer than one attosecond are dropped. Nil when negative or beyond
    /// what `Duration` holds as whole seconds in an `Int64`.
    static func duration(milliseconds text: some Collection<UInt8>) -> Duration? {
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var iterator = text.makeIterator()
        var exponentText: [UInt8] = []
        var inExponent = false
        while let byte = iterator.next() {
            if inExponent {
                exponentText.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "-"): return nil
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            default:
                digits.append(byte - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            }
        }
        if inExponent {
            guard let value = Int(String(decoding: exponentText, as: UTF8.self)), value > -10_000, value < 10_000 else {
                // An exponent this large is either zero or out of range, decided by the digits.
                return digits.allSatisfy({ $0 == 0 }) ? .zero : (exponentText.first == UInt8(ascii: "-") ? .zero : nil)
            }
            exponent += value
        }
        while let first = digits.first, first == 0 { digits.removeFirst() }
        if digits.isEmpty { return .zero }
        // value = digits × 10^exponent ms = digits × 10^(exponent + 15) attoseconds.
        var shift = exponent + 15
        if shift < 0 {
            let drop = min(-shift, digits.count)
            digits.removeLast(drop)
            shift = 0
            if digits.isEmpty { return .zero }
        }
        // Duration's seconds are an Int64: at most about 9.2e36 attoseconds, 37 digits.
        guard digits.count + shift <= 37 else { return nil }
        var attoseconds: Int128 = 0
        for digit in digits { attoseconds = attoseconds * 10 + Int128(digit) }
        for _ in 0..<shift { attoseconds *= 10 }
        let perSecond: Int128 = 1_000_000_000_000_000_000
        guard attoseconds / perSecond <= Int128(Int64.max) else { return nil }
        return Duration(
            secondsComponent: Int64(attoseconds / perSecond),
            attosecondsComponent: Int64(attoseconds % perSecond)
        )
    }
}

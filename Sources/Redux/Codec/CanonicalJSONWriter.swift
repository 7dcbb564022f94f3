import Foundation

/// Writes a ``JSONNode`` tree as compact UTF-8 JSON into one byte buffer: object keys sorted by
/// their UTF-8 bytes (the last of equal keys kept), strings escaped per RFC 8259 (quote,
/// backslash and control characters only; `/` and all other characters raw).
struct CanonicalJSONWriter {
    var bytes: [UInt8] = []

    static func bytes(of node: JSONNode) -> [UInt8] {
        var writer = CanonicalJSONWriter()
        writer.write(node)
        return writer.bytes
    }

    /// Byte-wise lexicographic order (a shorter prefix first).
    static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        let common = min(left.count, right.count)
        let order = left.withUnsafeBufferPointer { leftBuffer in
            right.withUnsafeBufferPointer { rightBuffer in
                common == 0 ? 0 : memcmp(leftBuffer.baseAddress!, rightBuffer.baseAddress!, common)
            }
        }
        return order != 0 ? order < 0 : left.count < right.count
    }

    /// Byte-wise order of two strings' UTF-8 (not `String`'s `<`, which compares canonical
    /// equivalents as equal).
    static func compare(_ left: String, _ right: String) -> Int32 {
        var left = left
        var right = right
        return left.withUTF8 { leftBuffer in
            right.withUTF8 { rightBuffer in
                let common = min(leftBuffer.count, rightBuffer.count)
                if common > 0 {
                    let order = memcmp(leftBuffer.baseAddress!, rightBuffer.baseAddress!, common)
                    if order != 0 { return order }
                }
                return leftBuffer.count == rightBuffer.count ? 0 : (leftBuffer.count < rightBuffer.count ? -1 : 1)
            }
        }
    }

    mutating func write(_ node: JSONNode) {
        switch node {
        case .null:
            append("null")
        case .bool(let value):
            append(value ? "true" : "false")
        case .signed(let value):
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            writeDigits(value.magnitude)
        case .unsigned(let value):
            writeDigits(value)
        case .number(let text):
            append(text)
        case .string(let text):
            writeString(text)
        case .date(let milliseconds):
            bytes.append(UInt8(ascii: "\""))
            MillisecondTime.append(milliseconds, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        case .fragment(let fragment):
            bytes.append(contentsOf: fragment)
        case .list(let items):
            writeArray(items)
        case .array(let storage):
            writeArray(storage.items)
        case .object(let storage):
            writeObject(storage.entries)
        case .pending(let encoder):
            write(encoder.node ?? .object(ObjectStorage()))
        }
    }

    private mutating func writeArray(_ items: [JSONNode]) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ entries: [(key: String, value: JSONNode)]) {
        bytes.append(UInt8(ascii: "{"))
        var sorted = entries
        Self.sortByKey(&sorted)
        var first = true
        for index in sorted.indices {
            // Equal keys are adjacent, in the order they were written: keep the last.
            if index + 1 < sorted.count, Self.compare(sorted[index].key, sorted[index + 1].key) == 0 {
                continue
            }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(sorted[index].key)
            bytes.append(UInt8(ascii: ":"))
            write(sorted[index].value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A stable sort by key bytes: insertion sort in place for the usual small object (no
    /// allocation beyond the copy), a merge of sorted positions for larger ones.
    static func sortByKey(_ entries: inout [(key: String, value: JSONNode)]) {
        if entries.count <= 16 {
            var index = 1
            while index < entries.count {
                var position = index
                while position > 0, compare(entries[position - 1].key, entries[position].key) > 0 {
                    entries.swapAt(position - 1, position)
                    position -= 1
                }
                index += 1
            }
            return
        }
        let order = entries.indices.sorted { left, right in
            let comparison = compare(entries[left].key, entries[right].key)
            return comparison != 0 ? comparison < 0 : left < right
        }
        entries = order.map { entries[$0] }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func writeDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt64.self)
            while rest > 0 {
                buffer[count] = rest % 10
                rest /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                bytes.append(UInt8(ascii: "0") + UInt8(buffer[count]))
            }
        }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { source in
            var start = 0
            for index in 0..<source.count {
                let byte = source[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index]))
                }
                writeEscape(byte)
                start = index + 1
            }
            if start < source.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<source.count]))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }
}

import Foundation

/// A document as headless Chromium serializes it (`--dump-dom`), read into a tree of elements
/// that the browser tests query by id, tag, class and attribute.
///
/// Not a general HTML parser: it reads what a browser's serializer writes (every non-void
/// element closed, attribute values quoted, text escaped as `&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// `&nbsp;` and numeric references), so tags, attributes and text come out exactly as the
/// browser held them. An end tag closes the nearest open element of its name; one with no open
/// element of that name is ignored.
final class DOMElement {
    let name: String
    let attributes: [String: String]
    fileprivate(set) var children: [DOMNode] = []

    fileprivate init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The element's classes.
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    func hasClass(_ name: String) -> Bool { classes.contains(name) }

    /// The text of every text node below the element, in document order.
    var text: String {
        var text = ""
        appendText(to: &text)
        return text
    }

    private func appendText(to text: inout String) {
        for child in children {
            switch child {
            case .text(let value): text += value
            case .element(let element): element.appendText(to: &text)
            }
        }
    }

    /// The element's child elements.
    var elements: [DOMElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// Every element below this one that satisfies `predicate`, in document order.
    func all(where predicate: (DOMElement) -> Bool) -> [DOMElement] {
        var found: [DOMElement] = []
        var stack = Array(elements.reversed())
        while let element = stack.popLast() {
            if predicate(element) { found.append(element) }
            stack += element.elements.reversed()
        }
        return found
    }

    /// Every element below this one named `name` (and having class `className`, when given).
    func all(_ name: String, class className: String? = nil) -> [DOMElement] {
        all { $0.name == name && (className.map($0.hasClass) ?? true) }
    }

    /// The first element below this one with `id`.
    func element(id: String) -> DOMElement? {
        all { $0.attributes["id"] == id }.first
    }

    /// The first element below this one named `name` whose attribute `attribute` is `value`.
    func first(_ name: String, _ attribute: String, _ value: String) -> DOMElement? {
        all { $0.name == name && $0.attributes[attribute] == value }.first
    }
}

/// A child of an element: an element or a run of text.
enum DOMNode {
    case element(DOMElement)
    case text(String)
}

/// Parses `html` into a tree under a root element named `#document`.
func parseDumpedDOM(_ html: String) -> DOMElement {
    var parser = DOMParser(bytes: Array(html.utf8))
    return parser.parse()
}

private struct DOMParser {
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    /// Elements whose content is text up to their end tag: no tags, no references.
    static let rawTextElements: Set<String> = ["script", "style"]
    /// Elements whose content is text up to their end tag, with character references.
    static let escapableRawTextElements: Set<String> = ["title", "textarea"]

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() -> DOMElement {
        let root = DOMElement(name: "#document", attributes: [:])
        var open = [root]
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let end = next(UInt8(ascii: "<"), from: position)
                open.last!.children.append(.text(decoded(position..<end)))
                position = end
            } else if byte(at: position + 1) == UInt8(ascii: "!"), byte(at: position + 2) == UInt8(ascii: "-"), byte(at: position + 3) == UInt8(ascii: "-") {
                position = range(of: "-->", from: position + 4).map { $0 + 3 } ?? bytes.count
            } else if byte(at: position + 1) == UInt8(ascii: "!") || byte(at: position + 1) == UInt8(ascii: "?") {
                position = next(UInt8(ascii: ">"), from: position) + 1
            } else if byte(at: position + 1) == UInt8(ascii: "/") {
                let end = next(UInt8(ascii: ">"), from: position)
                let name = String(decoding: bytes[(position + 2)..<end], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces).lowercased()
                if let index = open.lastIndex(where: { $0.name == name }), index > 0 {
                    open.removeSubrange(index...)
                }
                position = min(end + 1, bytes.count)
            } else {
                let (element, selfClosing) = startTag()
                open.last!.children.append(.element(element))
                if Self.rawTextElements.contains(element.name) || Self.escapableRawTextElements.contains(element.name) {
                    let end = range(of: "</\(element.name)", from: position) ?? bytes.count
                    let text = Self.rawTextElements.contains(element.name)
                        ? String(decoding: bytes[position..<end], as: UTF8.self) : decoded(position..<end)
                    if !text.isEmpty { element.children.append(.text(text)) }
                    position = min(next(UInt8(ascii: ">"), from: end) + 1, bytes.count)
                } else if !selfClosing && !Self.voidElements.contains(element.name) {
                    open.append(element)
                }
            }
        }
        return root
    }

    /// Reads a start tag at `position` (its `<`), leaving `position` after its `>`.
    private mutating func startTag() -> (DOMElement, selfClosing: Bool) {
        position += 1
        let name = word().lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while position < bytes.count {
            skipSpaces()
            guard position < bytes.count else { break }
            if bytes[position] == UInt8(ascii: ">") { position += 1; break }
            if bytes[position] == UInt8(ascii: "/") { selfClosing = true; position += 1; continue }
            let attribute = word().lowercased()
            if attribute.isEmpty { position += 1; continue }
            skipSpaces()
            var value = ""
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                skipSpaces()
                if position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                    let end = next(bytes[position], from: position + 1)
                    value = decoded((position + 1)..<end)
                    position = min(end + 1, bytes.count)
                } else {
                    let start = position
                    while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") { position += 1 }
                    value = decoded(start..<position)
                }
            }
            if attributes[attribute] == nil { attributes[attribute] = value }
        }
        return (DOMElement(name: name, attributes: attributes), selfClosing)
    }

    /// A tag or attribute name at `position`.
    private mutating func word() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The byte at `index`, or 0 past the end.
    private func byte(at index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// The index of the next `byte` at or after `start`, or the end.
    private func next(_ byte: UInt8, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != byte { index += 1 }
        return index
    }

    /// The index where `text` (ASCII, matched ignoring case) next starts at or after `start`.
    private func range(of text: String, from start: Int) -> Int? {
        let needle = Array(text.lowercased().utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] {
                var matched = true
                for offset in 1..<needle.count where lowercased(bytes[index + offset]) != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The text in `range` with its character references replaced.
    private func decoded(_ range: Range<Int>) -> String {
        let raw = String(decoding: bytes[range], as: UTF8.self)
        guard raw.contains("&") else { return raw }
        var text = ""
        var rest = raw[...]
        while let ampersand = rest.firstIndex(of: "&") {
            text += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                text += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let character = Self.reference(String(name)) {
                text.unicodeScalars.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                text += "&"
                rest = rest.dropFirst()
            }
        }
        return text + rest
    }

    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") { return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
            if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
            return nil
        }
    }
}

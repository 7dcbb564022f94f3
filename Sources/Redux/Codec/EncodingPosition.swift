/// Where a value sits in the tree being encoded: the encoder of the value that contains it, the
/// keys of nested containers between that encoder and it, and its own key (none for the root).
///
/// The path is kept as links and only spelled out as `[CodingKey]` when asked, so encoding a
/// value costs no array of keys.
struct EncodingPosition {
    let parent: CanonicalEncoding?
    let between: [any CodingKey]
    let key: (any CodingKey)?

    static var root: EncodingPosition { EncodingPosition(parent: nil, between: [], key: nil) }

    var codingPath: [any CodingKey] {
        var path = parent?.position.codingPath ?? []
        path.append(contentsOf: between)
        if let key { path.append(key) }
        return path
    }

    var text: String { CodingPathText.text(codingPath) }

    func nonFinite<Number: BinaryFloatingPoint>(_ value: Number) -> StateCodingError {
        .nonFiniteNumber(path: text, value: value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf"))
    }

    /// The node of a `Double` or `Float`: its shortest round-trip text, without a trailing `.0`
    /// (`3`), `-0.0` for negative zero.
    func floatingNode<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number
    ) throws(StateCodingError) -> JSONNode {
        guard value.isFinite else { throw nonFinite(value) }
        if value == 0 { return .number(value.sign == .minus ? "-0.0" : "0") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

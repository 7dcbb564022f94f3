/// The position of an element in an unkeyed container, spelled like the stock coders' own
/// index keys (`"Index 3"`), so paths from both read the same.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(intValue: Int) { self.init(intValue) }
    init?(stringValue: String) { nil }
}

/// A key of a keyed container, as written by `superEncoder()` (`"super"`).
struct NamedCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Formats a coding path the way ``StateCodingError`` shows it: keys joined by `.`, positions in
/// unkeyed containers as `[n]` (`movies.items[3].rating`); the root is `""`.
enum CodingPathText {
    static func text(_ path: [any CodingKey]) -> String {
        var result = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
    }
}

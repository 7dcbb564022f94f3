import Foundation

// The state the codec tests encode in many processes. Every unordered container Swift can write
// is here, large enough that two hash seeds practically never iterate it in the same order:
// sets of strings, integers and structs, a dictionary keyed by an enum Swift writes as a
// `[key, value, key, value, …]` list, one keyed by a `String` enum (written as an object), one
// keyed by `Int` (an object with "10" before "2"), sets nested inside dictionaries, dates and
// doubles. The tests read the same fixture in-process (`@testable import CodecProbe`).

/// A color with no raw value: not `CodingKeyRepresentable`, so a `[ProbeColor: …]` is encoded as
/// an unkeyed list of alternating keys and values, each key an object such as `{"red":{}}`.
enum ProbeColor: Hashable, Codable, Sendable, CaseIterable {
    case red, orange, yellow, green, cyan, blue, indigo, violet, magenta, brown, black, white
}

/// A size with a `String` raw value, made `CodingKeyRepresentable`: a `[ProbeSize: …]` is encoded
/// as an object keyed by the raw values.
enum ProbeSize: String, Hashable, Codable, Sendable, CaseIterable, CodingKeyRepresentable {
    case tiny, small, medium, large, huge, giant, colossal, minute, petite, vast
}

/// A hashable struct, for a set whose elements are objects.
struct ProbePoint: Hashable, Codable, Sendable {
    var x: Int
    var y: Int
    var label: String
}

/// The fixture: see the file comment.
struct ProbeState: Codable, Equatable, Sendable {
    var names: Set<String>
    var numbers: Set<Int>
    var points: Set<ProbePoint>
    var counts: [ProbeColor: Int]
    var labels: [ProbeSize: String]
    var rows: [Int: String]
    var tagsByColor: [ProbeColor: Set<String>]
    var tagsByName: [String: Set<Int>]
    var dates: [Date]
    var doubles: [Double]
    var nothing: String?

    /// The same value in every process.
    static let fixture = ProbeState(
        names: Set((0..<40).map { "name-\($0)" } + ["é", "Zebra", "apple", "/slash", "quote\"d", "日本"]),
        numbers: Set((-20..<30).map { $0 * 7919 } + [Int.min, Int.max]),
        points: Set((0..<30).map { ProbePoint(x: $0 % 7, y: $0 / 7, label: "p\($0)") }),
        counts: Dictionary(uniqueKeysWithValues: ProbeColor.allCases.enumerated().map { ($1, $0 * 3) }),
        labels: Dictionary(uniqueKeysWithValues: ProbeSize.allCases.map { ($0, $0.rawValue.uppercased()) }),
        rows: Dictionary(uniqueKeysWithValues: (-5..<35).map { ($0 * 13, "row \($0)") }),
        tagsByColor: Dictionary(uniqueKeysWithValues: ProbeColor.allCases.enumerated().map { index, color in
            (color, Set((0..<(index + 3)).map { "tag\($0 * index)" }))
        }),
        tagsByName: Dictionary(uniqueKeysWithValues: (0..<20).map { index in
            ("key\(index)", Set((0..<(index + 4)).map { $0 * 31 - index }))
        }),
        dates: [
            Date(timeIntervalSince1970: 0),
            Date(timeIntervalSince1970: 1_796_293_336.123),  // 2026-12-03T10:22:16.123Z
            Date(timeIntervalSince1970: -0.001),
            Date(timeIntervalSince1970: 951_782_399.999),  // 2000-02-28T23:59:59.999Z
            Date(timeIntervalSince1970: -62_135_596_800),  // 0001-01-01T00:00:00.000Z
            Date(timeIntervalSince1970: 253_402_300_799.999),  // 9999-12-31T23:59:59.999Z
        ],
        doubles: [0, -0.0, 0.1, -1.5, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123_456_789.012_345, 2.0 / 3.0],
        nothing: nil
    )
}

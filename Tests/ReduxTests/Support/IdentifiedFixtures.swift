@testable import Redux
import Testing

// Elements for the IdentifiedArray and Presented suites.

/// A row of a list feature: an id, a title and a payload large enough that a copy shows (its
/// buffer address changes).
struct Row: Identifiable, Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    var id: Int
    var title: String
    var payload: [Int] = []

    init(_ id: Int, _ title: String = "", payload: [Int] = []) {
        self.id = id
        self.title = title.isEmpty ? "row \(id)" : title
        self.payload = payload
    }

    static func < (lhs: Row, rhs: Row) -> Bool { (lhs.title, lhs.id) < (rhs.title, rhs.id) }

    var description: String { "Row(\(id), \(title))" }
}

/// The address of `array`'s element buffer (to tell an in-place write from a copy).
func bufferAddress<T>(_ array: [T]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

/// Each element's generation, by id.
func generationsByID(_ rows: IdentifiedArray<Row>) -> [Int: UInt64] {
    var result: [Int: UInt64] = [:]
    for row in rows { result[row.id] = rows.generation(of: row.id) }
    return result
}

/// Each element's stamp, by id.
func stampsByID(_ rows: IdentifiedArray<Row>) -> [Int: UInt64] {
    var result: [Int: UInt64] = [:]
    for row in rows { result[row.id] = rows.stamp(of: row.id) }
    return result
}

/// Expects `rows`' storage, slots, positions and stamps to agree, and every lookup by id to find
/// the element at its index with its generation and stamp.
func expectConsistent(_ rows: IdentifiedArray<Row>, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(rows.invariantViolation == nil, "\(rows.invariantViolation ?? "")", sourceLocation: sourceLocation)
    for (index, row) in rows.enumerated() {
        #expect(rows.index(id: row.id) == index, sourceLocation: sourceLocation)
        #expect(rows[id: row.id] == row, sourceLocation: sourceLocation)
        #expect(rows.contains(id: row.id), sourceLocation: sourceLocation)
        #expect(rows.generation(of: row.id) == rows.generation(at: index), sourceLocation: sourceLocation)
        #expect(rows.stamp(of: row.id) == rows.stamp(at: index), sourceLocation: sourceLocation)
    }
    #expect(rows.ids == rows.elements.map(\.id), sourceLocation: sourceLocation)
}


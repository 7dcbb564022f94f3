import Foundation
@testable import Redux
import Testing

/// Issue 7, collection of children: equality, hashing, coding, descriptions and the mirror see
/// the elements only — never the generations — and decoding refuses duplicate ids.
@Suite("IdentifiedArray conformances", .timeLimit(.minutes(5)))
struct IdentifiedArrayConformanceTests {
    private struct Parent: Codable, Equatable {
        var rows: IdentifiedArray<Row>
    }

    @Test func equalityAndHashingIgnoreGenerations() {
        let a: IdentifiedArray<Row> = [Row(1), Row(2)]
        var b: IdentifiedArray<Row> = [Row(1), Row(2)]
        #expect(a.generation(of: 1) != b.generation(of: 1))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.remove(id: 2)
        b.append(Row(2))
        #expect(a == b)
        b.swapAt(0, 1)
        #expect(a != b)
        #expect(a != [Row(1), Row(2, "other")])
    }

    @Test func itEncodesAsAPlainArrayOfElements() throws {
        let rows: IdentifiedArray<Row> = [Row(2, payload: [1]), Row(1)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(rows) == encoder.encode(rows.elements))
        #expect(try encoder.encode(Parent(rows: rows)) == Data(#"{"rows":[{"id":2,"payload":[1],"title":"row 2"},{"id":1,"payload":[],"title":"row 1"}]}"#.utf8))
    }

    @Test func aRoundTripKeepsElementsAndTakesFreshGenerations() throws {
        let rows: IdentifiedArray<Row> = [Row(2, payload: [1]), Row(1), Row(5)]
        let decoded = try JSONDecoder().decode(IdentifiedArray<Row>.self, from: JSONEncoder().encode(rows))
        #expect(decoded == rows)
        #expect(decoded.ids == [2, 1, 5])
        #expect(Set(generationsByID(decoded).values).isDisjoint(with: generationsByID(rows).values))
        expectConsistent(decoded)
    }

    @Test func decodingADuplicateIDThrowsDataCorruptedNamingIt() throws {
        let json = Data(#"{"rows":[{"id":4,"title":"a","payload":[]},{"id":8,"title":"b","payload":[]},{"id":8,"title":"c","payload":[]}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Parent.self, from: json)
            Issue.record("decoding a duplicate id succeeded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("duplicate id 8"))
            #expect(context.codingPath.map(\.stringValue) == ["rows"])
        }
    }

    @Test func descriptionsPrintLikeAnArray() {
        let rows: IdentifiedArray<Row> = [Row(1), Row(2)]
        #expect(rows.description == "[Row(1, row 1), Row(2, row 2)]")
        #expect(rows.debugDescription == rows.elements.debugDescription)
        #expect(String(describing: IdentifiedArray<Row>()) == "[]")
    }

    @Test func theMirrorIsACollectionOfTheElementsOnly() {
        let rows: IdentifiedArray<Row> = [Row(1), Row(2)]
        let mirror = Mirror(reflecting: rows)
        #expect(mirror.displayStyle == .collection)
        #expect(mirror.children.compactMap { $0.value as? Row } == rows.elements)
        #expect(mirror.children.allSatisfy { $0.label == nil })
        var dumped = ""
        dump(rows, to: &dumped)
        var dumpedArray = ""
        dump(rows.elements, to: &dumpedArray)
        #expect(!dumped.contains("generation") && !dumped.contains("positions"))
        #expect(dumped.split(separator: "\n").dropFirst() == dumpedArray.split(separator: "\n").dropFirst())
    }

    @Test func aSendableCollectionCrossesIntoATask() async {
        let rows: IdentifiedArray<Row> = [Row(1), Row(2)]
        let ids = await Task.detached { rows.ids }.value
        #expect(ids == [1, 2])
    }
}

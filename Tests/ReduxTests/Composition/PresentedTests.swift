import Foundation
@testable import Redux
import Testing

/// Issue 7, identity: a presented child carries a generation that tells replacing it (a new
/// `Presented`, even an equal one) from mutating it; the generation is left out of `==`,
/// hashing, coding, the description and the mirror.
@Suite("Presented", .timeLimit(.minutes(5)))
struct PresentedTests {
    struct Detail: Codable, Hashable, Sendable {
        var title: String
        var count = 0
        let createdBy: String
    }

    struct Parent: Codable, Equatable {
        var detail: Presented<Detail>?
    }

    private let detail = Detail(title: "a", createdBy: "test")

    @Test func eachNewInstanceTakesADistinctNonZeroGeneration() {
        let first = Presented(detail)
        let second = Presented(detail)
        #expect(first.generation != 0 && second.generation != 0)
        #expect(first.generation != second.generation)
    }

    @Test func mutatingTheValueKeepsTheGeneration() {
        var presented = Presented(detail)
        let generation = presented.generation
        presented.value.count += 1
        presented.title = "b"
        presented.count += 1
        #expect(presented.value == Detail(title: "b", count: 2, createdBy: "test"))
        #expect(presented.createdBy == "test")
        #expect(presented.generation == generation)

        var parent = Parent(detail: presented)
        parent.detail?.count += 1
        parent.detail?.value.title = "c"
        #expect(parent.detail?.generation == generation)
        #expect(parent.detail?.value == Detail(title: "c", count: 3, createdBy: "test"))
    }

    @Test func replacingWithAnEqualValueIsANewInstanceThatComparesEqual() {
        var parent = Parent(detail: Presented(detail))
        let old = parent.detail!
        parent.detail = Presented(detail)
        #expect(parent.detail == old)
        #expect(parent.detail?.hashValue == old.hashValue)
        #expect(parent.detail?.generation != old.generation)
        #expect(Presented(detail) != Presented(Detail(title: "z", createdBy: "test")))
    }

    @Test func itEncodesAsTheValueAlone() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Presented(detail)) == encoder.encode(detail))
        #expect(try encoder.encode(Parent(detail: Presented(detail))) == Data(#"{"detail":{"count":0,"createdBy":"test","title":"a"}}"#.utf8))
    }

    @Test func decodingGivesAnEqualValueWithAFreshGeneration() throws {
        let original = Parent(detail: Presented(detail))
        let decoded = try JSONDecoder().decode(Parent.self, from: JSONEncoder().encode(original))
        #expect(decoded == original)
        #expect(decoded.detail?.generation != original.detail?.generation)
        #expect(decoded.detail?.generation != 0)
        #expect(try JSONDecoder().decode(Parent.self, from: Data("{}".utf8)).detail == nil)
    }

    @Test func theDescriptionAndMirrorShowOnlyTheValue() {
        let presented = Presented(detail)
        #expect(presented.description == String(describing: detail))
        let mirror = Mirror(reflecting: presented)
        #expect(mirror.children.map(\.label) == ["value"])
        #expect(mirror.children.first?.value as? Detail == detail)
        var dumped = ""
        dump(presented, to: &dumped)
        #expect(!dumped.contains("generation"))
        #expect(!dumped.contains(String(presented.generation)))
    }

    @Test func aSendablePresentedValueCrossesIntoATask() async {
        let presented = Presented(detail)
        let title = await Task.detached { presented.title }.value
        #expect(title == "a")
    }
}

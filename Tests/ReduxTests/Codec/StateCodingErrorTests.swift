import Foundation
import Redux
import Testing

/// Every codec failure is a ``StateCodingError`` naming the path (`items[2].price`) and, when
/// decoding, the expected type; its description reads as one sentence.
@Suite("Canonical JSON: errors")
struct StateCodingErrorTests {
    private struct Item: Codable {
        var title: String
        var price: Double
    }

    private struct Cart: Codable {
        var items: [Item]
        var placed: Date?
    }

    private struct Refusing: Encodable {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "the draft is incomplete" }
        }
        func encode(to encoder: any Encoder) throws { throw Refusal() }
    }

    private func cart(pricing price: Double) -> Cart {
        Cart(items: [Item(title: "a", price: 1), Item(title: "b", price: 2), Item(title: "c", price: price)])
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws(StateCodingError) -> Value {
        try CanonicalJSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func nonFiniteNumbersAreRefusedNamingTheirExactPath() {
        #expect(throws: StateCodingError.nonFiniteNumber(path: "items[2].price", value: "nan")) {
            try CanonicalJSONEncoder().encode(cart(pricing: .nan))
        }
        #expect(throws: StateCodingError.nonFiniteNumber(path: "items[2].price", value: "inf")) {
            try CanonicalJSONEncoder().encode(cart(pricing: .infinity))
        }
        #expect(throws: StateCodingError.nonFiniteNumber(path: "items[2].price", value: "-inf")) {
            try CanonicalJSONEncoder().encode(cart(pricing: -.infinity))
        }
        #expect(throws: StateCodingError.nonFiniteNumber(path: "", value: "nan")) {
            try CanonicalJSONEncoder().encode(Float.nan)
        }
        #expect(throws: StateCodingError.nonFiniteNumber(path: "scores.b[1]", value: "inf")) {
            try CanonicalJSONEncoder().encode(["scores": ["a": [1.0], "b": [2.0, .infinity]]])
        }
    }

    @Test func anEncodeThatThrowsBecomesAnInvalidValueCarryingItsDescription() {
        #expect(throws: StateCodingError.invalidValue(path: "drafts[1]", reason: "the draft is incomplete")) {
            try CanonicalJSONEncoder().encode(["drafts": [nil, Refusing()]])
        }
    }

    @Test func aDateOutsideTheYearsOneToNineThousandNineHundredNinetyNineIsRefused() throws {
        let error = #expect(throws: StateCodingError.self) {
            try CanonicalJSONEncoder().encode(["at": Date(timeIntervalSince1970: 300_000_000_000)])
        }
        guard case .invalidValue(let path, _) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(path == "at")
    }

    @Test func aTypeMismatchNamesThePathTheExpectedTypeAndWhatWasFound() {
        #expect(throws: StateCodingError.typeMismatch(path: "items[1].price", expected: "Double", found: "a string")) {
            try decode(Cart.self, #"{"items":[{"title":"a","price":1},{"title":"b","price":"2"}]}"#)
        }
        #expect(throws: StateCodingError.typeMismatch(path: "", expected: "object", found: "an array")) {
            try decode(Cart.self, "[]")
        }
    }

    @Test func aMissingKeyNamesTheObjectAndTheKey() {
        #expect(throws: StateCodingError.keyNotFound(path: "items[0]", key: "price")) {
            try decode(Cart.self, #"{"items":[{"title":"a"}]}"#)
        }
    }

    @Test func aNullWhereAValueIsRequiredNamesThePathAndTheExpectedType() {
        #expect(throws: StateCodingError.valueNotFound(path: "items[0].title", expected: "String")) {
            try decode(Cart.self, #"{"items":[{"title":null,"price":1}]}"#)
        }
    }

    @Test func anUnreadableDateNamesThePathAndTheText() {
        #expect(throws: StateCodingError.invalidDate(path: "placed", text: "2026-02-30T10:00:00Z")) {
            try decode(Cart.self, #"{"items":[],"placed":"2026-02-30T10:00:00Z"}"#)
        }
    }

    @Test func bytesThatAreNotJSONAreReportedAsSuch() {
        for bytes in ["", "{\"items\":[", "{\"items\" []}", "nope"] {
            let error = #expect(throws: StateCodingError.self) { try decode(Cart.self, bytes) }
            guard case .notJSON = error else {
                Issue.record("\(bytes.debugDescription): expected notJSON, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func aNumberTooLargeForItsTypeIsAnInvalidValueNotABadDocument() {
        let error = #expect(throws: StateCodingError.self) { try decode([Int8].self, "[300]") }
        guard case .invalidValue = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
    }

    @Test func descriptionsReadAsOneSentenceWithTheRootShownByName() {
        #expect(StateCodingError.nonFiniteNumber(path: "movies.items[3].rating", value: "nan").description
            == "cannot encode nan at movies.items[3].rating: JSON has no non-finite numbers")
        #expect(StateCodingError.nonFiniteNumber(path: "", value: "inf").description
            == "cannot encode inf at (root): JSON has no non-finite numbers")
        #expect(StateCodingError.typeMismatch(path: "a", expected: "Int", found: "a string").description
            == "expected Int at a but found a string")
        #expect(StateCodingError.keyNotFound(path: "", key: "id").description
            == #"missing key "id" in the object at (root)"#)
        #expect(StateCodingError.valueNotFound(path: "b[0]", expected: "String").description
            == "expected String at b[0] but found null or nothing")
        #expect(StateCodingError.invalidValue(path: "c", reason: "refused").description
            == "invalid value at c: refused")
        #expect(StateCodingError.notJSON(reason: "truncated").description == "not JSON: truncated")
        #expect(StateCodingError.invalidDate(path: "d", text: "x").description.hasPrefix(#"invalid date "x" at d"#))
    }
}

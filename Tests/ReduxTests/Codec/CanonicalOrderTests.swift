import Foundation
import Redux
import Testing

/// The canonical encoder writes the same bytes for the same value whatever order the value's
/// unordered parts happen to be in: object keys sorted by UTF-8 bytes, a `Set`'s elements and a
/// non-`String`-keyed `Dictionary`'s pairs sorted by their own bytes, at any depth.
@Suite("Canonical JSON: order")
struct CanonicalOrderTests {
    private struct Unsorted: Encodable {
        var zebra = 1
        var apple = 2
        var Mango = 3
        var émile = 4
        var e = 5
    }

    private struct Point: Hashable, Codable {
        var x: Int
        var y: Int
    }

    private enum Genre: String, Hashable, Codable {
        case drama, comedy, horror, western, musical
    }

    private enum Column: String, Hashable, Codable, CodingKeyRepresentable {
        case title, year, rating
    }

    private func text<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try CanonicalJSONEncoder().encode(value), as: UTF8.self)
    }

    /// Two sets with the same elements whose iteration orders differ (different insertion order
    /// and capacity).
    private func twoOrders<Element: Hashable>(_ elements: [Element]) -> (Set<Element>, Set<Element>) {
        var first = Set<Element>()
        for element in elements { first.insert(element) }
        var second = Set<Element>(minimumCapacity: elements.count * 8)
        for element in elements.reversed() { second.insert(element) }
        return (first, second)
    }

    @Test func objectKeysAreSortedByTheirUTF8Bytes() throws {
        // Uppercase (0x4D) before lowercase, "e" before "zebra", "é" (0xC3 0xA9) last.
        #expect(try text(Unsorted()) == #"{"Mango":3,"apple":2,"e":5,"zebra":1,"émile":4}"#)
    }

    @Test func aSetEncodesToTheSameBytesWhateverItsIterationOrder() throws {
        let (first, second) = twoOrders(Array(0..<300))
        try #require(Array(first) != Array(second), "the two sets should iterate differently")
        #expect(try text(first) == text(second))
        #expect(try text(Set([10, 9, 100])) == "[10,100,9]")   // sorted by bytes, not by value
    }

    @Test func aStructKeyedDictionaryIsAPairListSortedByTheKeysBytes() throws {
        let points = (0..<200).map { Point(x: $0 % 17, y: $0) }
        var first: [Point: String] = [:]
        for point in points { first[point] = "p\(point.y)" }
        var second: [Point: String] = Dictionary(minimumCapacity: 4_000)
        for point in points.reversed() { second[point] = "p\(point.y)" }
        try #require(Array(first.keys) != Array(second.keys), "the two dictionaries should iterate differently")
        #expect(try text(first) == text(second))
        #expect(try text([Point(x: 2, y: 0): "b", Point(x: 1, y: 5): "a"])
            == #"[{"x":1,"y":5},"a",{"x":2,"y":0},"b"]"#)
    }

    @Test func anEnumKeyedDictionaryIsAPairListSortedByTheKeysBytes() throws {
        let values: [Genre: Int] = [.western: 1, .drama: 2, .musical: 3, .comedy: 4, .horror: 5]
        var reversed: [Genre: Int] = Dictionary(minimumCapacity: 64)
        for (genre, count) in values.reversed() { reversed[genre] = count }
        #expect(try text(values) == #"["comedy",4,"drama",2,"horror",5,"musical",3,"western",1]"#)
        #expect(try text(reversed) == text(values))
    }

    @Test func codingKeyRepresentableAndIntKeysMakeObjectsWithSortedKeys() throws {
        #expect(try text([Column.year: 2, .title: 1, .rating: 3]) == #"{"rating":3,"title":1,"year":2}"#)
        #expect(try text([10: "ten", 2: "two", 1: "one"]) == #"{"1":"one","10":"ten","2":"two"}"#)
        #expect(try text(["b": 1, "a": 2, "B": 3]) == #"{"B":3,"a":2,"b":1}"#)
    }

    @Test func setsAndDictionariesNestedInEachOtherAreSortedAtEveryDepth() throws {
        let nested: Set<Set<Int>> = [[3, 1, 2], [9], []]
        #expect(try text(nested) == "[[1,2,3],[9],[]]")
        let inDictionary: [Genre: Set<String>] = [.horror: ["b", "a"], .drama: ["z", "y"]]
        #expect(try text(inDictionary) == #"["drama",["y","z"],"horror",["a","b"]]"#)
        let (first, second) = twoOrders((0..<50).map { Point(x: $0, y: -$0) })
        #expect(try text(["points": first]) == text(["points": second]))
        let deep: [[String: [Genre: Set<Int>]]] = [["k": [.comedy: [2, 1], .drama: [4, 3]]]]
        #expect(try text(deep) == #"[{"k":["comedy",[1,2],"drama",[3,4]]}]"#)
    }

    @Test func whenAKeyIsWrittenTwiceTheLastWriteWins() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case value, other }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .value)
                try container.encode("x", forKey: .other)
                try container.encode(2, forKey: .value)
            }
        }
        #expect(try text(Twice()) == #"{"other":"x","value":2}"#)
    }

    @Test func nestedContainersAndSuperEncodersLandUnderTheirKeys() throws {
        struct Nesting: Encodable {
            enum Keys: String, CodingKey { case inner, list, base }
            enum InnerKeys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
                try inner.encode(true, forKey: .b)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                var listed = list.nestedContainer(keyedBy: InnerKeys.self)
                try listed.encode("y", forKey: .b)
                try listed.encode("x", forKey: .a)
                var base = container.superEncoder(forKey: .base).singleValueContainer()
                try base.encode([3, 2])
                try inner.encode(false, forKey: .a)      // written after its parent moved on
            }
        }
        #expect(try text(Nesting()) == #"{"base":[3,2],"inner":{"a":false,"b":true},"list":[1,{"a":"x","b":"y"}]}"#)
    }

    @Test func superEncodersAreReleasedOnceTheEncodingIsDoneOrFails() throws {
        final class Watch: @unchecked Sendable { weak var encoder: AnyObject? }
        struct Inherits: Encodable {
            enum Keys: String, CodingKey { case own }
            let watch: Watch
            let fails: Bool
            struct Refused: Error {}
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .own)
                let parent = container.superEncoder()
                watch.encoder = parent as AnyObject
                var base = parent.container(keyedBy: Keys.self)
                try base.encode(2, forKey: .own)
                var list = container.nestedUnkeyedContainer(forKey: .own)
                var listed = list.superEncoder().singleValueContainer()
                try listed.encode("deep")
                if fails { throw Refused() }
            }
        }
        let kept = Watch()
        #expect(try text(Inherits(watch: kept, fails: false)) == #"{"own":["deep"],"super":{"own":2}}"#)
        #expect(kept.encoder == nil, "the super-encoder is not kept alive by the tree it wrote into")
        let failed = Watch()
        #expect(throws: StateCodingError.self) { try CanonicalJSONEncoder().encode(Inherits(watch: failed, fails: true)) }
        #expect(failed.encoder == nil, "nor when the encoding throws")
    }
}

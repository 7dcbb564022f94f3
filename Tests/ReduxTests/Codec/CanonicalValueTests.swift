import Foundation
import Redux
import Testing

/// How the canonical encoder writes each kind of value, and that the stock `JSONDecoder` (with
/// a millisecond date strategy) and ``CanonicalJSONDecoder`` read it back to an equal value.
@Suite("Canonical JSON: values")
struct CanonicalValueTests {
    private struct Movie: Codable, Equatable, Identifiable {
        var id: Int
        var title: String
    }

    private struct Everything: Codable, Equatable {
        var doubles: [Double] = [0.1, -0.0, 1e300, .leastNonzeroMagnitude, 3, -2.5, .greatestFiniteMagnitude]
        var floats: [Float] = [0.1, -0.0, 3.4028235e38]
        var extremes: [Int64] = [.min, .max, 0]
        var unsigned: UInt64 = .max
        var small: [Int8] = [-128, 127]
        var when = MillisecondTime.date(from: "2026-12-03T10:22:16.123Z")!
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.com/a/b?q=1#top")!
        var decimal = Decimal(string: "12345.678")!
        var missing: Int? = nil
        var nested: [[String?]] = [[nil, "a"], []]
        var empty: [String: Int] = [:]
        var tags: Set<String> = ["b", "a"]
        var movies = IdentifiedArray(uniqueElements: [Movie(id: 2, title: "B"), Movie(id: 1, title: "A")])
        var sheet: Presented<Movie>? = Presented(Movie(id: 3, title: "C"))
    }

    private func text<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try CanonicalJSONEncoder().encode(value), as: UTF8.self)
    }

    private func stockDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return try #require(MillisecondTime.date(from: text))
        }
        return decoder
    }

    @Test func everyKindOfValueReadsBackEqualThroughBothDecoders() throws {
        let value = Everything()
        let data = try CanonicalJSONEncoder().encode(value)
        let stock = try stockDecoder().decode(Everything.self, from: data)
        let ours = try CanonicalJSONDecoder().decode(Everything.self, from: data)
        #expect(stock == value)
        #expect(ours == value)
        #expect(stock.doubles.map(\.bitPattern) == value.doubles.map(\.bitPattern))
        #expect(ours.floats.map(\.bitPattern) == value.floats.map(\.bitPattern))
    }

    @Test func theFullEncodingIsExactlyAsDocumented() throws {
        #expect(try text(Everything()) == #"{"data":"AAEC+v8=","decimal":12345.678,"#
            + #""doubles":[0.1,-0.0,1e+300,5e-324,3,-2.5,1.7976931348623157e+308],"empty":{},"#
            + #""extremes":[-9223372036854775808,9223372036854775807,0],"floats":[0.1,-0.0,3.4028235e+38],"#
            + #""movies":[{"id":2,"title":"B"},{"id":1,"title":"A"}],"nested":[[null,"a"],[]],"#
            + #""sheet":{"id":3,"title":"C"},"small":[-128,127],"tags":["a","b"],"#
            + #""unsigned":18446744073709551615,"url":"https://example.com/a/b?q=1#top","#
            + #""when":"2026-12-03T10:22:16.123Z"}"#)
    }

    @Test func negativeZeroIsWrittenWithItsSignAndReadsBackNegative() throws {
        #expect(try text(-0.0) == "-0.0")
        #expect(try text(0.0) == "0")
        let back = try CanonicalJSONDecoder().decode(Double.self, from: Data("-0.0".utf8))
        #expect(back == 0 && back.sign == .minus)
    }

    @Test func integralDoublesAreWrittenWithoutAFraction() throws {
        #expect(try text([1.0, -7.0, 1e16, 0.5]) == "[1,-7,1e+16,0.5]")
    }

    @Test func stringsEscapeOnlyQuotesBackslashesAndControlCharacters() throws {
        let raw = "a/b \"q\" \\ \u{0}\u{1}\u{1F}\u{8}\u{C}\n\r\t \u{7F} é 日本 🎬 \u{2028}"
        let expected = #""a/b \"q\" \\ \u0000\u0001\u001f\b\f\n\r\t "# + "\u{7F} é 日本 🎬 \u{2028}\""
        #expect(try text(raw) == expected)
        #expect(try CanonicalJSONDecoder().decode(String.self, from: Data(expected.utf8)) == raw)
    }

    @Test func datesAreRoundedToTheNearestMillisecondInUTC() throws {
        let base = try #require(MillisecondTime.date(from: "2026-12-03T10:22:16.123Z"))
        #expect(try text(base.addingTimeInterval(0.000_4)) == #""2026-12-03T10:22:16.123Z""#)
        #expect(try text(base.addingTimeInterval(0.000_6)) == #""2026-12-03T10:22:16.124Z""#)
        #expect(try text(Date(timeIntervalSince1970: 0)) == #""1970-01-01T00:00:00.000Z""#)
        #expect(try text(Date(timeIntervalSince1970: -0.001)) == #""1969-12-31T23:59:59.999Z""#)
    }

    @Test func nilIsNullAndEmptyContainersStayEmpty() throws {
        struct Holder: Encodable {
            var none: Int? = nil
            var list: [Int] = []
            var map: [String: Int] = [:]
            var set: Set<Int> = []
            func encode(to encoder: any Encoder) throws {
                enum Keys: String, CodingKey { case none, list, map, set }
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(none, forKey: .none)
                try container.encode(list, forKey: .list)
                try container.encode(map, forKey: .map)
                try container.encode(set, forKey: .set)
            }
        }
        #expect(try text(Holder()) == #"{"list":[],"map":{},"none":null,"set":[]}"#)
        #expect(try text(Optional<Int>.none) == "null")
    }

    @Test func aValueThatWritesNothingIsAnEmptyObject() throws {
        struct Silent: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(try text([Silent()]) == "[{}]")
    }
}

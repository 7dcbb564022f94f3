import Foundation
import Redux
import Testing

/// ``MillisecondTime`` writes UTC with exactly three fraction digits, rounds to the nearest
/// millisecond, reads `Z` and `±HH:MM` offsets with up to three fraction digits as whole
/// milliseconds, and refuses days and times that do not exist.
@Suite("MillisecondTime")
struct MillisecondTimeTests {
    @Test func writingIsUTCWithExactlyThreeFractionDigits() {
        #expect(MillisecondTime.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(MillisecondTime.string(from: Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(MillisecondTime.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    }

    @Test func millisecondsAreRoundedToTheNearest() {
        #expect(MillisecondTime.milliseconds(since1970: Date(timeIntervalSince1970: 1.000_4)) == 1_000)
        #expect(MillisecondTime.milliseconds(since1970: Date(timeIntervalSince1970: 1.000_6)) == 1_001)
        #expect(MillisecondTime.milliseconds(since1970: Date(timeIntervalSince1970: -1.000_6)) == -1_001)
    }

    @Test func readingAcceptsOffsetsAndShortFractionsAsTheSameMillisecond() throws {
        let utc = try #require(MillisecondTime.date(from: "2026-12-03T10:22:16.120Z"))
        for text in ["2026-12-03T11:22:16.12+01:00", "2026-12-03T05:52:16.120-04:30", "2026-12-03T10:22:16.12Z"] {
            let date = try #require(MillisecondTime.date(from: text), "\(text)")
            #expect(MillisecondTime.milliseconds(since1970: date) == MillisecondTime.milliseconds(since1970: utc))
        }
        let whole = try #require(MillisecondTime.date(from: "2026-12-03T10:22:16Z"))
        #expect(MillisecondTime.string(from: whole) == "2026-12-03T10:22:16.000Z")
    }

    @Test func readingRefusesMalformedOrImpossibleDates() {
        for text in ["", "2026-12-03", "2026-12-03T10:22:16", "2026-12-03T10:22:16.1234Z", "2026-12-03T10:22:16.Z",
                     "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-03T24:00:00Z", "2026-12-03T10:60:00Z",
                     "2026-12-03T10:22:60Z", "2026-12-03 10:22:16Z", "2026-12-03T10:22:16+0100", "-0001-01-01T00:00:00Z",
                     "2026-12-03T10:22:16.123Z ", "+2026-12-03T10:22:16Z"] {
            #expect(MillisecondTime.date(from: text) == nil, "\(text.debugDescription) should not parse")
        }
        #expect(MillisecondTime.date(from: "2024-02-29T00:00:00Z") != nil)
    }

    @Test func theCoveredYearsAreZeroToNineThousandNineHundredNinetyNineAndStringClampsBeyond() throws {
        let first = try #require(MillisecondTime.date(from: "0000-01-01T00:00:00.000Z"))
        let last = try #require(MillisecondTime.date(from: "9999-12-31T23:59:59.999Z"))
        #expect(MillisecondTime.string(from: first) == "0000-01-01T00:00:00.000Z")
        #expect(MillisecondTime.string(from: last) == "9999-12-31T23:59:59.999Z")
        #expect(MillisecondTime.string(from: first.addingTimeInterval(-86_400)) == "0000-01-01T00:00:00.000Z")
        #expect(MillisecondTime.string(from: last.addingTimeInterval(86_400)) == "9999-12-31T23:59:59.999Z")
    }

    @Test func everyDayOfFourHundredYearsRoundTrips() throws {
        // One full Gregorian cycle, at a time of day that changes with the day.
        var milliseconds = try #require(MillisecondTime.date(from: "1900-01-01T00:00:00Z"))
            .timeIntervalSince1970 * 1_000
        var mismatches: [String] = []
        for day in 0..<146_097 {
            let value = Int64(milliseconds) + Int64(day % 86_400) * 997
            let date = Date(timeIntervalSince1970: Double(value) / 1_000)
            let text = MillisecondTime.string(from: date)
            let back = MillisecondTime.date(from: text)
            if back.map(MillisecondTime.milliseconds(since1970:)) != value { mismatches.append(text) }
            milliseconds += 86_400_000
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func distantPastAndDistantFutureEncodeAndReadBackToTheSameMillisecond() throws {
        struct Sync: Codable, Equatable { var lastSync = Date.distantPast; var nextSync = Date.distantFuture }
        let data = try CanonicalJSONEncoder().encode(Sync())
        #expect(String(decoding: data, as: UTF8.self).contains(#""lastSync":"0000-12-30T00:00:00.000Z""#))
        let back = try CanonicalJSONDecoder().decode(Sync.self, from: data)
        #expect(MillisecondTime.milliseconds(since1970: back.lastSync) == MillisecondTime.milliseconds(since1970: .distantPast))
        #expect(MillisecondTime.milliseconds(since1970: back.nextSync) == MillisecondTime.milliseconds(since1970: .distantFuture))
    }
}

import Foundation
import Redux
import Testing

/// `MillisecondTime` and the codec's dates: random milliseconds across years 0001-9999 are written
/// as the UTC fields an independent computation gives (`UTCFields`, itself checked against
/// Foundation's `Calendar` from 1583 on) and parse back to the same millisecond, directly and
/// inside a canonical JSON document. Seeded (SplitMix64); `REDUX_CODEC_SEED=<n>` replays another
/// seed, and every failure prints its seed.
@Suite("MillisecondTime round trips")
struct MillisecondTimeRoundTripTests {
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["REDUX_CODEC_SEED"].flatMap { UInt64($0) } ?? 0x0DA7_E5EE_D2026
    }

    /// A date inside an object, as a state holds one.
    struct Stamp: Codable, Equatable {
        var at: Date
    }

    /// 2,000 milliseconds: 1,200 uniform over 0001-01-01 to 9999-12-31, 200 within ten days of
    /// 1970, 300 on February 29th of random leap years, 300 at 23:59:59.999 of random days.
    static func milliseconds(seed: UInt64) -> [Int64] {
        var random = SplitMix64(seed: seed)
        let first = utcMilliseconds(year: 1, month: 1, day: 1)
        let last = utcMilliseconds(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999)
        var values: [Int64] = []
        for _ in 0..<1_200 {
            values.append(first + Int64(random.next() % UInt64(last - first + 1)))
        }
        let tenDays: Int64 = 10 * 86_400_000
        for _ in 0..<200 {
            values.append(Int64(random.next() % UInt64(2 * tenDays + 1)) - tenDays)
        }
        for _ in 0..<300 {
            var year = random.int(1...9999)
            while !isLeapYear(year) { year = random.int(1...9999) }
            values.append(utcMilliseconds(year: year, month: 2, day: 29) + Int64(random.int(0...86_399_999)))
        }
        for _ in 0..<300 {
            let year = random.int(1...9999), month = random.int(1...12), day = random.int(1...28)
            values.append(utcMilliseconds(year: year, month: month, day: day, hour: 23, minute: 59, second: 59, millisecond: 999))
        }
        return values
    }

    /// The independent computation agrees with Foundation's `Calendar` wherever that calendar is
    /// proleptic Gregorian (from 1583), and with itself in reverse.
    @Test func theIndependentUTCFieldsAgreeWithFoundationsCalendar() {
        let seed = Self.seed
        var disagreements: [String] = []
        var compared = 0
        for value in Self.milliseconds(seed: seed) {
            let fields = UTCFields(milliseconds: value)
            let back = utcMilliseconds(year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute, second: fields.second, millisecond: fields.millisecond)
            if back != value { disagreements.append("\(value) -> \(fields) -> \(back)") }
            if let foundation = UTCFields.fromFoundation(milliseconds: value) {
                compared += 1
                if foundation != fields { disagreements.append("\(value): \(fields), Calendar \(foundation)") }
            }
        }
        #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.prefix(8))")
        #expect(compared > 1_000)
    }

    @Test func randomMillisecondDatesAreWrittenAsTheirUTCFieldsAndParseBackToTheSameMillisecond() throws {
        let seed = Self.seed
        var failures: [String] = []
        for value in Self.milliseconds(seed: seed) {
            let date = dateFromMilliseconds(value)
            let expected = UTCFields(milliseconds: value).description
            let text = MillisecondTime.string(from: date)
            if text != expected { failures.append("\(value) written \(text), expected \(expected)") }
            if MillisecondTime.milliseconds(since1970: date) != value {
                failures.append("\(value) counted as \(MillisecondTime.milliseconds(since1970: date)) ms")
            }
            let parsed = MillisecondTime.date(from: text).map(MillisecondTime.milliseconds(since1970:))
            if parsed != value { failures.append("\(value) as \(text) parsed back to \(parsed.map(String.init) ?? "nil")") }
        }
        #expect(failures.isEmpty, "seed \(seed), \(failures.count) failures, first: \(failures.prefix(8).joined(separator: "; "))")
    }

    @Test func randomMillisecondDatesRoundTripThroughTheCanonicalCodecAsTheirUTCText() throws {
        let seed = Self.seed
        var failures: [String] = []
        for value in Self.milliseconds(seed: seed) {
            let expected = UTCFields(milliseconds: value).description
            let data = try CanonicalJSONEncoder().encode(Stamp(at: dateFromMilliseconds(value)))
            let json = String(decoding: data, as: UTF8.self)
            if json != "{\"at\":\"\(expected)\"}" { failures.append("\(value) encoded as \(json), expected \(expected)") }
            let decoded = try CanonicalJSONDecoder().decode(Stamp.self, from: data)
            let back = MillisecondTime.milliseconds(since1970: decoded.at)
            if back != value { failures.append("\(value) decoded from \(json) as \(back)") }
        }
        #expect(failures.isEmpty, "seed \(seed), \(failures.count) failures, first: \(failures.prefix(8).joined(separator: "; "))")
    }
}

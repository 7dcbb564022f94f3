import Foundation
import Redux
import Testing

/// `MillisecondTime` keeps milliseconds: a date between two milliseconds is written as (and
/// counted as) the nearer one, and an exact half goes to the later millisecond (toward +∞). That
/// is the one rule for halves that does not depend on the epoch the arithmetic starts from: a
/// `Date` counts from 2001, the text and `milliseconds(since1970:)` from 1970, and an instant in
/// between is negative from one and positive from the other, so "half away from zero" would write
/// the same instant two ways depending on the implementation. Exact halves are dates whose
/// seconds are a multiple of 1/16 (62.5 ms), which a `Double` holds exactly.
@Suite("MillisecondTime rounding")
struct MillisecondTimeRoundingTests {
    /// 2026-12-03T10:22:16Z, in seconds since 1970.
    static let base: TimeInterval = 1_796_293_336

    @Test func aDateIsWrittenAsTheNearestMillisecond() {
        let cases: [(TimeInterval, String, Int64)] = [
            (0.1234996, "2026-12-03T10:22:16.123Z", 1_796_293_336_123),
            (0.1235004, "2026-12-03T10:22:16.124Z", 1_796_293_336_124),
            (0.1230001, "2026-12-03T10:22:16.123Z", 1_796_293_336_123),
            (0.9999, "2026-12-03T10:22:17.000Z", 1_796_293_337_000),
        ]
        for (fraction, text, milliseconds) in cases {
            let date = Date(timeIntervalSince1970: Self.base + fraction)
            #expect(MillisecondTime.string(from: date) == text, "fraction \(fraction)")
            #expect(MillisecondTime.milliseconds(since1970: date) == milliseconds, "fraction \(fraction)")
        }
    }

    @Test func roundingUpCarriesIntoTheNextSecondDayAndYear() {
        // 1999-12-31T23:59:59.9996Z
        let date = Date(timeIntervalSince1970: 946_684_799.9996)
        #expect(MillisecondTime.string(from: date) == "2000-01-01T00:00:00.000Z")
        #expect(MillisecondTime.milliseconds(since1970: date) == 946_684_800_000)
    }

    @Test func anExactHalfMillisecondGoesToTheLaterMillisecondOnEitherSideOfEitherEpoch() {
        let cases: [(Date, String, Int64)] = [
            // After both epochs: 62.5 ms and 187.5 ms past a second.
            (Date(timeIntervalSince1970: Self.base + 0.0625), "2026-12-03T10:22:16.063Z", 1_796_293_336_063),
            (Date(timeIntervalSince1970: Self.base + 0.1875), "2026-12-03T10:22:16.188Z", 1_796_293_336_188),
            // Just after 1970 (before 2001): -62.5 ms from 2001's point of view, but positive from 1970's.
            (Date(timeIntervalSince1970: 0.0625), "1970-01-01T00:00:00.063Z", 63),
            // Just before 1970: -62.5 ms and -187.5 ms.
            (Date(timeIntervalSince1970: -0.0625), "1969-12-31T23:59:59.938Z", -62),
            (Date(timeIntervalSince1970: -0.1875), "1969-12-31T23:59:59.813Z", -187),
            // Just before 2001 (after 1970).
            (Date(timeIntervalSinceReferenceDate: -0.0625), "2000-12-31T23:59:59.938Z", 978_307_199_938),
        ]
        for (date, text, milliseconds) in cases {
            #expect(MillisecondTime.string(from: date) == text, "\(date.timeIntervalSince1970) s since 1970")
            #expect(MillisecondTime.milliseconds(since1970: date) == milliseconds, "\(date.timeIntervalSince1970) s since 1970")
        }
    }

    @Test func parsingAcceptsAnOffsetAndAFractionOfUpToThreeDigits() {
        let expected: Int64 = 1_796_293_336_123
        let same = [
            "2026-12-03T10:22:16.123Z",
            "2026-12-03T15:52:16.123+05:30",
            "2026-12-03T06:52:16.123-03:30",
            "2026-12-04T00:07:16.123+13:45",
        ]
        for text in same {
            #expect(MillisecondTime.date(from: text).map(MillisecondTime.milliseconds(since1970:)) == expected, "\(text)")
        }
        let base: Int64 = 1_796_293_336_000
        #expect(MillisecondTime.date(from: "2026-12-03T10:22:16Z").map(MillisecondTime.milliseconds(since1970:)) == base)
        #expect(MillisecondTime.date(from: "2026-12-03T10:22:16.1Z").map(MillisecondTime.milliseconds(since1970:)) == base + 100)
        #expect(MillisecondTime.date(from: "2026-12-03T10:22:16.12Z").map(MillisecondTime.milliseconds(since1970:)) == base + 120)
        #expect(MillisecondTime.date(from: "2026-12-03T10:22:16.1234Z") == nil)
        #expect(MillisecondTime.date(from: "2026-12-03T10:22:16.123") == nil)
        #expect(MillisecondTime.date(from: "not a date") == nil)
    }
}

import Foundation

/// The codec's date format: ISO 8601 in UTC with exactly three fraction digits
/// (`2026-12-03T10:22:16.123Z`), written and read by integer arithmetic on milliseconds.
///
/// Writing rounds the date to the nearest millisecond since 1970 (an exact half goes to the later
/// millisecond, on either side of 1970) and always uses `Z`; sub-millisecond precision is not kept. Reading accepts
/// `YYYY-MM-DDTHH:MM:SS`, an optional fraction of one to three digits, then `Z` or `±HH:MM`;
/// the fraction is read as whole milliseconds, never through a `Double`. Two dates are the same
/// for the codec when they fall on the same millisecond since 1970, whatever time zone they were
/// written in: `2026-12-03T11:22:16.123+01:00` reads as `2026-12-03T10:22:16.123Z`.
///
/// The years 0000 (1 BC, as ISO 8601 numbers it) through 9999 are covered, so `Date.distantPast`
/// (0000-12-30) is too. ``string(from:)`` clamps a date outside them to the
/// nearest end (`0000-01-01T00:00:00.000Z` or `9999-12-31T23:59:59.999Z`);
/// ``CanonicalJSONEncoder`` refuses such a date instead, with ``StateCodingError/invalidValue(path:reason:)``.
///
/// It uses no `DateFormatter`, `ISO8601FormatStyle` or calendar, so its output does not depend on
/// the process's locale or time zone. All members are pure functions, callable from any thread.
public enum MillisecondTime {
    /// The date as `YYYY-MM-DDTHH:MM:SS.fffZ`, rounded to the nearest millisecond; dates outside
    /// the years 0000–9999 are clamped to the nearest end.
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(clamped(milliseconds(since1970: date)), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The date a string names, or `nil` when it is not `YYYY-MM-DDTHH:MM:SS[.f{1,3}]` followed
    /// by `Z` or `±HH:MM`, or names a day or time that does not exist (`02-30`, `24:00`, `:60`).
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            parse(bytes).map(date(milliseconds:))
        }
    }

    /// The date's distance from 1970-01-01T00:00:00Z in whole milliseconds, rounded to the
    /// nearest (an exact half goes to the later millisecond, on either side of 1970). A non-finite
    /// date gives 0; one beyond `Int64`'s range is
    /// clamped to it.
    public static func milliseconds(since1970 date: Date) -> Int64 {
        let exact = date.timeIntervalSince1970 * 1_000
        let below = exact.rounded(.down)
        let scaled = exact - below >= 0.5 ? below + 1 : below
        guard scaled.isFinite else { return scaled.isNaN ? 0 : (scaled < 0 ? .min : .max) }
        if scaled >= 9.2e18 { return .max }
        if scaled <= -9.2e18 { return .min }
        return Int64(scaled)
    }

    // MARK: - Internals shared with the encoder

    /// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
    static let earliest: Int64 = daysFromCivil(year: 0, month: 1, day: 1) * 86_400_000
    static let latest: Int64 = daysFromCivil(year: 9999, month: 12, day: 31) * 86_400_000 + 86_399_999

    static func isInRange(_ milliseconds: Int64) -> Bool {
        milliseconds >= earliest && milliseconds <= latest
    }

    static func clamped(_ milliseconds: Int64) -> Int64 {
        min(max(milliseconds, earliest), latest)
    }

    /// The date at a whole number of milliseconds since 1970, built with a single rounding.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds - 978_307_200_000) / 1_000)
    }

    /// Appends the 24 bytes of `YYYY-MM-DDTHH:MM:SS.fffZ`; `milliseconds` must be in range.
    static func append(_ milliseconds: Int64, to bytes: inout [UInt8]) {
        let days = floorDivide(milliseconds, 86_400_000)
        var rest = milliseconds - days * 86_400_000
        let (year, month, day) = civilFromDays(days)
        let millis = rest % 1_000
        rest /= 1_000
        let second = rest % 60
        rest /= 60
        let minute = rest % 60
        let hour = rest / 60
        appendDigits(year, count: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(hour, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(minute, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(second, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(millis, count: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    private static func appendDigits(_ value: Int64, count: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        var value = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor))
            value %= divisor
            divisor /= 10
        }
    }

    /// Milliseconds since 1970 named by the text, or `nil`.
    private static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var position = 0
        func number(_ count: Int) -> Int64? {
            guard position + count <= text.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let byte = text[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                position += 1
            }
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard position < text.count, text[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"),
              let month = number(2), (1...12).contains(month), expect("-"),
              let day = number(2), day >= 1, day <= daysInMonth(year: year, month: month), expect("T"),
              let hour = number(2), hour <= 23, expect(":"),
              let minute = number(2), minute <= 59, expect(":"),
              let second = number(2), second <= 59
        else { return nil }
        var millis: Int64 = 0
        if expect(".") {
            var digits = 0
            while position < text.count, digits < 4,
                  text[position] >= UInt8(ascii: "0"), text[position] <= UInt8(ascii: "9") {
                millis = millis * 10 + Int64(text[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard (1...3).contains(digits) else { return nil }
            for _ in digits..<3 { millis *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if expect("Z") {
            offsetMinutes = 0
        } else {
            guard position < text.count else { return nil }
            let sign: Int64
            switch text[position] {
            case UInt8(ascii: "+"): sign = 1
            case UInt8(ascii: "-"): sign = -1
            default: return nil
            }
            position += 1
            guard let offsetHour = number(2), offsetHour <= 23, expect(":"),
                  let offsetMinute = number(2), offsetMinute <= 59
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        }
        guard position == text.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return seconds * 1_000 + millis
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days algorithm run
    /// backwards: eras of 400 years, years starting in March).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian year, month and day of a day counted from 1970-01-01.
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

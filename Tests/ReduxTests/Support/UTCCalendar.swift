import Foundation

// An independent account of UTC dates for the codec tests: the text a millisecond should be
// written as, computed here with integer arithmetic on the proleptic Gregorian calendar (the
// calendar ISO 8601 uses) and cross-checked against Foundation's `Calendar` from 1583 on
// (Foundation's Gregorian calendar switches to Julian dates before October 1582).

/// The UTC fields of one millisecond since 1970.
struct UTCFields: Equatable, CustomStringConvertible {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    /// The fields of `milliseconds` since 1970-01-01T00:00:00Z (days to civil date after
    /// Howard Hinnant's `civil_from_days`, written out here).
    init(milliseconds: Int64) {
        let (seconds, millisecond) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        hour = Int(secondOfDay / 3_600)
        minute = Int(secondOfDay % 3_600 / 60)
        second = Int(secondOfDay % 60)
        self.millisecond = Int(millisecond)
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
    }

    /// The same fields from Foundation's Gregorian `Calendar` in UTC, or nil before 1583.
    static func fromFoundation(milliseconds: Int64) -> UTCFields? {
        let (seconds, millisecond) = floorDivision(milliseconds, 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        guard let year = parts.year, year >= 1583 else { return nil }
        var fields = UTCFields(milliseconds: 0)
        fields.year = year
        fields.month = parts.month ?? 0
        fields.day = parts.day ?? 0
        fields.hour = parts.hour ?? 0
        fields.minute = parts.minute ?? 0
        fields.second = parts.second ?? 0
        fields.millisecond = Int(millisecond)
        return fields
    }
}

/// Milliseconds since 1970 of a UTC date and time (the inverse of `UTCFields(milliseconds:)`,
/// Hinnant's `days_from_civil`).
func utcMilliseconds(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) -> Int64 {
    let shiftedYear = Int64(month <= 2 ? year - 1 : year)
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return ((days * 24 + Int64(hour)) * 60 + Int64(minute)) * 60_000 + Int64(second) * 1000 + Int64(millisecond)
}

/// Whether `year` has a February 29th (proleptic Gregorian).
func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The quotient rounded toward negative infinity, and the non-negative remainder.
func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    return (quotient, value - quotient * divisor)
}

private func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}

/// A date exactly `milliseconds` since 1970 (to well within a millisecond for years 0001-9999).
func dateFromMilliseconds(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
}

import Foundation
import Redux
import Testing

/// A date means the same millisecond since 1970 in every time zone. The time zone is per process
/// and the suite runs in parallel, so `TZ` is never set here: each zone gets its own `CodecProbe`
/// child (`dates` mode), which writes each millisecond with `MillisecondTime`, parses it back,
/// round-trips it through `CanonicalJSONEncoder` and `CanonicalJSONDecoder`, and also writes it
/// in its own zone with that zone's offset (computed with `Calendar`) and parses that.
@Suite("Dates are the same millisecond in every time zone", .timeLimit(.minutes(5)))
struct CodecTimeZoneTests {
    /// Each zone and its offset from UTC on 2026-12-03, in seconds (St. John's half an hour off,
    /// Chatham 45 minutes off and on daylight time in December).
    static let zones: [(identifier: String, offset: Int)] = [
        ("UTC", 0), ("Asia/Kolkata", 19_800), ("America/St_Johns", -12_600), ("Pacific/Chatham", 49_500),
    ]

    /// Edge cases, then seeded random milliseconds across years 0001-9999 and 1970-2100.
    static func milliseconds(seed: UInt64) -> [Int64] {
        let first = utcMilliseconds(year: 1, month: 1, day: 1)
        let last = utcMilliseconds(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999)
        let end2100 = utcMilliseconds(year: 2100, month: 12, day: 31)
        var values: [Int64] = [
            0, -1, 1, 999, -999, first, last, 951_782_399_999, 951_782_400_000, 951_868_799_999,
            utcMilliseconds(year: 2026, month: 12, day: 3, hour: 10, minute: 22, second: 16, millisecond: 123),
            utcMilliseconds(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, millisecond: 999),
            utcMilliseconds(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999),
        ]
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            values.append(first + Int64(random.next() % UInt64(last - first + 1)))
        }
        for _ in 0..<200 {
            values.append(Int64(random.next() % UInt64(end2100)))
        }
        return values
    }

    @Test(arguments: zones.map(\.identifier))
    func aDateEncodesAndDecodesToTheSameMillisecondInTimeZone(_ zone: String) async throws {
        let seed: UInt64 = 0xC0DE_7172
        let values = Self.milliseconds(seed: seed)
        let input = Data(values.map { "\($0)\n" }.joined().utf8)
        let run = try await runProbe(named: "CodecProbe", ["dates"], environment: ["TZ": zone], standardInput: input)
        #expect(run.status == 0, "\(run.standardError)")
        // The child really ran in `zone`.
        let expectedOffset = try #require(Self.zones.first { $0.identifier == zone }?.offset)
        // (Foundation names the UTC zone "GMT".)
        let names = zone == "UTC" ? ["UTC", "GMT"] : [zone]
        #expect(names.map { "zone \($0) \(expectedOffset)" }.contains(run.standardOutput.first ?? ""), "\(run.standardOutput.first ?? "nothing")")
        let lines = run.standardOutput.dropFirst()
        #expect(lines.count == values.count, "seed \(seed)")
        var failures: [String] = []
        var localTexts = 0
        for (value, line) in zip(values, lines) {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 6, fields[0] == String(value) else {
                failures.append("for \(value): \(line)")
                continue
            }
            let expectedText = UTCFields(milliseconds: value).description
            if fields[1] != expectedText || fields[1] != MillisecondTime.string(from: dateFromMilliseconds(value)) {
                failures.append("\(value) written \(fields[1]) in \(zone), expected \(expectedText) (as in this process)")
            }
            if fields[2] != String(value) { failures.append("\(value) as \(fields[1]) parsed back to \(fields[2]) in \(zone)") }
            if fields[3] != String(value) { failures.append("\(value) round-tripped through the codec to \(fields[3]) in \(zone)") }
            if fields[4] != "-" {
                localTexts += 1
                if fields[5] != String(value) { failures.append("\(value) written locally as \(fields[4]) parsed to \(fields[5]) in \(zone)") }
            }
        }
        #expect(failures.isEmpty, "seed \(seed), \(failures.count) failures, first: \(failures.prefix(8).joined(separator: "; ")); the child's standard error: \(run.standardError.prefix(2))")
        #expect(localTexts >= 200, "only \(localTexts) dates were written with the local offset in \(zone)")
    }
}

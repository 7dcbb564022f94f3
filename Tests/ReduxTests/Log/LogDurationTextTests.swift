import Redux
import Testing

/// Log text forms print durations in a readable unit: whole nanoseconds below a microsecond,
/// else three significant digits in µs, ms or s.
@Suite("Log duration text")
struct LogDurationTextTests {
    private func text(_ duration: Duration) -> String {
        let step = ComponentStep(id: "counter", position: 0, duration: duration)
        return LogEvent<PipeAction>(sequence: 3, action: .increment, kind: .reducer(step, .next)).description
    }

    @Test func durationsPrintInAReadableUnit() {
        #expect(text(.nanoseconds(410)) == "#3 increment: reducer counter#0 → next (410 ns)")
        #expect(text(.nanoseconds(12_133)) == "#3 increment: reducer counter#0 → next (12.1 µs)")
        #expect(text(.microseconds(3_400)) == "#3 increment: reducer counter#0 → next (3.40 ms)")
        #expect(text(.milliseconds(1_200)) == "#3 increment: reducer counter#0 → next (1.20 s)")
    }

    @Test func durationsKeepThreeSignificantDigitsAcrossUnitBoundaries() {
        let cases: [(Duration, String)] = [
            (.zero, "0 ns"),
            (.nanoseconds(999), "999 ns"),
            (Duration(secondsComponent: 0, attosecondsComponent: 999_600_000_000), "1.00 µs"),
            (.nanoseconds(1_006), "1.01 µs"),
            (.nanoseconds(99_960), "100 µs"),
            (.nanoseconds(123_400), "123 µs"),
            (.nanoseconds(999_700), "1.00 ms"),
            (.milliseconds(45), "45.0 ms"),
            (.seconds(65), "65.0 s"),
            (.seconds(4_000), "4000 s"),
            (.nanoseconds(-410), "-410 ns"),
        ]
        for (duration, expected) in cases {
            #expect(text(duration).hasSuffix("(\(expected))"), "\(duration)")
        }
    }

    @Test func everyTimedKindUsesTheReadableUnit() {
        let step = ComponentStep(id: "loader", position: 1, duration: .milliseconds(1_200))
        let kinds: [LogEvent<PipeAction>.Kind] = [
            .middleware(step, .next), .resumed(step, .next), .resolver(step, .defaultNext), .reducer(step, .done),
        ]
        #expect(kinds.map(\.description) == [
            "middleware loader#1 → next (1.20 s)",
            "resumed after loader#1 → next (suspended 1.20 s)",
            "resolver loader#1 → defaultNext (1.20 s)",
            "reducer loader#1 → done (1.20 s)",
        ])
    }
}

// The unit log text forms print durations in.

extension Duration {
    /// This duration in the unit that reads best, as the log's text forms print it: whole
    /// nanoseconds below one microsecond (`410 ns`), else three significant digits in µs, ms or
    /// s (`12.1 µs`, `3.40 ms`, `1.20 s`; `4000 s` past a thousand seconds).
    var logText: String {
        let (seconds, attoseconds) = components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = abs(nanoseconds)
        if magnitude < 999.5 { return "\(sign)\(Int(magnitude.rounded())) ns" }
        if magnitude < 999.5e3 { return "\(sign)\(Self.threeDigits(magnitude / 1e3)) µs" }
        if magnitude < 999.5e6 { return "\(sign)\(Self.threeDigits(magnitude / 1e6)) ms" }
        return "\(sign)\(Self.threeDigits(magnitude / 1e9)) s"
    }

    /// `value` (at least 0.9995) with three significant digits: `1.20`, `12.1`, `123`; values of
    /// a thousand and more as whole numbers.
    private static func threeDigits(_ value: Double) -> String {
        let decimals = value < 9.995 ? 2 : value < 99.95 ? 1 : 0
        guard decimals > 0 else {
            return value < 1e15 ? "\(Int(value.rounded()))" : "\(value)"
        }
        let scale = decimals == 2 ? 100 : 10
        let scaled = Int((value * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        return "\(scaled / scale).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}

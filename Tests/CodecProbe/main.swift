// A child process for the codec tests (`CodecDeterminismTests`, `CodecTimeZoneTests`): a hash
// seed and a time zone are per process, so the tests vary them by running this executable.
//
// - `encode-state`: encodes `ProbeState.fixture` and prints three lines:
//   `seed <hex>` (a hash of 0 under this process's seed, to show the seeds differ),
//   `canonical <base64>` (`CanonicalJSONEncoder`) and `stock <base64>` (`JSONEncoder` with
//   `.sortedKeys`, the control).
// - `dates [ms …]`: milliseconds since 1970, from the arguments or else one per line on standard
//   input. Prints `zone <identifier> <seconds from GMT on 2026-12-03>`, then per value
//   `<ms> <text> <parsed> <decoded> <local> <localParsed>`: the text `MillisecondTime` writes,
//   the milliseconds it parses back, the milliseconds after a round trip through
//   `CanonicalJSONEncoder` and `CanonicalJSONDecoder`, the same instant written in this
//   process's time zone with its offset (computed with `Calendar`, years 1970-9999, whole-minute
//   offsets only, else `-`) and the milliseconds `MillisecondTime` parses from that (`-` when
//   nil).
// Exits 0; 1 when `encode-state` cannot encode (the error on standard error); 64 for bad
// arguments.
import Foundation
import Redux

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("CodecProbe: \(message)\n".utf8))
    exit(status)
}

func encodeState() {
    var hasher = Hasher()
    hasher.combine(0)
    print("seed \(String(UInt(bitPattern: hasher.finalize()), radix: 16))")
    do {
        let canonical = try CanonicalJSONEncoder().encode(ProbeState.fixture)
        print("canonical \(canonical.base64EncodedString())")
    } catch {
        fail("canonical encoding failed: \(error)", status: 1)
    }
    let stock = JSONEncoder()
    stock.outputFormatting = [.sortedKeys]
    do {
        print("stock \(try stock.encode(ProbeState.fixture).base64EncodedString())")
    } catch {
        fail("stock encoding failed: \(error)", status: 1)
    }
}

/// A date inside an object, for the codec round trip.
struct DateBox: Codable {
    var date: Date
}

/// `date` written in `zone` as `yyyy-MM-ddTHH:mm:ss.SSS±hh:mm`, or nil outside 1970-9999 or for
/// an offset that is not whole minutes (local mean time).
func localText(milliseconds: Int64, zone: TimeZone) -> String? {
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
    let fraction = milliseconds - seconds * 1000
    let whole = Date(timeIntervalSince1970: TimeInterval(seconds))
    let offset = zone.secondsFromGMT(for: whole)
    guard offset % 60 == 0 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
    guard let year = parts.year, (1970...9999).contains(year), let month = parts.month, let day = parts.day,
          let hour = parts.hour, let minute = parts.minute, let second = parts.second else { return nil }
    func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    let sign = offset < 0 ? "-" : "+"
    let offsetMinutes = abs(offset) / 60
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(Int(fraction), 3))\(sign)\(pad(offsetMinutes / 60, 2)):\(pad(offsetMinutes % 60, 2))"
}

func dates(_ arguments: [String]) {
    var values = arguments
    if values.isEmpty {
        while let line = readLine() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { values.append(trimmed) }
        }
    }
    let zone = TimeZone.current
    print("zone \(zone.identifier) \(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_796_293_336)))")
    for value in values {
        guard let milliseconds = Int64(value) else { fail("not milliseconds: \(value)", status: 64) }
        let date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        let text = MillisecondTime.string(from: date)
        let parsed = MillisecondTime.date(from: text).map { String(MillisecondTime.milliseconds(since1970: $0)) } ?? "-"
        var decoded = "-"
        do {
            let data = try CanonicalJSONEncoder().encode(DateBox(date: date))
            let box = try CanonicalJSONDecoder().decode(DateBox.self, from: data)
            decoded = String(MillisecondTime.milliseconds(since1970: box.date))
        } catch {
            decoded = "error"
            FileHandle.standardError.write(Data("CodecProbe: round trip of \(milliseconds) failed: \(error)\n".utf8))
        }
        let local = localText(milliseconds: milliseconds, zone: zone)
        let localParsed = local.flatMap(MillisecondTime.date(from:)).map { String(MillisecondTime.milliseconds(since1970: $0)) } ?? "-"
        print("\(milliseconds) \(text) \(parsed) \(decoded) \(local ?? "-") \(localParsed)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "encode-state": encodeState()
case "dates": dates(Array(arguments.dropFirst()))
default: fail("usage: CodecProbe encode-state | dates [ms …]", status: 64)
}

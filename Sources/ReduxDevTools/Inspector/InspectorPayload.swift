import Foundation
import Redux

/// The recording's data as the inspector page embeds it, in two blocks its script reads.
///
/// - The entries (`<script type="application/json">`): one JSON array per step,
///   `[id, type, outcome, origin, clockMilliseconds, timestamp, skipped, payload, stateIndex]`,
///   with `null` where the entry does not say, the id as a string (exact beyond 2^53), `skipped`
///   as 0 or 1, and the payload's JSON inline; a step after `@@INIT` without a payload whose
///   action has fields beside `type` has a tenth element, that action object, so they can be shown.
/// - The states (`<script type="text/plain">`): each distinct state's JSON on one line, in order
///   of first appearance; a step names its line by `stateIndex`. The script splits the block
///   into lines once and parses a line only when a step needs it.
///
/// Every piece of JSON is made compact (whitespace between tokens dropped, which keeps one state
/// per line) and every `<` is written `\u003c`, which can only occur inside a JSON string: the
/// blocks can then never hold `</script>` or `<!--`, whatever the recording's strings say.
struct InspectorPayload {
    /// Per step: the index of its state among `states`.
    private var stateIndexes: [Int] = []
    /// The distinct states, compact and escaped, in order of first appearance.
    private var states: [[UInt8]] = []
    private let recording: Recording

    init(recording: Recording) {
        self.recording = recording
        var seen: [Data: Int] = [:]
        stateIndexes.reserveCapacity(recording.steps.count)
        var previous: (raw: Data, index: Int)?
        for step in recording.steps {
            // Consecutive identical states (an action that changed nothing) are the common case:
            // compare with the previous one before hashing.
            if let previous, previous.raw == step.stateJSON {
                stateIndexes.append(previous.index)
                continue
            }
            let index: Int
            if let known = seen[step.stateJSON] {
                index = known
            } else {
                index = states.count
                seen[step.stateJSON] = index
                states.append(Self.compacted(step.stateJSON))
            }
            stateIndexes.append(index)
            previous = (step.stateJSON, index)
        }
    }

    /// About how many bytes the two blocks take, to reserve the page's capacity.
    var byteCount: Int {
        states.reduce(0) { $0 + $1.count + 1 } + recording.steps.count * 96
            + recording.steps.reduce(0) { $0 + ($1.payload?.count ?? 0) }
    }

    /// Appends the entries block's JSON.
    func appendEntries(to page: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recording.steps.count * 96)
        bytes.append(UInt8(ascii: "["))
        for (position, step) in recording.steps.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            // The id as a string: JavaScript's numbers would round ids beyond 2^53.
            Self.appendQuoted(String(step.id), to: &bytes)
            bytes.append(UInt8(ascii: ","))
            Self.appendQuoted(step.type, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            if let outcome = step.outcome { Self.appendQuoted(outcome, to: &bytes) } else { bytes += Array("null".utf8) }
            bytes.append(UInt8(ascii: ","))
            if let origin = step.origin { Self.appendQuoted(origin.rawValue, to: &bytes) } else { bytes += Array("null".utf8) }
            bytes.append(UInt8(ascii: ","))
            bytes += Array((step.clock.map(Self.milliseconds) ?? "null").utf8)
            bytes.append(UInt8(ascii: ","))
            bytes += Array(String(step.timestamp).utf8)
            bytes += Array((step.isSkipped ? ",1," : ",0,").utf8)
            if let payload = step.payload { bytes += Self.compacted(payload) } else { bytes += Array("null".utf8) }
            bytes.append(UInt8(ascii: ","))
            bytes += Array(String(stateIndexes[position]).utf8)
            // Without a payload, the entry's action object: an action written by another
            // library keeps its fields beside `type` (`{"type":"ADD_TODO","text":"milk"}`), which
            // the page shows. Only when it has such fields, and never the rest of the entry (a
            // Redux DevTools `stack` trace, say).
            if step.payload == nil, position > 0, let action = Self.member("action", of: step.actionJSON),
               action.count > step.type.utf8.count + 12 {
                bytes.append(UInt8(ascii: ","))
                bytes += Self.compacted(Data(action))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
        page += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the states block: one state per line.
    func appendStates(to page: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(states.reduce(0) { $0 + $1.count + 1 })
        for (position, state) in states.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes += state
        }
        page += String(decoding: bytes, as: UTF8.self)
    }

    /// `json` without whitespace between tokens and with every `<` escaped as `\u003c`. The
    /// input is valid JSON (a ``Recording`` checked it), so a `<` can only be inside a string.
    static func compacted(_ json: Data) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        var inString = false
        var escaping = false
        for byte in json {
            if inString {
                if escaping {
                    escaping = false
                } else if byte == UInt8(ascii: "\\") {
                    escaping = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    continue
                case UInt8(ascii: "\""):
                    inString = true
                default:
                    break
                }
            }
            if byte == UInt8(ascii: "<") {
                output += Array("\\u003c".utf8)
            } else {
                output.append(byte)
            }
        }
        return output
    }

    /// The raw bytes of the value of the top-level member `name` of the JSON object `json`, or
    /// nil when it has none. `json` is valid JSON (a ``Recording`` checked it); the name is
    /// compared as written, without unescaping.
    static func member(_ name: String, of json: Data) -> Data.SubSequence? {
        let key = Array("\"\(name)\"".utf8)
        var depth = 0, inString = false, escaping = false, stringStart = json.startIndex
        var expectingKey = false, valueStart: Data.Index?
        for index in json.indices {
            let byte = json[index]
            if inString {
                if escaping { escaping = false }
                else if byte == UInt8(ascii: "\\") { escaping = true }
                else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1, expectingKey, json[stringStart...index].elementsEqual(key) {
                        // The value follows the colon after this key.
                        var next = json.index(after: index)
                        while next < json.endIndex, json[next] != UInt8(ascii: ":") { next = json.index(after: next) }
                        next = json.index(after: next)
                        while next < json.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(json[next]) { next = json.index(after: next) }
                        valueStart = next
                    }
                    expectingKey = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringStart = index
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingKey = depth == 1 && byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 1, let start = valueStart { return json[start..<index] }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 {
                    if let start = valueStart { return json[start..<index] }
                    expectingKey = true
                }
            default:
                break
            }
        }
        return nil
    }

    /// `text` as a JSON string literal, with control characters and `<` escaped.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): bytes += Array("\\\\".utf8)
            case UInt8(ascii: "<"): bytes += Array("\\u003c".utf8)
            case 0x0A: bytes += Array("\\n".utf8)
            case 0x0D: bytes += Array("\\r".utf8)
            case 0x09: bytes += Array("\\t".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A duration in milliseconds as a JSON number: an integer when whole, otherwise with up to
    /// six decimals (nanosecond precision).
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        // 128 bits: any Duration's nanoseconds fit (seconds alone may use all 64 bits).
        let nanoseconds = Int128(seconds) * 1_000_000_000 + Int128(attoseconds / 1_000_000_000)
        let sign = nanoseconds < 0 ? "-" : ""
        let whole = nanoseconds.magnitude / 1_000_000
        let fraction = nanoseconds.magnitude % 1_000_000
        if fraction == 0 { return sign + String(whole) }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: 6 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(sign)\(whole).\(decimals)"
    }

    /// `value` with en-US digit grouping: `10,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}

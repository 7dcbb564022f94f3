import Foundation

/// A recorded session: a JSON Lines file with one ``SessionEntry`` per line — an encoded
/// ``AppAction`` (`{"type":"increment"}`) or a clock line (`{"advance":"250ms"}`).
///
/// Lines are decoded one at a time, just before they are replayed, and each is decoded fully
/// before anything is dispatched, so a bad line stops the replay with nothing half-applied.
/// Blank lines are skipped; line numbers count every line, from 1.
struct SessionFile {
    /// The path as the user gave it (or the default), used in messages.
    let path: String
    /// Each non-blank line with its 1-based line number, still undecoded.
    let lines: [(number: Int, text: Data)]

    /// Where the shipped session lives, relative to the repository root.
    static let defaultRelativePath = "Examples/Sessions/counter-login.jsonl"

    /// The default session: found next to this source file (so it works from any directory of
    /// a checkout), else relative to the current directory (a clean clone, run from its root).
    static func defaultPath(sourceFile: String = #filePath) -> String {
        let demoDirectory = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        let besideSource = demoDirectory.deletingLastPathComponent()
            .appendingPathComponent("Sessions/counter-login.jsonl").path
        guard FileManager.default.fileExists(atPath: besideSource) else { return defaultRelativePath }
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return besideSource.hasPrefix(cwd) ? String(besideSource.dropFirst(cwd.count)) : besideSource
    }

    /// Reads the file at `path` and splits it into lines.
    ///
    /// - Throws: ``ReplayError/cannotOpen(path:reason:)`` when it is missing or unreadable,
    ///   ``ReplayError/noActions(path:)`` when it has no non-blank line.
    init(path: String) throws(ReplayError) {
        let data: Data
        do {
            data = try fileContents(atPath: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        self.path = path
        self.lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
            .map { (number: $0.offset + 1, text: Data($0.element)) }
            .filter { line in !line.text.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } }
        guard !lines.isEmpty else { throw .noActions(path: path) }
    }

    /// Decodes one line into an action or a clock line, or explains why it is neither.
    func entry(at line: (number: Int, text: Data)) throws(ReplayError) -> SessionEntry {
        do {
            return try JSONDecoder().decode(SessionEntry.self, from: line.text)
        } catch let error as DecodingError {
            throw .badLine(path: path, line: line.number, reason: Self.reason(for: error, in: line.text))
        } catch {
            throw .badLine(path: path, line: line.number, reason: "\(error)")
        }
    }

    /// A one-line reason for a decoding failure, naming the field when there is one.
    private static func reason(for error: DecodingError, in text: Data) -> String {
        func field(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "malformed JSON: \(syntaxDetail(text) ?? context.debugDescription)"
        case let .dataCorrupted(context):
            return context.debugDescription
        case let .keyNotFound(key, context) where context.codingPath.isEmpty && key.stringValue == "type":
            return "missing field \"type\" (an action) or \"advance\" (a clock line)"
        case let .keyNotFound(key, _):
            return "missing field \"\(key.stringValue)\""
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "expected a JSON object: an action with a \"type\" field, or a clock line with \"advance\""
        case let .typeMismatch(type, context):
            return "field \"\(field(context.codingPath))\" should be a \(type)"
        case let .valueNotFound(type, context):
            return "field \"\(field(context.codingPath))\" is null, expected a \(type)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// One line of a session: an action to dispatch, or a clock line that moves the demo's virtual
/// time forward.
enum SessionEntry: Decodable {
    /// Dispatch this action. `declaresAbsentChild` (`"childAbsent": true` on the line) says that
    /// the line sends it to a child that is gone on purpose (a row just removed): the replay
    /// stops if it does not reach an absent child, and stops too if an action line not marked so
    /// does (as an exhaustive `TestStore` fails such a step).
    case action(AppAction, declaresAbsentChild: Bool)
    /// `{"advance":"250ms"}`: move the store's `TestClock` forward by `duration`, waking what
    /// sleeps on it in deadline order; `text` is the duration as the line wrote it.
    case advance(Duration, text: String)

    /// The field of an action line that declares that its action reaches an absent child.
    static let childAbsentField = "childAbsent"

    /// The longest move one clock line may make.
    static let maximumAdvance = Duration.seconds(3600)

    /// An object with an `advance` field is a clock line, and has no other field; anything else
    /// is decoded as an ``AppAction``.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ActionField.self)
        let advance = ActionField("advance")
        guard container.contains(advance) else {
            let declared = ActionField(Self.childAbsentField)
            let declares = container.contains(declared) ? try container.decode(Bool.self, forKey: declared) : false
            self = .action(try AppAction(from: decoder), declaresAbsentChild: declares)
            return
        }
        if let extra = container.allKeys.map(\.stringValue).filter({ $0 != "advance" }).sorted().first {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [ActionField(extra)],
                debugDescription: "a clock line has only the field \"advance\", not \"\(extra)\""
            ))
        }
        guard let text = try? container.decode(String.self, forKey: advance) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [advance],
                debugDescription: "field \"advance\" should be a duration string such as \"250ms\", \"2s\" or \"1.5s\""
            ))
        }
        switch Self.duration(text) {
        case let .success(duration):
            self = .advance(duration, text: text)
        case let .failure(problem):
            throw DecodingError.dataCorrupted(.init(
                codingPath: [advance],
                debugDescription: "bad duration \(String(reflecting: text)): \(problem.reason)"
            ))
        }
    }

    /// Why a clock line's duration was refused.
    struct DurationProblem: Error {
        let reason: String
    }

    /// Parses a clock line's duration: a decimal number and a unit, `ms` or `s`, with nothing
    /// in between ("250ms", "2s", "1.5s", "0.5ms"). Not negative, not finer than a nanosecond,
    /// at most ``maximumAdvance``.
    static func duration(_ text: String) -> Result<Duration, DurationProblem> {
        let expected = DurationProblem(reason: "expected a number and a unit, ms or s, e.g. \"250ms\", \"2s\", \"1.5s\"")
        if text.hasPrefix("-") { return .failure(DurationProblem(reason: "time only moves forward")) }
        let number: Substring
        let nanosecondsPerUnit: Int64
        let fractionDigits: Int
        if text.hasSuffix("ms") {
            (number, nanosecondsPerUnit, fractionDigits) = (text.dropLast(2), 1_000_000, 6)
        } else if text.hasSuffix("s") {
            (number, nanosecondsPerUnit, fractionDigits) = (text.dropLast(1), 1_000_000_000, 9)
        } else {
            return .failure(expected)
        }
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        func isDigits(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let whole = parts.first, isDigits(whole), parts.count == 1 || isDigits(parts[1]) else {
            return .failure(expected)
        }
        var fraction = parts.count == 2 ? parts[1] : ""
        while fraction.last == "0" { fraction = fraction.dropLast() }
        guard fraction.count <= fractionDigits else {
            return .failure(DurationProblem(reason: "finer than a nanosecond"))
        }
        let tooLong = DurationProblem(reason: "one clock line moves time by at most \(Format.duration(maximumAdvance))")
        // More than seven digits (leading zeros aside) exceed the limit in either unit; checking
        // the length first keeps the arithmetic below from overflowing.
        guard whole.drop(while: { $0 == "0" }).count <= 7, let units = Int64(whole) else { return .failure(tooLong) }
        // `fractionDigits` digits of the unit are nanoseconds.
        let fractionNanoseconds = Int64(fraction.padding(toLength: fractionDigits, withPad: "0", startingAt: 0)) ?? 0
        let duration = Duration.nanoseconds(units * nanosecondsPerUnit + fractionNanoseconds)
        guard duration <= maximumAdvance else { return .failure(tooLong) }
        return .success(duration)
    }
}

/// Where a JSON text stops being JSON, as the parser words it ("Invalid value around character
/// 8."), since `JSONDecoder` only says that the data was not valid JSON.
private func syntaxDetail(_ text: Data) -> String? {
    do {
        _ = try JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed])
        return nil
    } catch {
        return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }
}

/// Why a replay stopped early.
enum ReplayError: Error, CustomStringConvertible {
    /// The session file could not be read (exit status 66, EX_NOINPUT).
    case cannotOpen(path: String, reason: String)
    /// A line is not a valid action or clock line (exit status 65, EX_DATAERR).
    case badLine(path: String, line: Int, reason: String)
    /// The file is empty or has only blank lines: nothing to replay (exit status 65, EX_DATAERR).
    case noActions(path: String)
    /// An action line was applied, and its action reached an absent child without the line
    /// declaring it (`"childAbsent": true`), or reached none although the line declares it
    /// (exit status 65, EX_DATAERR).
    case absentChild(path: String, line: Int, reason: String)
    /// The store did not become quiescent in time (exit status 70, EX_SOFTWARE): a bug, not
    /// bad input.
    case stuck(path: String, line: Int, reason: String)

    var description: String {
        switch self {
        case let .cannotOpen(path, reason): "\(path): cannot open session file: \(reason)"
        case let .badLine(path, line, reason), let .absentChild(path, line, reason): "\(path):\(line): \(reason)"
        case let .noActions(path): "\(path): no action to replay: the file is empty or has only blank lines"
        case let .stuck(path, line, reason): "\(path):\(line): the store did not settle: \(reason)"
        }
    }

    /// Where the replay stopped, for the transcript.
    var stopSummary: String {
        switch self {
        case let .cannotOpen(path, _): "\(path) could not be read"
        case let .badLine(_, line, _): "line \(line) is not an action or a clock line and was not applied"
        case let .noActions(path): "\(path) holds no action"
        case let .absentChild(_, line, _): "line \(line) was applied, but what its action reached contradicts its \"childAbsent\" declaration"
        case let .stuck(_, line, _): "line \(line) did not settle"
        }
    }

    /// The process exit status for this error (sysexits.h values).
    var exitStatus: Int32 {
        switch self {
        case .cannotOpen: 66
        case .badLine, .noActions, .absentChild: 65
        case .stuck: 70
        }
    }
}

import Foundation
import ReduxMacros

/// What a run of a feature left behind: its log, one line per event, and its final state, both
/// as text with the feature's namespace taken out, so a feature written with the macros and its
/// hand-written twin (`MacroCounterApp` and `HandCounterApp`) can be compared line by line.
struct Transcript: Equatable, CustomStringConvertible {
    var log: [String] = []
    var state = ""

    var description: String { (log + ["state: " + state]).joined(separator: "\n") }
}

/// Collects a store's log events as ``Transcript`` lines.
@MainActor
final class LogRecorder {
    private(set) var lines: [String] = []

    /// A handler for `onLog:` that records each event.
    func handler<Action: Sendable>(_ action: Action.Type = Action.self) -> @MainActor @Sendable (LogEvent<Action>) -> Void {
        { [weak self] event in self?.lines.append(Transcript.line(event)) }
    }
}

extension Transcript {
    /// `#sequence action: what happened`, without durations or call sites (the two twins
    /// dispatch from different lines), with namespaces taken out.
    static func line<Action>(_ event: LogEvent<Action>) -> String {
        let kind: String
        switch event.kind {
        case .enqueued: kind = "enqueued"
        case let .middleware(step, exit): kind = "middleware \(step) → \(exit)"
        case let .resumed(step, exit): kind = "resumed after \(step) → \(exit)"
        case let .resolver(step, exit): kind = "resolver \(step) → \(exit)"
        case let .reducer(step, exit): kind = "reducer \(step) → \(exit)"
        case let .childAbsent(step, absence): kind = "\(step) skipped: \(step.path) \(absence)"
        case .detachedSlice(let path, _): kind = "detached slice \(path)"
        default: kind = "\(event.kind)"
        }
        return unqualified("#\(event.sequence) \(event.action): \(kind)")
    }

    /// `text` without this module's name and without the twin namespaces (`Macro…`, `Hand…`)
    /// that `String(describing:)` prints before nested type names.
    static func unqualified(_ text: String) -> String {
        text.replacingOccurrences(of: #"ReduxMacrosTests\.((Macro|Hand)[A-Za-z]*\.)?"#, with: "", options: .regularExpression)
    }
}

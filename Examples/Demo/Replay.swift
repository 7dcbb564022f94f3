import Foundation
import Redux

/// Replays a session file through a store, printing each action, its outcome, what it set off,
/// and the state after it.
///
/// Isolation: main actor, like the store. Each line is dispatched with `dispatchTracked`, its
/// outcome awaited, and then the store awaited until settled, so the follow-ups an action sets
/// off (re-entrant dispatches, `.task` results, resolver recoveries) are printed under it and
/// the transcript is the same on every run.
@MainActor
struct Replay {
    let store: Store<AppState, AppAction>
    let transcript: Transcript

    /// Replays every line of `session`, stopping at the first bad one.
    ///
    /// - Throws: ``ReplayError/badLine(path:line:reason:)`` for a line that is not an action
    ///   (earlier lines stay applied, this one is not), ``ReplayError/stuck(path:line:reason:)``
    ///   if the store does not settle within five seconds.
    func run(_ session: SessionFile) async throws(ReplayError) {
        print("Replaying \(session.path) (\(session.lines.count) \(session.lines.count == 1 ? "line" : "lines"))")
        print("initial    \(store.state.compactDescription)")
        for line in session.lines {
            let action = try session.action(at: line)
            transcript.clear()
            let ticket = store.dispatchTracked(action)
            do {
                let outcome = try await ticket.outcome
                try await store.settled(timeout: .seconds(5))
                print("\(Format.lineNumber(line.number))  \(action) → \(Format.outcome(outcome))")
            } catch {
                throw .stuck(path: session.path, line: line.number, reason: "\(error)")
            }
            for followUp in transcript.followUps() { print("      ↳ \(followUp)") }
            print("      = \(store.state.compactDescription)")
        }
    }
}

/// Collects the store's log events for the action being replayed, so what it set off can be
/// printed under it.
@MainActor
final class Transcript {
    private var events: [LogEvent<AppAction>] = []

    func record(_ event: LogEvent<AppAction>) { events.append(event) }

    func clear() { events.removeAll(keepingCapacity: true) }

    /// One line per notable step since ``clear()``, in the order it happened: a `.deferred`
    /// resume, a `.task` started, a resolver's decision, an error from a task, and every other
    /// action (dispatched by a middleware, a task or a resolver) reaching its terminal. The
    /// replayed action is the first one enqueued since ``clear()``; its own terminal is printed
    /// by the caller.
    func followUps() -> [String] {
        guard let replayed = events.first(where: { if case .enqueued = $0.kind { true } else { false } })?.sequence
        else { return [] }
        return events.compactMap { event in
            switch event.kind {
            case let .resumed(step, exit):
                "deferred by \(step.id), resumed: \(Format.exit(exit))"
            case let .middleware(step, .task):
                "\(step.id) started a task"
            case let .resolver(step, exit):
                if case .defaultNext = exit { nil } else { "resolver \(step.id): \(Format.exit(exit))" }
            case let .effectFailed(origin, error):
                "\(origin) threw: \(error)"
            case let .terminal(outcome) where event.sequence != replayed:
                "\(event.action) → \(Format.outcome(outcome))"
            default:
                nil
            }
        }
    }
}

/// Text forms of library values for the transcript.
enum Format {
    static func outcome(_ outcome: DispatchOutcome<AppAction>) -> String {
        switch outcome {
        case .reduced: "reduced"
        case .consumed: "consumed"
        case let .recovered(recovery, reduced):
            "recovered (\(Format.recovery(recovery)), \(reduced ? "reduced" : "not reduced"))"
        case let .failed(error): "failed: \(error)"
        case .unhandled: "unhandled"
        case .cancelled: "cancelled"
        case let .refused(reason): "refused (\(reason))"
        default: "\(outcome)"
        }
    }

    static func exit(_ exit: LoggedExit<AppAction>) -> String {
        switch exit {
        case .next: "next"
        case .defaultNext: "defaultNext"
        case let .nextAs(action): "next as \(action)"
        case .reduce: "reduce"
        case let .reduceAs(action): "reduce as \(action)"
        case .done: "done"
        case let .resolve(error): "resolve (\(error))"
        case let .fail(error): "fail (\(error))"
        case .task: "task"
        case .deferred: "deferred"
        default: "\(exit)"
        }
    }

    static func recovery(_ recovery: Recovery<AppAction>) -> String {
        switch recovery {
        case .reduce: "reduce"
        case let .reduceAs(action): "as \(action)"
        case .done: "done"
        }
    }

    /// A line number right-aligned in four columns.
    static func lineNumber(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: " ", count: max(0, 4 - digits.count)) + digits
    }

    /// The state as sorted, indented JSON.
    static func json(_ state: AppState) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(state) else { return "\(state)" }
        return String(decoding: data, as: UTF8.self)
    }
}

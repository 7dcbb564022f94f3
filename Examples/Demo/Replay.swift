import Foundation
import Redux
import ReduxClocks
import ReduxProfile

/// Replays a session file through a store running on a `TestClock`, printing each line, what
/// it set off, and the state after it.
///
/// Isolation: main actor, like the store. An action line is dispatched with `dispatchTracked`;
/// a clock line moves the clock with `advance(by:)`, which wakes the sleepers due in deadline
/// order and waits for the store after each step. After either, the replay waits until the store
/// is quiescent (every task it owns finished or asleep on the clock, nothing queued), so what the
/// line set off (re-entrant dispatches, effects' actions and errors, resolver recoveries) is
/// printed under it and the transcript is the same on every run. Nothing waits for real time:
/// a replay takes milliseconds.
@MainActor
struct Replay {
    let store: Store<AppState, AppAction>
    let clock: TestClock
    let transcript: Transcript
    /// Where the transcript's lines go: standard output unless the caller (a test) says otherwise.
    var write: @MainActor (String) -> Void = { print($0) }

    /// The longest real time to wait for the store after a line before calling it stuck: a
    /// limit only a hang reaches (the wait ends as soon as the store is quiescent).
    static let patience = Duration.seconds(60)

    /// Replays every line of `session`, stopping at the first bad one.
    ///
    /// - Throws: ``ReplayError/badLine(path:line:reason:)`` for a line that is neither an action
    ///   nor a clock line (earlier lines stay applied, this one is not),
    ///   ``ReplayError/stuck(path:line:reason:)`` if the store is not quiescent within
    ///   ``patience`` after a line.
    func run(_ session: SessionFile) async throws(ReplayError) {
        write("Replaying \(session.path) (\(session.lines.count) \(session.lines.count == 1 ? "line" : "lines"))")
        write("initial    \(store.state.compactDescription(showing: Set(Feature.allCases)))")
        // What the services were told when they subscribed, before the first line.
        for followUp in transcript.followUps() { write("      ↳ \(followUp)") }
        var used: Set<Feature> = []
        for line in session.lines {
            let entry = try session.entry(at: line)
            transcript.clear()
            let heading: String
            var problem: ReplayError?
            switch entry {
            case let .action(action, declaresAbsentChild):
                used.insert(action.feature)
                let ticket = store.dispatchTracked(action)
                transcript.replaying(ticket.sequence, line: line.number, action: action)
                try await quiescent(after: line.number, in: session)
                problem = absenceProblem(declared: declaresAbsentChild, found: transcript.absences(of: ticket.sequence), line: line.number, in: session)
                let outcome = ticket.outcomeIfFinished.map(Format.outcome) ?? transcript.pending(ticket.sequence)
                heading = "\(action) → \(outcome)"
            case let .advance(duration, text):
                await clock.advance(by: duration)
                try await quiescent(after: line.number, in: session)
                heading = "advance \(text) → t=\(Format.duration(clock.now.offset))"
            }
            write("\(Format.lineNumber(line.number))  \(heading)")
            for followUp in transcript.followUps() { write("      ↳ \(followUp)") }
            write("      = \(store.state.compactDescription(showing: used.isEmpty ? Set(Feature.allCases) : used))")
            if case .action(let action, _) = entry, action.feature == .profile {
                // The example feature's own view model, on the store's slice for it: what the
                // profile screen would show now.
                let screen = ProfileViewModel(module: store.slice(ProfileModule.map))
                write("      ▸ profile screen: \(screen.title) — \(screen.subtitle)\(screen.canEdit ? "" : " (signed out: read only)")")
            }
            if let problem { throw problem }
        }
        let asleep = store.activeTaskCount
        if asleep > 0 {
            write("\n\(asleep) \(asleep == 1 ? "task is" : "tasks are") still asleep on the clock at t=\(Format.duration(clock.now.offset)) (a clock line would wake \(asleep == 1 ? "it" : "them"))")
        }
    }

    /// An action line reaches an absent child (a lifted component skipped its action) exactly
    /// when it declares it with `"childAbsent": true`; otherwise the line is bad data (reported
    /// after its transcript: the line was applied).
    private func absenceProblem(declared: Bool, found: [String], line: Int, in session: SessionFile) -> ReplayError? {
        if declared, found.isEmpty {
            return .absentChild(path: session.path, line: line, reason: "the line declares \"childAbsent\": true, but its action reached no absent child")
        }
        if !declared, let first = found.first {
            return .absentChild(path: session.path, line: line, reason: "its action reached an absent child (\(first)); add \"childAbsent\": true to the line if that is meant")
        }
        return nil
    }

    /// Waits until the store is quiescent; past ``patience``, the replay is stuck.
    private func quiescent(after line: Int, in session: SessionFile) async throws(ReplayError) {
        do {
            try await store.quiescent(timeout: Self.patience)
        } catch {
            throw .stuck(path: session.path, line: line, reason: "\(error)")
        }
    }
}

/// Collects the store's log events, and the notes of the fake search service, of the
/// downloads and of the badge service, for the line being replayed, so what it set off can be
/// printed under it.
@MainActor
final class Transcript {
    private enum Entry {
        case log(LogEvent<AppAction>)
        case note(String)
    }

    private var entries: [Entry] = []
    /// The sequence of the action replayed on the current line; `nil` on a clock line.
    private var replayed: UInt64?
    /// Replayed actions that have not reached their terminal yet, by sequence, with their line.
    private var pendingLines: [UInt64: (line: Int, action: AppAction)] = [:]
    /// The last event of each lifted reducer (by position) for the action being processed: an
    /// effect it starts is named with the reducer's child path, `downloads[2]`, which the
    /// `.effectStarted` event's origin does not carry.
    private var liftedReducers: (sequence: UInt64, steps: [Int: ComponentStep]) = (0, [:])

    /// Called for every log event. Service notes written since the last event go before it: they
    /// were written synchronously during the step that logged the previous event (see
    /// ``SearchService/Journal``).
    func record(_ event: LogEvent<AppAction>) {
        takeNotes()
        if case let .reducer(step, _) = event.kind, !step.path.isRoot {
            if liftedReducers.sequence != event.sequence { liftedReducers = (event.sequence, [:]) }
            liftedReducers.steps[step.position] = step
        }
        if case let .effectStarted(.reducer(_, position)) = event.kind, liftedReducers.sequence == event.sequence,
           let step = liftedReducers.steps[position] {
            entries.append(.note("reducer \(step.path)/\(step.id) started an effect"))
            return
        }
        entries.append(.log(event))
    }

    /// A note from a headless service (the ``BadgeService``), written synchronously while the
    /// store tells it of a change: it goes after the notes and events already recorded.
    func note(_ text: String) {
        takeNotes()
        entries.append(.note(text))
    }

    func clear() {
        entries.removeAll(keepingCapacity: true)
        replayed = nil
    }

    /// The absent children the action with `sequence` reached so far on this line (its
    /// `.childAbsent` events), as "downloads[2] has no element 2".
    func absences(of sequence: UInt64) -> [String] {
        entries.compactMap { entry in
            guard case let .log(event) = entry, event.sequence == sequence, case let .childAbsent(step, absence) = event.kind else { return nil }
            return "\(step.path) \(absence)"
        }
    }

    /// The current line dispatched the action with `sequence`.
    func replaying(_ sequence: UInt64, line: Int, action: AppAction) {
        replayed = sequence
        pendingLines[sequence] = (line, action)
    }

    /// What an action that has no outcome yet is waiting for: a `.deferred` middleware, most
    /// likely, asleep on the clock until a clock line moves time.
    func pending(_ sequence: UInt64) -> String {
        for case let .log(event) in entries where event.sequence == sequence {
            if case let .middleware(step, .deferred) = event.kind { return "suspended (deferred by \(step.id))" }
        }
        return "pending"
    }

    /// One line per notable step since ``clear()``, in the order it happened: a `.deferred`
    /// resume, a `.task` or an effect started (by a lifted reducer: named with its child path),
    /// a middleware's redirect (`.nextAs`, named with its child path when lifted), a resolver's decision, an error from a task or an effect, a lifted reducer skipping an
    /// action for an absent child (a warning), a service note, a download cancelled in flight,
    /// and every action reaching its terminal — except the one replayed
    /// on this line, whose outcome the caller prints. An action replayed on an earlier line that
    /// ends now is named with its line.
    func followUps() -> [String] {
        takeNotes()
        return entries.compactMap { entry in
            switch entry {
            case let .note(note):
                return note
            case let .log(event):
                switch event.kind {
                case let .resumed(step, exit):
                    return "deferred by \(step.id), resumed: \(Format.exit(exit))"
                case let .middleware(step, .task):
                    return "\(step.id) started a task"
                case let .middleware(step, .nextAs(action)):
                    return "middleware \(step.path.isRoot ? "" : "\(step.path)/")\(step.id): next as \(action)"
                case let .effectStarted(origin):
                    return "\(Format.component(origin)) started an effect"
                case let .resolver(step, exit):
                    if case .defaultNext = exit { return nil }
                    return "resolver \(step.id): \(Format.exit(exit))"
                case let .effectFailed(origin, error):
                    return "\(origin) threw: \(error)"
                case let .childAbsent(step, absence):
                    return "warning: reducer \(step.id) skipped the action: \(step.path) \(absence)"
                case let .detachedSlice(path, _):
                    return "warning: the slice of \(path) is detached: \(event.action) not dispatched"
                case let .terminal(outcome):
                    let earlier = pendingLines.removeValue(forKey: event.sequence)
                    if event.sequence == replayed { return nil }
                    if let earlier {
                        return "line \(earlier.line) \(earlier.action) → \(Format.outcome(outcome))"
                    }
                    return "\(event.action) → \(Format.outcome(outcome))"
                default:
                    return nil
                }
            }
        }
    }

    private func takeNotes() {
        for note in SearchService.journal.drain() { entries.append(.note("service: \(note)")) }
        for note in Downloads.journal.drain() { entries.append(.note(note)) }
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

    /// The component an effect is attributed to: `reducer search`, `middleware session`.
    static func component(_ origin: ErrorOrigin) -> String {
        switch origin {
        case let .reducer(id, _): "reducer \(id)"
        case let .effect(id, _): "middleware \(id)"
        default: "\(origin)"
        }
    }

    /// A duration as a clock line would write it: milliseconds below a second (`250ms`,
    /// `0.5ms`), seconds from there on (`1.5s`, `2s`); at most nine decimals, trailing zeros
    /// dropped.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        func decimal(_ value: Int64, unit: Int64, digits: Int) -> String {
            let whole = value / unit
            var fraction = String(value % unit)
            fraction = String(repeating: "0", count: digits - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
        }
        return nanoseconds < 1_000_000_000
            ? decimal(nanoseconds, unit: 1_000_000, digits: 6) + "ms"
            : decimal(nanoseconds, unit: 1_000_000_000, digits: 9) + "s"
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

import Foundation

/// One step the store processed, as the ``TestStore`` saw it in the store's log: an action that
/// reached its terminal, or one that suspended in a `.deferred` handler, with the state right
/// after it.
struct TestRecord<State, Action: Sendable> {
    enum Status { case pending, asserted, skipped }

    /// The dispatch's sequence number.
    let sequence: UInt64
    /// The action as dispatched (before any `.nextAs`).
    let action: Action
    /// How its run ended; `nil` when this record is its suspension.
    let outcome: DispatchOutcome<Action>?
    /// Whether this record is the resumption of an action that suspended earlier.
    let isResumption: Bool
    /// The state right after this step (unchanged by a suspension).
    let after: State
    var status: Status = .pending
    /// The absent children lifted components skipped this action for, in this step's pass.
    var absences: [SkippedChild] = []

    var isSuspension: Bool { outcome == nil }

    /// One line for failure messages: "received .loaded(5) (reduced)".
    var summary: String {
        let what = isResumption ? "resumption of" : (isSuspension ? "suspension of" : "action")
        let how = outcome.map { " (\($0))" } ?? " (suspended in .deferred)"
        return "\(what) \(describe(action))\(how)"
    }
}

/// A lifted component skipped an action because its child was absent (a `.childAbsent` event).
struct SkippedChild: Equatable {
    /// The component that skipped it, with its path (`rows/row#2`).
    let component: ComponentStep
    let absence: ChildAbsence

    /// "rows[9] has no element 9 (skipped by rows/row#2)".
    var summary: String { "\(component.path) \(absence) (skipped by \(component))" }
}

/// An action (or any value) on one line, as failure messages show it (`.loaded(5)`).
func describe(_ value: some Any) -> String {
    StateDump(of: value).line
}

/// An error on one line: its own description when it gives one (`CustomStringConvertible`,
/// `LocalizedError`), else its structure, like ``describe(_:)``.
func describeError(_ error: any Error) -> String {
    // The dynamic type's conformances: a cast of the value itself succeeds for every error where
    // errors bridge to `NSError`.
    let type = type(of: error)
    if type is any CustomStringConvertible.Type { return String(describing: error) }
    if type is any LocalizedError.Type, let text = (error as? any LocalizedError)?.errorDescription { return text }
    return describe(error)
}

/// An effect error no resolver recovered, waiting to be reported by the next step.
struct UnresolvedEffectError<Action: Sendable> {
    let action: Action
    let origin: ErrorOrigin?
    let error: any Error

    /// "An effect of .save (effect of middleware work#0) failed with …, and no resolver recovered it."
    var summary: String {
        let place = origin.map { " (\($0))" } ?? ""
        return "An effect of \(describe(action))\(place) failed with \(describeError(error)), and no resolver recovered it."
    }
}

/// Everything the store processed, in order, built from its log on the main actor.
@MainActor
final class TestLedger<State: Sendable, Action: Sendable> {
    let initialState: State
    private(set) var records: [TestRecord<State, Action>] = []
    /// Index of the first record that may still be pending (all before it are settled).
    private var firstOpen = 0
    /// The action each sequence number was dispatched with (from `.enqueued`).
    private var dispatched: [UInt64: Action] = [:]
    /// Sequence numbers suspended and not resumed yet.
    private(set) var suspended: Set<UInt64> = []
    /// Sequence numbers the test itself sent.
    var sent: Set<UInt64> = []
    var unresolvedErrors: [UnresolvedEffectError<Action>] = [] {
        didSet { leftovers.setUnresolved(unresolvedErrors.map(\.summary)) }
    }
    /// Absent children seen (`.childAbsent`), by sequence, until the step's record is appended.
    private var skippedChildren: [UInt64: [SkippedChild]] = [:]
    /// Effect errors seen (`.effectFailed`), by sequence, until they are resolved.
    private var failing: [UInt64: (ErrorOrigin, any Error)] = [:]

    let leftovers: TestLeftovers

    init(initialState: State, leftovers: TestLeftovers) {
        self.initialState = initialState
        self.leftovers = leftovers
    }

    /// Takes one log event; `state` reads the store's state at that moment.
    func observe(_ event: LogEvent<Action>, state: () -> State) {
        switch event.kind {
        case .enqueued:
            if dispatched[event.sequence] == nil { dispatched[event.sequence] = event.action }
        case .middleware(_, .deferred):
            // A later middleware may suspend the action again after it resumed: that record is
            // a resumption (of the first suspension) that ends suspended.
            let again = !suspended.insert(event.sequence).inserted
            append(event, outcome: nil, resumption: again, state: state())
        case .refused(let reason, _):
            append(event, outcome: .refused(reason), resumption: false, state: state())
        case .terminal(let outcome):
            let resumption = suspended.remove(event.sequence) != nil
            append(event, outcome: outcome, resumption: resumption, state: state())
            dispatched[event.sequence] = nil
        case let .childAbsent(component, absence):
            skippedChildren[event.sequence, default: []].append(SkippedChild(component: component, absence: absence))
        case .effectFailed(let origin, let error):
            failing[event.sequence] = (origin, error)
        case .effectErrorResolved(let resolution):
            let failure = failing.removeValue(forKey: event.sequence)
            if case .failed(let error) = resolution {
                unresolvedErrors.append(UnresolvedEffectError(action: event.action, origin: failure?.0, error: error))
            }
        default:
            break
        }
    }

    private func append(_ event: LogEvent<Action>, outcome: DispatchOutcome<Action>?, resumption: Bool, state: State) {
        var record = TestRecord(
            sequence: event.sequence, action: dispatched[event.sequence] ?? event.action,
            outcome: outcome, isResumption: resumption, after: state
        )
        record.absences = skippedChildren.removeValue(forKey: event.sequence) ?? []
        leftovers.add(records.count, record.summary)
        records.append(record)
    }

    /// The state just before record `index`.
    func state(before index: Int) -> State {
        index == 0 ? initialState : records[index - 1].after
    }

    /// Indices of the records still pending, in order.
    var pendingIndices: [Int] {
        var result: [Int] = []
        var index = firstOpen
        while index < records.count {
            if records[index].status == .pending { result.append(index) }
            index += 1
        }
        return result
    }

    /// The first pending record that `predicate` accepts.
    func firstPending(where predicate: (TestRecord<State, Action>) -> Bool) -> Int? {
        var index = firstOpen
        while index < records.count {
            if records[index].status == .pending, predicate(records[index]) { return index }
            index += 1
        }
        return nil
    }

    func mark(_ index: Int, _ status: TestRecord<State, Action>.Status) {
        records[index].status = status
        leftovers.remove(index)
        while firstOpen < records.count, records[firstOpen].status != .pending { firstOpen += 1 }
    }

    /// The index of the first record with `sequence` that is (or is not) a resumption and,
    /// when `pendingOnly`, still pending.
    func index(of sequence: UInt64, resumption: Bool, pendingOnly: Bool = false) -> Int? {
        records.indices.first { index in
            let record = records[index]
            return record.sequence == sequence && record.isResumption == resumption && (!pendingOnly || record.status == .pending)
        }
    }
}

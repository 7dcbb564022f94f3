/// What ``TestStore/send(_:expecting:childAbsent:fileID:filePath:line:column:assert:)`` (or a `receive`)
/// returns: the handle of one processed action.
///
/// Isolation: main actor, like the ``TestStore`` it came from. Its ``outcome`` is live: `nil`
/// while the action is suspended in a middleware's `.deferred` handler, set once the action
/// reached its terminal — for a suspended action, when its resumption is processed (assert that
/// with ``TestStore/resumed(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)``).
@MainActor
public final class TestStep<Action: Sendable> {
    /// The action as it was dispatched.
    public let action: Action
    /// The sequence number of its dispatch (the log's `LogEvent.sequence`).
    public let sequence: UInt64
    /// How its run ended; `nil` while it is suspended in `.deferred`.
    public internal(set) var outcome: DispatchOutcome<Action>?
    /// The outcome the step was sent expecting, checked when a suspended action resumes.
    var expectedOutcome: DispatchOutcome<Action>?
    /// The absent children declared for the action (`childAbsent:` on the step that sent or
    /// received it, or on a `resumed`) while it is suspended: each still covers the absences of
    /// its kind that a resumption meets, and must have been met once the action reaches its
    /// terminal.
    var absenceDeclarations: [AbsenceDeclaration] = []

    init(action: Action, sequence: UInt64, outcome: DispatchOutcome<Action>?, expectedOutcome: DispatchOutcome<Action>?) {
        self.action = action
        self.sequence = sequence
        self.outcome = outcome
        self.expectedOutcome = expectedOutcome
    }

    /// Whether the action is suspended in a `.deferred` handler (no outcome yet).
    public var isSuspended: Bool { outcome == nil }
}

/// A `childAbsent:` declaration carried by a ``TestStep`` across its action's passes.
struct AbsenceDeclaration {
    /// The absence declared.
    let absence: ChildAbsence
    /// The step that declared it, for failure messages ("sending .sheet(.increment)").
    let step: String
    /// Whether a pass of the action has met it.
    var isMet = false
}

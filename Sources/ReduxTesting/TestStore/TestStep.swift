/// What ``TestStore/send(_:expecting:fileID:filePath:line:column:assert:)`` (or a `receive`)
/// returns: the handle of one processed action.
///
/// Isolation: main actor, like the ``TestStore`` it came from. Its ``outcome`` is live: `nil`
/// while the action is suspended in a middleware's `.deferred` handler, set once the action
/// reached its terminal — for a suspended action, when its resumption is processed (assert that
/// with ``TestStore/resumed(_:expecting:timeout:fileID:filePath:line:column:assert:)``).
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
    /// The absent child the step was sent declaring, while its action is suspended and the
    /// absence has not been seen yet: checked when it resumes.
    var declaredAbsence: ChildAbsence?

    init(action: Action, sequence: UInt64, outcome: DispatchOutcome<Action>?, expectedOutcome: DispatchOutcome<Action>?) {
        self.action = action
        self.sequence = sequence
        self.outcome = outcome
        self.expectedOutcome = expectedOutcome
    }

    /// Whether the action is suspended in a `.deferred` handler (no outcome yet).
    public var isSuspended: Bool { outcome == nil }
}

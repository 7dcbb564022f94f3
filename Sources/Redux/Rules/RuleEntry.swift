/// One registered rule: its id, its condition, the action it dispatches when the condition
/// holds, and where it was registered (the call site its action's dispatch is logged at).
///
/// Isolation: main actor; held in the store's registration-ordered list (see
/// ``Store/ruleIDs``) until it fires or is unregistered.
@usableFromInline
struct RuleEntry<State: Sendable, Action: Sendable> {
    let id: String
    let when: @MainActor (State) -> Bool
    let then: @MainActor (State) -> Action
    let file: StaticString
    let line: UInt
    /// For a lifted middleware's rule: whether its child is still in the state. Once it is not,
    /// the rule is removed at the next check (it never fires into a child that took its place).
    let isAlive: (@MainActor (State) -> Bool)?
    /// Told apart from a later registration under the same id (set when registered).
    var serial: UInt64 = 0
}

/// The serial number of the next rule registered, in any store (main actor).
@MainActor var nextRuleSerial: UInt64 = 0

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
}

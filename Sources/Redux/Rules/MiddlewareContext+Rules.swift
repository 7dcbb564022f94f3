/// Fire-once rules, registered from a middleware (see <doc:Rules>).
extension MiddlewareContext {
    /// Registers a fire-once rule under `id`: after each action that a reducer handled, if
    /// `when` holds for the state that action left, the rule is removed and the action `then`
    /// returns for that state is dispatched.
    ///
    /// Isolation: main actor; `when` and `then` are called on the main actor, during the rules
    /// step of the pipeline (after the observers and subscriptions, before the action's effects
    /// start and before its terminal), with the state as a value.
    ///
    /// Ordering: rules are checked in registration order. A rule registered now is first
    /// checked after the current action's reducers. Every rule that holds is removed before any
    /// `then` runs; their actions are queued FIFO, in registration order, behind what is
    /// already queued, and processed in the same dispatch call. Nothing is checked after an
    /// action that no reducer handled (every reducer declined, or `.exit(.done)`).
    ///
    /// Registering an `id` that is registered already replaces that rule; the new one goes to
    /// the end of the order. The log records `.ruleRegistered(id:replaced:)`, before this
    /// middleware's own event; `.ruleFired(id:dispatched:)` when it fires. A middleware that
    /// handles the fired action may register the rule again. Rule ids are the store's: a
    /// lifted middleware shares them with the root's.
    ///
    /// A lifted middleware's rule reads its child's state, and the action it returns is embedded
    /// in the parent's action for that child. It belongs to that child instance: at the first
    /// check that finds the child gone, it is removed without firing (`.ruleRemoved`).
    ///
    /// A rule registered by a middleware of an action that a later middleware suspends
    /// (`.deferred`) is first checked after the next handled action, not after the resumed one.
    ///
    /// This is TinyRedux's "state→action subscription registered from middleware"; here a
    /// "subscription" is a select subscription, so the idea is called a rule.
    ///
    /// Complexity: O(rules) to register; each handled action then costs one `when` call per
    /// registered rule.
    ///
    /// - Parameters:
    ///   - id: the rule's id, unique in the store.
    ///   - when: the condition, checked against the state after each handled action.
    ///   - then: the action to dispatch, made from the same state, once `when` held.
    ///   - file: the call site the rule's dispatch is logged at (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    public func registerRule(
        id: String,
        when: @escaping @MainActor (State) -> Bool,
        then: @escaping @MainActor (State) -> Action,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        source.registerRule(id: id, when: when, then: then, file: file, line: line)
    }

    /// Unregisters the rule registered under `id`, so that it never fires; does nothing when no
    /// rule has that id (a rule that fired is gone already).
    ///
    /// Isolation: main actor. A rule registered and unregistered during the same action never
    /// fires. The log records `.ruleRemoved(id:)` (only when a rule was removed), before this
    /// middleware's own event.
    ///
    /// Complexity: O(rules).
    public func unregisterRule(id: String) {
        source.unregisterRule(id: id)
    }
}

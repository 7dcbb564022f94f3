/// Fire-once rules: registration, removal, and their step of the pipeline (after the
/// subscriptions, before the effects start; see <doc:Rules>).
extension Store {
    /// The ids of the rules registered now, in registration order (the order they are checked
    /// and fire in). A rule leaves the list when it fires or is unregistered; one registered
    /// again under its id moves to the end.
    ///
    /// Isolation: main actor. Complexity: O(rules).
    public var ruleIDs: [String] { rules.map(\.id) }

    /// Adds `rule` at the end of the order, replacing (removing) any rule with its id, and logs
    /// `.ruleRegistered`. Sets the notification flag so that the next handled action reaches
    /// the rules step.
    func registerRule(_ rule: RuleEntry<State, Action>) {
        let index = rules.firstIndex { $0.id == rule.id }
        if let index { rules.remove(at: index) }
        var rule = rule
        nextRuleSerial &+= 1
        rule.serial = nextRuleSerial
        rules.append(rule)
        observedSinceNotification = true
        if onLog != nil { pendingRuleEvents.append(.ruleRegistered(id: rule.id, replaced: index != nil)) }
    }

    /// Removes the rule registered under `id`, if any, and logs `.ruleRemoved` when there was one.
    func unregisterRule(id: String) {
        guard let index = rules.firstIndex(where: { $0.id == id }) else { return }
        rules.remove(at: index)
        if onLog != nil { pendingRuleEvents.append(.ruleRemoved(id: id)) }
    }

    /// Delivers the registration events a middleware call raised, before that middleware's own
    /// event: they belong to the action it ran for (`sequence`, `action`). Called on the log
    /// path only.
    @usableFromInline @inline(never)
    func flushRuleEvents(_ sequence: UInt64, _ action: Action) {
        let events = pendingRuleEvents
        pendingRuleEvents.removeAll()
        for kind in events { emit(sequence, action, kind) }
    }

    /// The rules step, after a handled action's subscriptions: every rule whose condition holds
    /// for the state now is removed (all of them first), then, in registration order, its
    /// action is computed from that same state, logged as `.ruleFired` and dispatched: queued
    /// behind what is already queued (FIFO), processed in the same dispatch call. A rule that
    /// does not hold stays, in its place. `action` (the triggering action) and `sequence` are
    /// only for the `.ruleFired` events; the unlogged chain passes `nil`.
    ///
    /// Complexity: O(rules) condition calls per handled action while any rule is registered.
    @usableFromInline @inline(never)
    func runRules(after action: Action?, sequence: UInt64) {
        // Checked on a copy of the list, so that a condition that registers or unregisters a
        // rule (through a context kept past its call) cannot make another rule fire.
        let checked = rules
        var holding: [RuleEntry<State, Action>] = []
        var gone: [RuleEntry<State, Action>] = []
        for rule in checked {
            if let isAlive = rule.isAlive, !isAlive(storage) {
                gone.append(rule)
            } else if rule.when(storage) {
                holding.append(rule)
            }
        }
        guard !holding.isEmpty || !gone.isEmpty else { return }
        let removed = Set(holding.map(\.serial) + gone.map(\.serial))
        rules.removeAll { removed.contains($0.serial) }
        if let action, onLog != nil {
            for rule in gone { emit(sequence, action, .ruleRemoved(id: rule.id)) }
        }
        for rule in holding {
            let next = rule.then(storage)
            // A store with a log handler always reduces through a chain that passes the action.
            if let action, onLog != nil { emit(sequence, action, .ruleFired(id: rule.id, dispatched: next)) }
            dispatchOnMainActor(next, file: rule.file, line: rule.line, promise: nil)
        }
    }
}

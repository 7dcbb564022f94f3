import Observation

/// The store is observable through the Observation framework, member by member, with a
/// registrar it controls so that a dispatch while nobody reads the state pays one test.
extension Store: Observable {
    /// A path observers of a member are registered under: one subscript component whose
    /// argument is the member's index × 2 + parity (cheap to hash and compare, unlike an
    /// appended key path).
    @usableFromInline
    subscript(observedMember index: Int) -> Int { index }

    /// Registers observation interest in `member` (arming it: its current value is taken as the
    /// one to compare with after the next handled action).
    @inlinable
    func track(_ member: Int32) {
        observation.arm(member, in: &storage)
        observedSinceNotification = true
        registrar.access(self, keyPath: memberPath(member))
    }

    /// The registrar path of `member` under its current parity; both are built the first time
    /// one is asked for.
    @inlinable
    func memberPath(_ member: Int32) -> KeyPath<Store, Int> {
        let index = Int(member)
        while memberParity.count <= index {
            memberPaths.append(\Store.[observedMember: memberPaths.count])
            memberPaths.append(\Store.[observedMember: memberPaths.count])
            memberParity.append(0)
        }
        return memberPaths[index &* 2 &+ Int(memberParity[index])]
    }

    /// Tells observers what changed, after the reducers of a handled action ran and before its
    /// effects start and its terminal: readers of the whole state, and readers of each armed
    /// member that changed (each member once; an observer that read several is told once, by
    /// the Observation framework); then the select subscriptions and state streams; then the
    /// rules (checked against the state `action` left; `sequence` is its number; both only for
    /// the rules' log events, so a chain without a log handler may pass `nil`). The empty
    /// mutations make `withObservationTracking`'s `onChange` fire after the write, so it reads
    /// the new state.
    @inlinable
    func notifyObservers(_ action: Action, sequence: UInt64) {
        if observedSinceNotification { notifyReaders(action, sequence: sequence) }
    }

    /// ``notifyObservers(_:sequence:)`` for the unlogged exit-only chain (P1), which passes no
    /// action: the rules step needs the triggering action only for its log event, and handing
    /// it over there costs that path instructions even when nobody observes.
    @inlinable
    func notifyObservers() {
        if observedSinceNotification { notifyReaders(nil, sequence: 0) }
    }

    @inlinable @inline(never)
    func notifyReaders(_ action: Action?, sequence: UInt64) {
        tellObserversAndSubscribers()
        // Then the rules' step, before any effect of this action starts.
        if !rules.isEmpty {
            runRules(after: action, sequence: sequence)
            if !rules.isEmpty { observedSinceNotification = true }
        }
        // A persistence's step, at the terminal, needs to know that a reducer handled the action.
        if persistence != nil {
            persistenceSawHandled = true
            observedSinceNotification = true
        }
    }

    /// Tells the observers and the subscriptions after time travel replaced the state (see
    /// <doc:TimeTravel>): as after a handled action, but no rule is checked and the persistence
    /// step is not told (a travelled state is never saved).
    func notifyAfterTravel() {
        guard observedSinceNotification else { return }
        tellObserversAndSubscribers()
        if !rules.isEmpty || persistence != nil { observedSinceNotification = true }
    }

    /// The observation step and the subscriptions' step (see <doc:Pipeline>): clears
    /// ``observedSinceNotification``, and sets it again while a member stays armed or a
    /// subscription exists.
    @inlinable @inline(__always)
    func tellObserversAndSubscribers() {
        observedSinceNotification = false
        let whole = wholeStateRead
        wholeStateRead = false
        observation.collectChanged(in: &storage)
        if observation.hasArmed { observedSinceNotification = true }
        // Each changed member's parity flips before anyone is told: an observer told of one
        // member that registers again (reading others that changed too) registers under the new
        // parity, and is not told again for this action.
        let count = observation.fired.count
        var index = 0
        while index < count {
            memberParity[Int(observation.fired[index])] ^= 1
            index += 1
        }
        if whole { registrar.withMutation(of: self, keyPath: stateKeyPath) {} }
        // Observers told here may read again (arming members, setting the flag); the list is
        // not touched by that: only the next handled action compares again.
        index = 0
        while index < count {
            let member = Int(observation.fired[index])
            registrar.withMutation(of: self, keyPath: memberPaths[member &* 2 &+ Int(memberParity[member] ^ 1)]) {}
            index += 1
        }
        // Then the subscriptions' step (see <doc:Pipeline>).
        if !subscriptions.isEmpty {
            notifySubscriptions()
            if !subscriptions.isEmpty { observedSinceNotification = true }
        }
    }
}

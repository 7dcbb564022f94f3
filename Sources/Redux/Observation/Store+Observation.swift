import Observation

/// The store is observable through the Observation framework, member by member, with a
/// registrar it controls so that a dispatch while nobody reads the state pays one test.
extension Store: Observable {
    /// The path the observers of member `index` are registered under: one subscript component
    /// whose argument is the index (cheap to hash and compare, unlike an appended key path).
    subscript(observedMember index: Int) -> Int { index }

    /// Registers observation interest in `member` (arming it: its current value is taken as the
    /// one to compare with after the next handled action).
    @usableFromInline
    func track(_ member: Int32) {
        withUnsafeMutablePointer(to: &storage) { observation.arm(member, base: UnsafeRawPointer($0)) }
        observedSinceNotification = true
        registrar.access(self, keyPath: memberPath(member))
    }

    /// The registrar path of `member`, built the first time it is asked for.
    @usableFromInline
    func memberPath(_ member: Int32) -> KeyPath<Store, Int> {
        let index = Int(member)
        while memberPaths.count <= index {
            memberPaths.append(\Store.[observedMember: memberPaths.count])
        }
        return memberPaths[index]
    }

    /// Tells observers what changed, after the reducers of a handled action ran and before its
    /// effects start and its terminal: readers of the whole state, and readers of each armed
    /// member that changed (each member once; an observer that read several is told once, by
    /// the Observation framework). The empty mutations make `withObservationTracking`'s
    /// `onChange` fire after the write, so it reads the new state.
    @inlinable
    func notifyObservers() {
        if observedSinceNotification { notifyReaders() }
    }

    @usableFromInline
    func notifyReaders() {
        observedSinceNotification = false
        let whole = wholeStateRead
        wholeStateRead = false
        withUnsafeMutablePointer(to: &storage) { observation.collectChanged(UnsafeRawPointer($0)) }
        if observation.hasArmed { observedSinceNotification = true }
        if whole { registrar.withMutation(of: self, keyPath: stateKeyPath) {} }
        // Observers told here may read again (arming members, setting the flag); the list is
        // not touched by that: only the next handled action compares again.
        var index = 0
        while index < observation.fired.count {
            registrar.withMutation(of: self, keyPath: memberPath(observation.fired[index])) {}
            index += 1
        }
    }
}

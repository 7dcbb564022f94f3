import Observation

/// The store is observable through the Observation framework, with a registrar it controls so a
/// dispatch while nobody observes does not pay for it.
extension Store: Observable {
    /// Tells observers the state changed, after the reducers ran, if anyone read the state since
    /// the last notification. The empty mutation makes `withObservationTracking`'s `onChange`
    /// fire after the write, so it reads the new state.
    @inlinable
    func notifyObservers() {
        if observedSinceNotification {
            observedSinceNotification = false
            registrar.withMutation(of: self, keyPath: stateKeyPath) {}
        }
    }
}

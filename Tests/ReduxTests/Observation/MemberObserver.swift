import Observation

/// Observes whatever `read` reads (a store member, a slice's member, a list's ids) with
/// `withObservationTracking` and counts the `onChange` calls: the reader of one view.
///
/// With `renewing` (the default) it registers again from inside each `onChange`, synchronously
/// on the main actor, like ``CountObserver``: the store tells observers after the reducers wrote
/// (the notification's `willSet` comes after the write), so the read made while registering again
/// sees the new value, and the observer sees every notification the store issues. Without
/// `renewing` it fires at most once and never reads again (a test whose read would trap after the
/// change uses it so).
///
/// `readings` holds what `read` returned at each registration: the first entry when it was made,
/// then one after each `onChange` while renewing.
///
/// Neither the store nor the observer is held strongly from the store's side: the registrar keeps
/// the `onChange` closure, which holds the observer weakly.
@MainActor
final class MemberObserver<Value> {
    private let read: @MainActor () -> Value
    private let renewing: Bool
    /// How many times `onChange` was called.
    private(set) var fired = 0
    /// What `read` returned at each registration, in order.
    private(set) var readings: [Value] = []

    init(renewing: Bool = true, _ read: @escaping @MainActor () -> Value) {
        self.read = read
        self.renewing = renewing
        register()
    }

    private func register() {
        let read = read
        let value = withObservationTracking {
            read()
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.changed() }
        }
        readings.append(value)
    }

    private func changed() {
        fired += 1
        if renewing { register() }
    }
}

extension Array {
    /// How many times each observer fired, in order.
    @MainActor
    func firedCounts<Value>() -> [Int] where Element == MemberObserver<Value> {
        map(\.fired)
    }
}

/// Taking a ``StoreSnapshot`` of the store (ReduxCore's `store.snapshot`).
extension Store {
    /// The current state with a weak way back to this store: a `Sendable` value to hand to code
    /// that reads the state and dispatches, without handing it the store (see ``StoreSnapshot``).
    ///
    /// The snapshot does not update: take a new one, or subscribe (``subscribe(driver:)``,
    /// ``updates()``, `subscribe(select:)`), to see later states. Its state is a second
    /// reference to the state's buffers, so while it is alive the store's next in-place write
    /// into one of them copies it once.
    ///
    /// Reading it reads the whole state, as ``state`` does: in a SwiftUI view or inside
    /// `withObservationTracking` it tracks the whole state (see <doc:Observation>). Main actor;
    /// not while a reducer runs.
    public var snapshot: StoreSnapshot<State, Action> {
        StoreSnapshot(state: state, store: self)
    }
}

/// What store-owned asynchronous work (`.task` and `.deferred` handlers) gets: a way to
/// dispatch, an asynchronous read of the state, and the store's clock.
///
/// Isolation: `Sendable`, used off the main actor. It holds the store weakly, so work in flight
/// never keeps a released store alive; once the store is gone, `dispatch` does nothing and
/// its reads throw `CancellationError`.
///
/// Reading: `read { state in ... }` runs a closure on the main actor and returns a small
/// projection; ``read(_:)-(KeyPath<State,Value>Sendable)`` reads one field
/// (`try await effect.read(\.count)`).
///
/// Ordering: what the work dispatches is queued behind everything already queued; a read
/// right after a dispatch may not show it yet. Use ``dispatchTracked(_:file:line:)`` and await
/// its outcome when that matters.
public struct EffectContext<State: Sendable, Action: Sendable>: Sendable {
    weak var store: Store<State, Action>?

    /// The store's clock (from ``StoreOptions/clock``; its instants count from the first
    /// time the store's work used it). Sleep on it, not on `Task.sleep`: under a `TestClock` a sleep on it counts
    /// the work as asleep, so the clock can move time without racing it.
    public var clock: any Clock<Duration> { effectClock }
    let effectClock: EffectClock

    init(store: Store<State, Action>, clock: EffectClock) {
        self.store = store
        self.effectClock = clock
    }

    /// Queues `action` in the store's inbox for a later main-actor turn. Does nothing once the
    /// store is gone; on an invalidated store the dispatch is refused (and logged as such).
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        store?.enqueueRemote(action, file: file, line: line, promise: nil)
    }

    /// Queues `action` and returns a ticket whose outcome can be awaited. Once the store is
    /// released the ticket answers `.refused(.storeReleased)`; once it is invalidated,
    /// `.refused(.invalidated)`.
    public func dispatchTracked(_ action: Action, file: StaticString = #fileID, line: UInt = #line) -> DispatchTicket<Action> {
        guard let store else {
            let box = OutcomeBox<Action>(sequence: 0)
            box.resolve(.refused(.storeReleased))
            return DispatchTicket(box: box)
        }
        let box = OutcomeBox<Action>(sequence: store.inbox.nextSequence())
        let promise = OutcomePromise(box: box)
        store.enqueueRemote(action, file: file, line: line, promise: promise)
        return DispatchTicket(box: box)
    }

    /// Runs `body` on the main actor with the current state and returns what it projects.
    ///
    /// Return a small `Sendable` projection (a count, an id), not the whole state: a copy held
    /// across an `await` would make the next reducer write copy any large buffer it shares.
    ///
    /// - Throws: `CancellationError` if the store has been released.
    public func read<Value: Sendable>(_ body: @escaping @MainActor @Sendable (State) -> Value) async throws -> Value {
        let store = self.store
        return try await MainActor.run {
            guard let store else { throw CancellationError() }
            return body(store.currentState)
        }
    }

    /// Reads one field of the current state on the main actor: `try await effect.read(\.count)`.
    ///
    /// The same as `read { state in state[keyPath: keyPath] }`: only the field is copied out of
    /// the state.
    ///
    /// - Throws: `CancellationError` if the store has been released.
    public func read<Value: Sendable>(_ keyPath: KeyPath<State, Value> & Sendable) async throws -> Value {
        try await read { state in state[keyPath: keyPath] }
    }

    /// Sleeps for `duration` on the store's clock.
    ///
    /// - Throws: `CancellationError` if the work is cancelled (store invalidated or released).
    public func sleep(for duration: Duration) async throws {
        try await effectClock.sleep(for: duration)
    }
}

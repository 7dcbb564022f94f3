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
///
/// Lifted middlewares: the work of a middleware lifted into a parent gets a context of the
/// child's state and actions. Its reads read the child from the parent store's state (and throw
/// `CancellationError` once that child instance is gone); what it dispatches is embedded in the
/// parent's actions and belongs to the instance: once the instance is gone, it is dropped when
/// it is processed (see <doc:Composition>).
public struct EffectContext<State: Sendable, Action: Sendable>: Sendable {
    /// The store, for the work of a root middleware (and the root of a lifted one's).
    weak var store: Store<State, Action>?
    /// The child instance whose work this is (a lifted middleware's, over a child that can go
    /// away): what the work dispatches is tagged with it.
    let lifetime: InstanceLifetime?
    /// For a lifted middleware's work: the child's view of the parent's context.
    let lifted: LiftedEffectSource<State, Action>?

    /// The store's clock (from ``StoreOptions/clock``; its instants count from the first
    /// time the store's work used it). Sleep on it, not on `Task.sleep`: under a `TestClock` a sleep on it counts
    /// the work as asleep, so the clock can move time without racing it.
    public var clock: any Clock<Duration> { effectClock }
    let effectClock: EffectClock

    init(store: Store<State, Action>, clock: EffectClock, lifetime: InstanceLifetime? = nil) {
        self.store = store
        self.lifetime = lifetime
        self.lifted = nil
        self.effectClock = clock
    }

    init(lifted: LiftedEffectSource<State, Action>, clock: EffectClock) {
        self.store = nil
        self.lifetime = nil
        self.lifted = lifted
        self.effectClock = clock
    }

    /// Queues `action` in the store's inbox for a later main-actor turn. Does nothing once the
    /// store is gone; on an invalidated store the dispatch is refused (and logged as such).
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        if let lifted {
            lifted.dispatch(action, file: file, line: line)
            return
        }
        guard let store else { return }
        if let lifetime {
            store.enqueueInstanceSend(action, site: CallSite.storeWork(file: file, line: line), promise: nil, lifetime: lifetime)
        } else {
            store.enqueueRemote(action, file: file, line: line, promise: nil, fromStoreWork: true)
        }
    }

    /// Queues `action` and returns a ticket whose outcome can be awaited. Once the store is
    /// released the ticket answers `.refused(.storeReleased)`; once it is invalidated,
    /// `.refused(.invalidated)`.
    public func dispatchTracked(_ action: Action, file: StaticString = #fileID, line: UInt = #line) -> DispatchTicket<Action> {
        if let lifted { return lifted.dispatchTracked(action, file: file, line: line) }
        guard let store else { return DispatchTicket(refused: .storeReleased) }
        let box = OutcomeBox<Action>(sequence: store.inbox.nextSequence())
        let promise = OutcomePromise(box: box)
        if let lifetime {
            store.enqueueInstanceSend(action, site: CallSite.storeWork(file: file, line: line), promise: promise, lifetime: lifetime)
        } else {
            store.enqueueRemote(action, file: file, line: line, promise: promise, fromStoreWork: true)
        }
        return DispatchTicket(box: box)
    }

    /// Runs `body` on the main actor with the current state and returns what it projects.
    ///
    /// Return a small `Sendable` projection (a count, an id), not the whole state: a copy held
    /// across an `await` would make the next reducer write copy any large buffer it shares.
    ///
    /// For a lifted middleware's work, `body` gets the child's state, read from the parent's.
    ///
    /// - Throws: `CancellationError` if the store has been released, or, for a lifted
    ///   middleware's work, once its child instance is gone.
    public func read<Value: Sendable>(_ body: @escaping @MainActor @Sendable (State) -> Value) async throws -> Value {
        if let lifted { return try await lifted.read(body) }
        let store = self.store
        let lifetime = self.lifetime
        return try await MainActor.run {
            guard let store, lifetime?.hasEnded != true else { throw CancellationError() }
            return body(store.currentState)
        }
    }

    /// Reads one field of the current state on the main actor: `try await effect.read(\.count)`.
    ///
    /// The same as `read { state in state[keyPath: keyPath] }`: only the field is copied out of
    /// the state.
    ///
    /// - Throws: `CancellationError` if the store has been released (or the lifted child is gone).
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

extension EffectContext {
    /// The context of a lifted middleware's work, for the child at `key` whose identity is `step`.
    @usableFromInline
    func lifted<Child: Sendable, ChildAction: Sendable, Key: Sendable>(
        _ access: ChildAccess<State, Action, Child, ChildAction, Key>,
        key: Key,
        step: ScopeStep
    ) -> EffectContext<Child, ChildAction> {
        EffectContext<Child, ChildAction>(lifted: ChildEffectSource(parent: self, access: access, key: key, step: step), clock: effectClock)
    }
}

/// A lifted middleware's work's view of its parent's ``EffectContext``. Subclassed once, by
/// ``ChildEffectSource``; the base class exists so that ``EffectContext`` needs no parent type.
/// Immutable, hence `@unchecked Sendable` (a non-final class cannot be checked).
class LiftedEffectSource<State: Sendable, Action: Sendable>: @unchecked Sendable {
    func dispatch(_ action: Action, file: StaticString, line: UInt) {
        preconditionFailure("LiftedEffectSource is abstract")
    }

    func dispatchTracked(_ action: Action, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        preconditionFailure("LiftedEffectSource is abstract")
    }

    func read<Value: Sendable>(_ body: @escaping @MainActor @Sendable (State) -> Value) async throws -> Value {
        preconditionFailure("LiftedEffectSource is abstract")
    }
}

/// The ``LiftedEffectSource`` of the child instance `step` names, reached at `key`.
final class ChildEffectSource<Parent: Sendable, ParentAction: Sendable, Child: Sendable, ChildAction: Sendable, Key: Sendable>: LiftedEffectSource<Child, ChildAction>, @unchecked Sendable {
    let parent: EffectContext<Parent, ParentAction>
    let access: ChildAccess<Parent, ParentAction, Child, ChildAction, Key>
    let key: Key
    let step: ScopeStep

    init(parent: EffectContext<Parent, ParentAction>, access: ChildAccess<Parent, ParentAction, Child, ChildAction, Key>, key: Key, step: ScopeStep) {
        self.parent = parent
        self.access = access
        self.key = key
        self.step = step
    }

    override func dispatch(_ action: ChildAction, file: StaticString, line: UInt) {
        parent.dispatch(access.embed(key, action), file: file, line: line)
    }

    override func dispatchTracked(_ action: ChildAction, file: StaticString, line: UInt) -> DispatchTicket<ChildAction> {
        let access = self.access
        return parent.dispatchTracked(access.embed(key, action), file: file, line: line).mapped(extract: { access.route($0)?.action })
    }

    /// Reads the child from the parent's state: only that very instance (same id, `Presented`
    /// generation, case), else `CancellationError`.
    override func read<Value: Sendable>(_ body: @escaping @MainActor @Sendable (Child) -> Value) async throws -> Value {
        let access = self.access
        let step = self.step
        let found: Value? = try await parent.read { parent in access.alive(parent, step).map(body) }
        guard let found else { throw CancellationError() }
        return found
    }
}

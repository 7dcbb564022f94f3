/// What a middleware sees of one action's run: the current state (read-only), the action, and a
/// way to dispatch.
///
/// Isolation: main actor; valid only during the middleware call that received it. It is
/// deliberately not `Sendable`, so `.task` and `.deferred` closures cannot capture it (and keep
/// the store or a copy of its state alive); they get an ``EffectContext`` instead.
@MainActor
@dynamicMemberLookup
public struct MiddlewareContext<State: Sendable, Action: Sendable> {
    /// Strong, so a context kept past its call can never reach a freed store (it keeps the store
    /// alive instead; do not keep it). The store builds one context per action run and reuses it
    /// for every middleware, so this costs one retain per action, not one per middleware.
    @usableFromInline let store: Store<State, Action>

    @usableFromInline var current: Action

    /// The action as it reaches this middleware (after any earlier `.nextAs`).
    @inlinable
    public var action: Action { current }

    @inlinable
    init(store: Store<State, Action>, action: Action) {
        self.store = store
        self.current = action
    }

    /// The current state, as a value. Reading it does not register an observation.
    ///
    /// Reading one field through dynamic member lookup (`context.count`) avoids copying the
    /// whole state.
    @inlinable
    public var state: State { store.currentState }

    /// Reads one field of the current state without copying the rest.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        store.currentState[keyPath: keyPath]
    }

    /// Queues `action` behind the current one; it is processed after the current action reaches
    /// its terminal, never inside it.
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        store.dispatchOnMainActor(action, file: file, line: line, promise: nil)
    }
}

@available(*, unavailable)
extension MiddlewareContext: Sendable {}

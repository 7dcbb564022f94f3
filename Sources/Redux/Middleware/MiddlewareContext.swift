/// What a middleware sees of one action's run: the current state (read-only), the action, and a
/// way to dispatch.
///
/// Isolation: main actor; valid only during the middleware call that received it. It is
/// deliberately not `Sendable`, so `.task` and `.deferred` closures cannot capture it (and keep
/// the store or a copy of its state alive); they get an ``EffectContext`` instead.
@MainActor
@dynamicMemberLookup
public struct MiddlewareContext<State: Sendable, Action: Sendable> {
    /// The store (strong, so a context kept past its call can never reach a freed store: it
    /// keeps the store alive instead; do not keep it), or, for a lifted middleware, the child's
    /// view of its parent. The store builds one context per action run and reuses it for every
    /// root middleware, so this costs one retain per action, not one per middleware.
    @usableFromInline let source: PipelineSource<State, Action>

    @usableFromInline var current: Action

    /// The store of a root middleware's context (internal; a lifted middleware has none of its
    /// own type).
    var store: Store<State, Action> {
        guard case .store(let store) = source else { preconditionFailure("a lifted middleware's context has no store of its state type") }
        return store
    }

    /// The action as it reaches this middleware (after any earlier `.nextAs`).
    @inlinable
    public var action: Action { current }

    @inlinable
    init(store: Store<State, Action>, action: Action) {
        self.source = .store(store)
        self.current = action
    }

    /// The context of a lifted middleware: the child's state and the child action.
    @inlinable
    init(source: PipelineSource<State, Action>, action: Action) {
        self.source = source
        self.current = action
    }

    /// The current state, as a value. Reading it does not register an observation. For a
    /// lifted middleware, the child's state.
    ///
    /// Reading one field through dynamic member lookup (`context.count`) avoids copying the
    /// whole state.
    @inlinable
    public var state: State { source.state }

    /// Reads one field of the current state without copying the rest.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        source[keyPath]
    }

    /// Queues `action` behind the current one; it is processed after the current action reaches
    /// its terminal, never inside it. A lifted middleware's child action is embedded in the
    /// parent's action.
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        source.dispatch(action, file: file, line: line)
    }

    /// Queues `action` behind the current one, like ``dispatch(_:file:line:)``, and returns a
    /// ticket whose ``DispatchTicket/outcome`` says how its run ended.
    ///
    /// The action is processed after the current action reaches its terminal, so its outcome is
    /// never known while this middleware runs: await it from a `.task` or `.deferred` handler, or
    /// after the dispatch that started this pass returned. The ticket does not keep the store
    /// alive. Every tracked dispatch draws a sequence number (the ticket's
    /// ``DispatchTicket/sequence``).
    ///
    /// - Parameters:
    ///   - action: the action to queue.
    ///   - file: the call site's file, for the log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    public func dispatchTracked(_ action: Action, file: StaticString = #fileID, line: UInt = #line) -> DispatchTicket<Action> {
        source.dispatchTracked(action, file: file, line: line)
    }
}

@available(*, unavailable)
extension MiddlewareContext: Sendable {}

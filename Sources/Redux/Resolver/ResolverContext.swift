/// What a resolver sees: the error, where it came from, the action, and the current state.
///
/// Isolation: main actor; valid only during the resolver call. Not `Sendable`.
@MainActor
@dynamicMemberLookup
public struct ResolverContext<State: Sendable, Action: Sendable> {
    /// The store, or, for a lifted resolver, the child's view of its parent.
    @usableFromInline let source: PipelineSource<State, Action>

    /// The error raised.
    public let error: any Error
    /// Where it was raised: a middleware (by id and position) or a `.task`.
    public let origin: ErrorOrigin
    /// The action as it was when the error was raised (after any `.nextAs`). For a task error,
    /// the action as it reached the middleware that started the task. For a lifted resolver,
    /// the child action it carries.
    public let action: Action
    /// The action as it was dispatched. For a lifted resolver, the child action it carries, or
    /// ``action`` when it carries none for this child.
    public let dispatchedAction: Action

    init(store: Store<State, Action>, error: any Error, origin: ErrorOrigin, action: Action, dispatchedAction: Action) {
        self.init(source: .store(store), error: error, origin: origin, action: action, dispatchedAction: dispatchedAction)
    }

    @usableFromInline
    init(source: PipelineSource<State, Action>, error: any Error, origin: ErrorOrigin, action: Action, dispatchedAction: Action) {
        self.source = source
        self.error = error
        self.origin = origin
        self.action = action
        self.dispatchedAction = dispatchedAction
    }

    /// The current state, as a value (the child's, for a lifted resolver).
    public var state: State { source.state }

    /// Reads one field of the current state without copying the rest.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        source[keyPath]
    }

    /// Queues `action` behind the current one; it is processed after the current action (or,
    /// for a task error, the current effect-error step) ends, never inside it. A lifted
    /// resolver's child action is embedded in the parent's action.
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        source.dispatch(action, file: file, line: line)
    }

    /// Queues `action` behind the current one, like ``dispatch(_:file:line:)``, and returns a
    /// ticket whose ``DispatchTicket/outcome`` says how its run ended.
    ///
    /// The action is processed after the current step ends, so its outcome is never known while
    /// this resolver runs. The ticket does not keep the store alive. Every tracked dispatch draws
    /// a sequence number (the ticket's ``DispatchTicket/sequence``).
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
extension ResolverContext: Sendable {}

/// What a middleware's install hook sees: the initial state and a way to dispatch.
///
/// Isolation: main actor; valid only during the install call. Actions dispatched here are
/// processed through the whole pipeline, exactly once, before the store's initializer returns
/// (unless a middleware suspends one with `.deferred`, which then lands at its resume position),
/// so they come before anything dispatched after `init`.
@MainActor
@dynamicMemberLookup
public struct MiddlewareInstallContext<State: Sendable, Action: Sendable> {
    /// The store, or, for a lifted middleware, the child's view of its parent.
    @usableFromInline let source: PipelineSource<State, Action>

    /// The middleware's zero-based position in the chain.
    public let position: Int

    init(store: Store<State, Action>, position: Int) {
        self.source = .store(store)
        self.position = position
    }

    @usableFromInline
    init(source: PipelineSource<State, Action>, position: Int) {
        self.source = source
        self.position = position
    }

    /// The current state, as a value.
    public var state: State { source.state }

    /// Reads one field of the current state without copying the rest.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        source[keyPath]
    }

    /// Queues `action`; the store processes it before its initializer returns.
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        source.dispatch(action, file: file, line: line)
    }
}

@available(*, unavailable)
extension MiddlewareInstallContext: Sendable {}

/// A named step that sees every action before the reducers and decides where it goes next.
///
/// Middlewares run in the order given to the store, on the main actor, one action at a time.
/// A middleware reads the state through its ``MiddlewareContext`` but never writes it; it may
/// dispatch (the new action is queued behind the current one, never processed inside it), start
/// asynchronous work with ``MiddlewareExit/task(_:)``, suspend the action with
/// ``MiddlewareExit/deferred(_:)``, or hand an error to the resolvers by throwing.
///
/// An optional install hook runs once, synchronously, at the end of the store's initializer;
/// what it dispatches is processed through the whole pipeline before the initializer returns.
///
/// The `id` is a label for logs and error origins; duplicates are allowed. This is the Redux
/// middleware, with TinyRedux's typed exits.
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
    /// The label this middleware carries in log events and error origins.
    public let id: String

    @usableFromInline
    let install: (@MainActor @Sendable (MiddlewareInstallContext<State, Action>) -> Void)?

    @usableFromInline
    let body: @MainActor @Sendable (MiddlewareContext<State, Action>) throws -> MiddlewareExit<State, Action>

    /// Creates a middleware.
    ///
    /// - Parameters:
    ///   - id: a label for logs and error origins; need not be unique.
    ///   - install: called once on the main actor at the end of the store's initializer.
    ///   - handle: called on the main actor for every action that reaches this middleware. A
    ///     thrown error goes to the resolvers with this middleware as origin.
    public init(
        id: String,
        install: (@MainActor @Sendable (MiddlewareInstallContext<State, Action>) -> Void)? = nil,
        _ handle: @escaping @MainActor @Sendable (MiddlewareContext<State, Action>) throws -> MiddlewareExit<State, Action>
    ) {
        self.id = id
        self.install = install
        self.body = handle
    }
}

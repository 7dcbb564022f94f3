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
///
/// ```swift
/// let audit = Middleware<AppState, AppAction>(id: "audit") { context in
///     print("saw \(context.action) at count \(context.count)")
///     return .next
/// }
/// ```
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
    /// The function a middleware runs for each action that reaches it: called on the main actor,
    /// synchronously, with a context valid only during the call; a thrown error goes to the
    /// resolvers with this middleware as origin.
    public typealias Handler = @MainActor @Sendable (MiddlewareContext<State, Action>) throws -> MiddlewareExit<State, Action>

    /// The function a middleware runs once when the store is created: called on the main actor,
    /// synchronously, at the end of the store's initializer, in chain order.
    public typealias InstallHook = @MainActor @Sendable (MiddlewareInstallContext<State, Action>) -> Void

    /// The label this middleware carries in log events and error origins.
    public let id: String

    @usableFromInline
    let install: InstallHook?

    @usableFromInline
    let body: Handler

    /// Set for lifted middlewares: where the middleware sits in the state tree.
    @usableFromInline
    let lift: Lift<State, Action>?

    /// Creates a middleware.
    ///
    /// The handler is usually written as a trailing closure: `Middleware(id: "audit") { context in ... }`,
    /// or `Middleware(id: "session", install: { ... }) { context in ... }` with an install hook.
    ///
    /// - Parameters:
    ///   - id: a label for logs and error origins; need not be unique.
    ///   - install: called once on the main actor at the end of the store's initializer.
    ///   - handle: called on the main actor for every action that reaches this middleware. A
    ///     thrown error goes to the resolvers with this middleware as origin.
    public init(id: String, install: InstallHook? = nil, handle: @escaping Handler) {
        self.id = id
        self.install = install
        self.body = handle
        self.lift = nil
    }

    /// A lifted middleware.
    @inlinable
    init(id: String, install: InstallHook?, body: @escaping Handler, lift: Lift<State, Action>) {
        self.id = id
        self.install = install
        self.body = body
        self.lift = lift
    }
}

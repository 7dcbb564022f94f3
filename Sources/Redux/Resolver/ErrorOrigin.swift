/// Where an error handed to the resolvers was raised.
///
/// Carried by ``ResolverContext`` and by log events, so a resolver or a log reader can tell a
/// middleware's error from one thrown by store-owned asynchronous work.
public enum ErrorOrigin: Sendable, Hashable, CustomStringConvertible {
    /// A middleware threw, returned `.exit(.resolve(_))`, or its `.deferred` handler failed.
    ///
    /// - Parameters:
    ///   - id: the middleware's ``Middleware/id``.
    ///   - position: its zero-based index in the store's middleware chain.
    case middleware(id: String, position: Int)

    /// A `.task` started by a middleware threw after its action had reached its terminal.
    ///
    /// - Parameters:
    ///   - middlewareID: the ``Middleware/id`` of the middleware that started the task.
    ///   - position: that middleware's zero-based index in the chain.
    case effect(middlewareID: String, position: Int)

    public var description: String {
        switch self {
        case let .middleware(id, position): "middleware \(id)#\(position)"
        case let .effect(id, position): "effect of middleware \(id)#\(position)"
        }
    }
}

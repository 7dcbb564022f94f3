/// Where an error handed to the resolvers was raised.
///
/// Carried by ``ResolverContext`` and by log events, so a resolver or a log reader can tell a
/// middleware's error from one thrown by store-owned asynchronous work. ``componentID`` and
/// ``position`` name the component without a `switch`.
///
/// - Important: This enum gains cases as the library gains kinds of work (see
///   <doc:EnumPolicy>). Give a `switch` over it a `default:` branch; the hidden case
///   `_doNotMatchThisCase` makes the compiler ask for one. Matching one case with `if case` or
///   reading ``componentID`` and ``position`` needs no `default:`.
public enum ErrorOrigin: Sendable, Hashable, CustomStringConvertible {
    /// A middleware threw, returned `.exit(.resolve(_))`, or its `.deferred` handler failed.
    ///
    /// - Parameters:
    ///   - id: the middleware's ``Middleware/id``.
    ///   - position: its zero-based index in the store's middleware chain.
    case middleware(id: String, position: Int)

    /// A `.task` or an ``Effect`` started by a middleware threw after its action had reached its
    /// terminal.
    ///
    /// - Parameters:
    ///   - middlewareID: the ``Middleware/id`` of the middleware that started the task.
    ///   - position: that middleware's zero-based index in the chain.
    case effect(middlewareID: String, position: Int)

    /// An ``Effect`` returned by a reducer threw; the resolver is consulted after the producing
    /// action's terminal, and ``ResolverContext`` names that action.
    ///
    /// - Parameters:
    ///   - id: the ``Reducer/id`` of the reducer that returned the effect.
    ///   - position: its zero-based index in the store's reducer chain.
    case reducer(id: String, position: Int)

    /// Not a real origin: the library never produces it. It exists so that a `switch` over
    /// ``ErrorOrigin`` must have a `default:` branch, and adding origins never breaks it.
    case _doNotMatchThisCase

    /// The `id` of the component the error is attributed to: the middleware that raised it, or
    /// the one that started the failing `.task`. Empty for `_doNotMatchThisCase`.
    public var componentID: String {
        switch self {
        case .middleware(let id, _): id
        case .effect(let id, _): id
        case .reducer(let id, _): id
        case ._doNotMatchThisCase: ""
        }
    }

    /// The zero-based index of that component in its chain. `-1` for `_doNotMatchThisCase`.
    public var position: Int {
        switch self {
        case .middleware(_, let position): position
        case .effect(_, let position): position
        case .reducer(_, let position): position
        case ._doNotMatchThisCase: -1
        }
    }

    /// `middleware id#position` or `effect of middleware id#position`.
    public var description: String {
        switch self {
        case let .middleware(id, position): "middleware \(id)#\(position)"
        case let .effect(id, position): "effect of middleware \(id)#\(position)"
        case let .reducer(id, position): "effect of reducer \(id)#\(position)"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

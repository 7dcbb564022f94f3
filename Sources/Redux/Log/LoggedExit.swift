/// The exit a middleware, a resumed `.deferred` handler or a resolver returned, as the log
/// records it (closures left out, so it can be printed and compared).
///
/// Built by the store on the main actor when a log handler is attached; one enum covers the
/// three components' exits so a log reader handles them alike.
///
/// Equatable when `Action` is: two ``resolve(_:)`` (or two ``fail(_:)``) exits are equal when
/// their errors have the same dynamic type and the same `String(describing:)` text.
///
/// - Important: This enum may gain cases as the components gain exits (see <doc:EnumPolicy>).
///   Give a `switch` over it a `default:` branch; the hidden case `_doNotMatchThisCase` makes
///   the compiler ask for one.
public enum LoggedExit<Action: Sendable>: Sendable {
    /// `.next`.
    case next
    /// `.defaultNext`: the component declined the action.
    case defaultNext
    /// `.nextAs(action)`.
    case nextAs(Action)
    /// `.exit(.reduce)`.
    case reduce
    /// `.exit(.reduceAs(action))`.
    case reduceAs(Action)
    /// `.exit(.done)`.
    case done
    /// `.exit(.resolve(error))`, or the component threw `error`.
    case resolve(any Error)
    /// A resolver's `.exit(.fail(error))`.
    case fail(any Error)
    /// `.task`: asynchronous work started, the chain went on.
    case task
    /// A middleware returned ``MiddlewareExit/effect(_:)``.
    case effect
    /// `.deferred`: the action's chain was suspended.
    case deferred
    /// Not a real exit: the library never produces it. It exists so that a `switch` over
    /// ``LoggedExit`` must have a `default:` branch, and adding exits never breaks it.
    case _doNotMatchThisCase
}

extension LoggedExit {
    @usableFromInline
    init<State>(_ exit: MiddlewareExit<State, Action>) {
        switch exit {
        case .next: self = .next
        case .defaultNext: self = .defaultNext
        case .nextAs(let action): self = .nextAs(action)
        case .exit(let terminal): self.init(terminal)
        case .task: self = .task
        case .effect: self = .effect
        case .deferred: self = .deferred
        }
    }

    @usableFromInline
    init(_ terminal: MiddlewareTerminal<Action>) {
        switch terminal {
        case .reduce: self = .reduce
        case .reduceAs(let action): self = .reduceAs(action)
        case .done: self = .done
        case .resolve(let error): self = .resolve(error)
        }
    }

    @usableFromInline
    init(_ exit: DeferredExit<Action>) {
        switch exit {
        case .next: self = .next
        case .nextAs(let action): self = .nextAs(action)
        case .exit(let terminal): self.init(terminal)
        }
    }

    @usableFromInline
    init(_ exit: ResolverExit<Action>) {
        switch exit {
        case .defaultNext: self = .defaultNext
        case .exit(.reduce): self = .reduce
        case .exit(.reduceAs(let action)): self = .reduceAs(action)
        case .exit(.done): self = .done
        case .exit(.fail(let error)): self = .fail(error)
        }
    }
}

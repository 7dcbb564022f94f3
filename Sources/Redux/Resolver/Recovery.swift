/// How a resolver recovered an action, as reported by ``DispatchOutcome/recovered(_:reduced:)``.
///
/// One case per recovering ``ResolverTerminal`` (every terminal but `.fail`). Equatable when
/// `Action` is.
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. It mirrors ``ResolverTerminal``, which is closed too.
@frozen
public enum Recovery<Action: Sendable>: Sendable {
    /// The resolver answered `.exit(.reduce)`: the action as it was when the error was raised
    /// went to the reducers.
    case reduce

    /// The resolver answered `.exit(.reduceAs(action))`: `action` went to the reducers.
    case reduceAs(Action)

    /// The resolver answered `.exit(.done)`: the error was dealt with and nothing was reduced.
    case done
}

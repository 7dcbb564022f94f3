/// What a resolver tells the store about an error it was shown.
///
/// Resolvers are consulted in order; the first one that does not answer ``defaultNext`` decides.
/// When all decline, the store's built-in default fails the action: it is logged, the state is
/// unchanged and the store keeps working. Follows TinyRedux's resolver.
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. A resolver either declines or settles.
@frozen
public enum ResolverExit<Action: Sendable>: Sendable {
    /// Not this resolver's error: the next resolver is consulted.
    ///
    /// Log: a `.resolver` event with exit `.defaultNext`.
    case defaultNext

    /// Settle the error (see ``ResolverTerminal``); no later resolver is consulted.
    ///
    /// Log: a `.resolver` event with the terminal's exit, then the outcome.
    case exit(ResolverTerminal<Action>)
}

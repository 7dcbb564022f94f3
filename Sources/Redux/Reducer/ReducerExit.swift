/// What a reducer tells the store after it ran: whether it handled the action and whether the
/// reducer chain goes on.
///
/// Reducers run in the order they were given to the store, on the main actor, one action at a
/// time. The exit only steers the reducer chain; the action's terminal outcome is decided from
/// the exits of the whole chain (see ``DispatchOutcome``). The three cases follow TinyRedux's
/// reducer exits.
///
/// Closed: this enum will not gain cases (see <doc:EnumPolicy>), so a `switch` over it may list
/// every case without a `default:`. The three cases are every answer a reducer can give: handled
/// and go on, handled and stop, or not handled.
@frozen
public enum ReducerExit: Sendable, Hashable {
    /// Handled; the next reducer runs too.
    ///
    /// Pipeline: the chain continues. Observation: the action counts as handled, so observers
    /// are told. Log: a `.reducer` event with exit `.next`.
    case next

    /// Handled; no later reducer sees this action.
    ///
    /// Pipeline: the reducer chain stops here. Observation: observers are told. Log: a
    /// `.reducer` event with exit `.done`.
    case done

    /// Not handled: this reducer ignored the action and must not have written the state.
    ///
    /// Pipeline: the chain continues. Observation: this reducer alone does not make observers be
    /// told; if it wrote the state anyway, the write is kept but nobody is notified for it.
    /// Log: a `.reducer` event with exit `.defaultNext`. If every reducer answers this, the
    /// action's outcome is ``DispatchOutcome/unhandled``.
    case defaultNext
}

/// What one reducer call produced, as returned by ``Reducer/reduce(_:_:)``: the reducer's exit,
/// and whether it handled the action.
///
/// It lets a test call a reducer on its own, without a store:
///
/// ```swift
/// var state = AppState()
/// let reduction = counter.reduce(&state, .increment)
/// #expect(reduction.isHandled)
/// #expect(state.count == 1)
/// ```
///
/// A later version adds the effects a reducer returns (the idea of a reducer that returns its
/// follow-up work with its result comes from Elm's `update` and The Composable Architecture's
/// effects). For that reason this type is deliberately not `Equatable`, and it may gain stored
/// properties: compare ``exit`` or ``isHandled`` rather than whole values, and do not rely on
/// building one yourself (it has no public initializer).
///
/// `Sendable`; a plain value with no isolation of its own.
public struct Reduction<Action: Sendable>: Sendable {
    /// What the reducer answered.
    public let exit: ReducerExit

    @usableFromInline
    init(exit: ReducerExit) {
        self.exit = exit
    }

    /// Whether the reducer handled the action: its exit was ``ReducerExit/next`` or
    /// ``ReducerExit/done``, not ``ReducerExit/defaultNext``. In a store, a handled action makes
    /// observers be told.
    @inlinable
    public var isHandled: Bool { exit != .defaultNext }
}

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
/// It also carries the ``effect`` the reducer returned (the idea of a reducer that returns its
/// follow-up work with its result comes from Elm's `update` and The Composable Architecture's
/// effects). Build one with ``init(_:_:)`` (`Reduction(.defaultNext)` for "not mine"), ``next(_:)`` or
/// ``done(_:)`` in a reducer made with ``Reducer/init(id:reduction:)``.
///
/// Not `Equatable` (an effect holds closures): compare ``exit``, ``isHandled`` or
/// ``Effect/isNone``.
///
/// `Sendable`; a plain value with no isolation of its own.
public struct Reduction<Action: Sendable>: Sendable {
    /// What the reducer answered.
    public let exit: ReducerExit

    /// The effects the reducer returned; ``Effect/none`` for a reducer without effects.
    public let effect: Effect<Action>

    /// A reduction with `exit` and the effects to start (none by default).
    ///
    /// An effect with ``ReducerExit/defaultNext`` is a programming error: the store asserts in
    /// debug builds and drops the effect.
    @inlinable
    public init(_ exit: ReducerExit, _ effect: Effect<Action> = .none) {
        self.exit = exit
        self.effect = effect
    }

    /// Handled; the chain goes on; `effect` starts after the reducers.
    @inlinable
    public static func next(_ effect: Effect<Action> = .none) -> Reduction { Reduction(.next, effect) }

    /// Handled; the chain stops here; `effect` starts after the reducers.
    @inlinable
    public static func done(_ effect: Effect<Action> = .none) -> Reduction { Reduction(.done, effect) }

    /// Whether the reducer handled the action: its exit was ``ReducerExit/next`` or
    /// ``ReducerExit/done``, not ``ReducerExit/defaultNext``. In a store, a handled action makes
    /// observers be told.
    @inlinable
    public var isHandled: Bool { exit != .defaultNext }
}

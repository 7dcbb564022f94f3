/// A named state transition: the only component allowed to write a store's state.
///
/// A reducer receives the state `inout`, so it mutates it in place: writing one element of a
/// large array inside the state does not copy the array. It answers a ``ReducerExit``.
///
/// Isolation: the body is a synchronous `@Sendable` function; the store calls it on the main
/// actor, never concurrently with itself, one action at a time and in the queue's FIFO order.
/// It must be pure apart from the state it is given (side effects belong in middleware).
///
/// The `id` is a label used in log events; duplicates are allowed, and events also carry the
/// reducer's position in the chain. The shape is ReduxCore's `inout` reducer with TinyRedux's
/// typed exit.
///
/// A reducer can be called on its own, without a store, with ``reduce(_:_:)``: a unit test
/// gives it a state and an action and checks the state and the ``Reduction``.
///
/// ```swift
/// let counter = Reducer<AppState, AppAction>(id: "counter") { state, action in
///     switch action {
///     case .increment: state.count += 1; return .next
///     default: return .defaultNext
///     }
/// }
/// ```
public struct Reducer<State, Action>: Sendable {
    /// The function a reducer runs: it mutates the state in place and says whether it handled the
    /// action. Synchronous and `@Sendable`; the store calls it on the main actor.
    public typealias Body = @Sendable (inout State, Action) -> ReducerExit

    /// The label this reducer carries in log events.
    public let id: String

    @usableFromInline
    let body: Body

    /// Creates a reducer from a function that mutates the state and says whether it handled the
    /// action.
    ///
    /// - Parameters:
    ///   - id: a label for logs; need not be unique.
    ///   - reduce: called on the main actor with the state to mutate in place and the action.
    public init(id: String, _ reduce: @escaping Body) {
        self.id = id
        self.body = reduce
    }

    /// Creates a reducer from a plain ReduxCore-style function that handles every action.
    ///
    /// The exit is always ``ReducerExit/next``, so every action this reducer sees counts as
    /// handled and observers are told after it.
    public init(id: String, handlingAll reduce: @escaping @Sendable (inout State, Action) -> Void) {
        self.id = id
        self.body = { state, action in
            reduce(&state, action)
            return .next
        }
    }
}

extension Reducer where Action: Sendable {
    /// Runs this reducer once on `state`, outside any store, and returns what it produced.
    ///
    /// For unit tests and for composing reducers by hand: it calls the same body the store calls,
    /// but synchronously in the caller's isolation (the body is a `@Sendable` function with no
    /// isolation of its own). Nothing is logged, no observer is told and no other reducer runs;
    /// in a store, the chain goes on after a ``ReducerExit/next`` and stops after a
    /// ``ReducerExit/done``.
    ///
    /// - Parameters:
    ///   - state: the state to mutate in place.
    ///   - action: the action to reduce.
    /// - Returns: the reducer's exit and whether it handled the action (see ``Reduction``).
    @inlinable
    @discardableResult
    public func reduce(_ state: inout State, _ action: Action) -> Reduction<Action> {
        Reduction(exit: body(&state, action))
    }
}

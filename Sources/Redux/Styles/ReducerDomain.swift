/// A feature written as a type: its `State`, its `Action` and a ``body`` of child reducers
/// composed with ``ReducerBuilder`` — ReduxCore's `ReducerDomain` style, on the one reducer slot.
///
/// ```swift
/// struct Counter: ReducerDomain {
///     var logsTaps = false
///     var body: [Reducer<CounterState, CounterAction>] {
///         Reducer(id: "count", handlingAll: { state, action in
///             if action == .tap { state.count += 1 }
///         })
///         if logsTaps {
///             Reducer(id: "taps", handlingAll: { state, action in state.log.append("\(action)") })
///         }
///     }
/// }
/// let store = Store(initialState: CounterState(), domain: Counter(logsTaps: true))
/// ```
///
/// The body needs no `@ReducerBuilder` attribute where the conformance is declared (the type's
/// declaration, or the extension that declares it): the requirement carries it. A `body` in
/// another extension needs `@ReducerBuilder<State, Action>` written out.
///
/// **The body is built once**, when a store is created from the domain
/// (``Store/init(initialState:domain:middlewares:resolvers:options:onLog:)``), when it is
/// lifted into a parent (`lift(state:action:name:)`), or whenever ``reducers`` is read — never
/// per action. An `if`, `if let`, `switch` or `for` in the body is evaluated then, with the
/// domain value's properties as they are at that moment; the body cannot see the state. In the
/// example above, `Counter(logsTaps: false)` gives a store without the `taps` reducer for its
/// whole life, and changing `logsTaps` on some copy of the domain afterwards changes nothing.
/// A decision that depends on the state or the action belongs inside a child reducer.
///
/// **Order.** The children run in declaration order, which is the store's chain order: the
/// first declared runs first, and every one runs for every action unless one answers
/// ``ReducerExit/done``, which stops the later ones. A nested domain's children take its place
/// in that order. This differs from the seed, whose `@ReducerCombine` runs later reducers first,
/// falling back to earlier ones: to port a body that relied on that, declare its children in
/// the reverse order and have a reducer that must stop the fallback answer `.done`.
///
/// Each child is an ordinary ``Reducer`` (exit or effect reducer, or a lifted one): a domain
/// adds no cost per action. Isolation: the body is evaluated on the caller's isolation (the
/// main actor, for a store); the reducers it returns run on the main actor like every reducer.
public protocol ReducerDomain<State, Action> {
    /// The feature's state.
    associatedtype State
    /// The feature's actions.
    associatedtype Action: Sendable

    /// The feature's child reducers, in chain order (first declared runs first).
    ///
    /// Evaluated once per store or lift (see the protocol's documentation): conditions and
    /// loops in it are decided then, not per action.
    @ReducerBuilder<State, Action> var body: [Reducer<State, Action>] { get }
}

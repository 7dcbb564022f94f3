import Observation

/// A feature module run on its own, outside any app: the feature's real components on a store of
/// its local state, and the list of actions dispatched to it — for previews, for tests of a view
/// model, and for a feature's own tests (TinyRedux's projected module; SwiftUI previews' habit of
/// running a view on a stand-alone value).
///
/// ```swift
/// let profile = ProjectedModule(
///     initialState: ProfileState(name: "Ada", notifications: true),
///     reducers: [Profile.reducer]
/// )
/// profile.dispatch(.rename("Grace"))
/// profile.dispatch(.setNotifications(false))
/// profile.state.name      // "Grace"
/// profile.actions         // [.rename("Grace"), .setNotifications(false)]
/// ```
///
/// **A store inside.** The module owns a private ``Store`` of the local state and actions built
/// from the components given (every reducer style ends in reducers: see the initializers), so
/// the feature runs exactly as it runs lifted into an app, minus the map: middlewares see its
/// actions and may redirect them, resolvers take its errors, and effects run — on the store's
/// runtime, with the store's ordering, cancellation and clock (``StoreOptions/clock``; give a
/// virtual clock to control time). Nothing is dropped: an effect's actions are dispatched to
/// the inner store and reduced. Wait for them with ``settled(timeout:)`` or
/// ``quiescent(timeout:)``. Releasing the module releases the store, which cancels its work.
///
/// **Recorded actions.** ``actions`` lists, in order, every action dispatched through
/// `dispatch(_:)` (what the view or view model sent), recorded before it is
/// processed. Actions the feature's own components dispatch or send (middleware dispatches,
/// effect actions, redirects) are not in the list: they are the feature's behaviour, visible
/// in ``state`` and in the `onLog` events.
///
/// Isolation: main actor, like the store. Dispatch follows the store's rules: a dispatch from
/// outside the pipeline is processed before it returns. Observation: reading ``state`` (or a
/// field through dynamic member lookup) registers interest on the inner store, so a SwiftUI
/// view or `withObservationTracking` is told after a handled action, as with a store or an
/// app's slice.
@MainActor
public final class ProjectedModule<State: Sendable, Action: Sendable>: StoreModule {
    /// The store the feature runs on.
    @usableFromInline let store: Store<State, Action>

    /// Every action dispatched through `dispatch(_:)`, in dispatch order (not the
    /// actions the feature's components dispatch themselves). Not observed.
    public private(set) var actions: [Action] = []

    /// Runs `reducers` (and, if given, `middlewares` and `resolvers`) standalone on
    /// `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: the local state before any action.
    ///   - reducers: the feature's reducers, in chain order (any style: see the other
    ///     initializers for a ``Behavior``, a ``ReducerDomain``, a ``Command`` reducer and a
    ///     ``StateNode``).
    ///   - middlewares: the feature's middlewares, run before the reducers.
    ///   - resolvers: the feature's resolvers.
    ///   - options: the inner store's options (its clock, dependencies and diagnostics).
    ///   - onLog: receives the inner store's log events, on the main actor.
    public init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        onLog: Store<State, Action>.LogHandler? = nil
    ) {
        store = Store(
            initialState: initialState, reducers: reducers, middlewares: middlewares, resolvers: resolvers,
            options: options, onLog: onLog
        )
    }

    /// The local state, now. Reading it tracks the inner store's whole state.
    public var state: State { store.state }

    /// One member of the local state, tracked alone on the inner store (like the store's own
    /// member reads, see <doc:Observation>): `module.name` is `module.state.name`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        store[dynamicMember: keyPath]
    }

    /// The ``StoreModule`` requirement: ``dispatch(_:file:line:)`` from `site`.
    @inlinable
    public func dispatch(_ action: Action, at site: CallSite) {
        dispatch(action, file: site.file, line: site.line)
    }

    /// Records `action`, then dispatches it to the inner store (processed before this returns).
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        actions.append(action)
        store.dispatch(action, file: file, line: line)
    }

    /// Waits until the inner store has settled: nothing queued, suspended or running, every
    /// effect ended (see ``Store/settled(timeout:)``).
    ///
    /// - Throws: ``SettleTimeoutError`` if `timeout` passes first.
    public func settled(timeout: Duration? = nil) async throws {
        try await store.settled(timeout: timeout)
    }

    /// Waits until the inner store is quiescent: every task it owns has ended or sleeps on its
    /// (virtual) clock, nothing is queued (see ``Store/quiescent(timeout:)``).
    ///
    /// - Throws: ``SettleTimeoutError`` if `timeout` passes first.
    public func quiescent(timeout: Duration? = nil) async throws {
        try await store.quiescent(timeout: timeout)
    }
}

/// Observable through its inner store: ``ProjectedModule/state`` registers interest there.
extension ProjectedModule: Observable {}

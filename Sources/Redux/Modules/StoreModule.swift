/// What a feature's code depends on to read and change its part of the app's store, without
/// knowing the app: the local state, dispatch of local actions, and bindings (TinyRedux's
/// `ReduxModule`). A view or a view model takes `any StoreModule<ProfileState, ProfileAction>`
/// and works the same against the app's slice (`store.slice(map)`), a projected module running
/// the feature's reducers on their own, or a constant one in a preview.
///
/// Isolation: main actor, like ``Store``. Reading ``state`` tracks the root members the module's
/// state comes from (Observation framework; see <doc:Observation>).
@MainActor
@dynamicMemberLookup
public protocol StoreModule<State, Action>: AnyObject {
    /// The module's local state.
    associatedtype State
    /// The module's local actions.
    associatedtype Action: Sendable

    /// The local state, now. Reading it registers observation interest (Observation framework).
    var state: State { get }

    /// Dispatches a local action from `site`: embedded into the root action and dispatched to
    /// the store with the store's rules (FIFO, processed before this returns when called outside
    /// the pipeline). The call site names the dispatch in the log.
    ///
    /// The requirement a conforming type implements; callers write `module.dispatch(action)`
    /// (``dispatch(_:file:line:)``), which fills in the call site. It has a name of its own so
    /// that a conforming type that forgets it does not compile (rather than the convenience
    /// calling itself).
    func dispatch(_ action: Action, at site: CallSite)
}

extension StoreModule {
    /// Dispatches a local action from this call site (see ``dispatch(_:at:)``).
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        dispatch(action, at: CallSite(file: file, line: line, onMainActor: true))
    }

    /// One field of the local state: `module.name` is `module.state.name`, and tracks what
    /// ``state`` tracks. A slice's own member lookup, used where its type is known
    /// (`StoreSlice`, not `any StoreModule`), tracks only the root member the field comes from
    /// (see <doc:Observation>).
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        state[keyPath: keyPath]
    }

    /// A binding to one field of the local state whose `set` dispatches an action: `get` reads
    /// the field through the module's ``state`` now (tracking what it tracks); `set` dispatches `action(newValue)`, and the state
    /// changes when the module's reducers handle it (a binding never writes the state itself).
    ///
    /// ```swift
    /// let name = profile.binding(\.name, send: ProfileAction.rename)
    /// name.wrappedValue = "Grace"     // dispatches .rename("Grace")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: the field of the local state the binding reads.
    ///   - action: the local action a set dispatches, made from the new value.
    ///   - file: the call site every dispatch of the binding names in the log and in diagnostics
    ///     (defaults to `#fileID` where the binding is made).
    ///   - line: that call site's line (defaults to `#line`).
    public func binding<Value>(
        _ keyPath: KeyPath<State, Value>,
        send action: @escaping (Value) -> Action,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> StateBinding<Value> {
        let site = CallSite(file: file, line: line, onMainActor: true)
        return StateBinding(get: { self.state[keyPath: keyPath] }, set: { self.dispatch(action($0), at: site) })
    }
}

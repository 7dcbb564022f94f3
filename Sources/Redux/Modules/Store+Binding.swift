/// Bindings on the root store, as on every ``StoreModule``: a view of the whole app state binds
/// a field to the action that changes it, without a slice.
extension Store {
    /// A binding to one field of the state whose `set` dispatches an action: `get` reads the
    /// field now (tracking that member only, like `store.field`: see <doc:Observation>); `set`
    /// dispatches `action(newValue)` with the store's rules, and the state changes when a reducer
    /// handles it (a binding never writes the state itself). The same shape as
    /// ``StoreModule/binding(_:send:file:line:)``.
    ///
    /// ```swift
    /// let query = store.binding(\.query, send: AppAction.search)
    /// query.wrappedValue = "redux"     // dispatches .search("redux")
    /// ```
    ///
    /// The binding holds the store weakly, like a slice: once the store is gone, `get` answers
    /// the value it last read and `set` dispatches nothing. Isolation: main actor.
    ///
    /// - Parameters:
    ///   - keyPath: the field the binding reads.
    ///   - action: the action a set dispatches, made from the new value.
    ///   - file: the call site every dispatch of the binding names in the log and in diagnostics
    ///     (defaults to `#fileID` where the binding is made).
    ///   - line: that call site's line (defaults to `#line`).
    public func binding<Value>(
        _ keyPath: KeyPath<State, Value>,
        send action: @escaping (Value) -> Action,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> StateBinding<Value> {
        var last = currentState[keyPath: keyPath]
        return StateBinding(
            get: { [weak self] in
                guard let self else { return last }
                last = self[dynamicMember: keyPath]
                return last
            },
            set: { [weak self] in self?.dispatch(action($0), file: file, line: line) }
        )
    }
}

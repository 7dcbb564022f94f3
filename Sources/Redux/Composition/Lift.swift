/// What a lifted component knows about where it sits: how to name its path for an action (for
/// the log), why it would skip an action (its child is absent), and whether a child instance it
/// started work for is still in the state. Made once per lift; nested lifts wrap the inner one.
///
/// Every function is pure and called on the main actor by the store: ``logPath`` and ``absence``
/// only when a log handler is attached, ``isAlive`` only for instances that have work in flight.
@usableFromInline
final class Lift<State, Action>: Sendable {
    /// The component's path for `action` (its element id included).
    @usableFromInline let logPath: @Sendable (Action) -> ChildPath
    /// Why the component skips `action` in `state`, if it does because its child is absent.
    @usableFromInline let absence: @Sendable (State, Action) -> (ChildPath, ChildAbsence)?
    /// Whether the instance at `path` (steps from this lift down) is still in `state`.
    @usableFromInline let isAlive: @Sendable (State, ArraySlice<ScopeStep>) -> Bool
    /// Whether some child on this lift's path can go away (so its work needs a lifetime).
    @usableFromInline let removable: Bool

    @usableFromInline
    init(
        removable: Bool,
        logPath: @escaping @Sendable (Action) -> ChildPath,
        absence: @escaping @Sendable (State, Action) -> (ChildPath, ChildAbsence)?,
        isAlive: @escaping @Sendable (State, ArraySlice<ScopeStep>) -> Bool
    ) {
        self.removable = removable
        self.logPath = logPath
        self.absence = absence
        self.isAlive = isAlive
    }
}

/// The default name of a lift: a stored-property key path's own description without its root
/// type (`\AppState.profile` → `profile`); otherwise (computed properties and subscripts print
/// `<computed 0x…>`) `fallback`, the lifted component's id.
@usableFromInline
func liftName(_ name: String?, keyPath: AnyKeyPath, fallback: String) -> String {
    if let name { return name }
    let text = String(describing: keyPath)
    guard !text.contains("<computed"), let dot = text.firstIndex(of: ".") else { return fallback }
    return String(text[text.index(after: dot)...].filter { $0 != "?" })
}

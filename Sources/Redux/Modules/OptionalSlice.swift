/// A feature module's view of a child that can go away (an optional field, one case of an
/// optional enum) through an ``OptionalModuleMap``: the ``StoreSlice`` of one *instance* of that
/// child. Made by `store.slice(map)` or from a lift's key path and embedding
/// (`store.slice(state:action:name:)`), which answers `nil` while the child is absent (`nil`, or
/// another case), so a sheet's view gets a slice only while there is a sheet.
///
/// ```swift
/// if let editor = store.slice(editorMap) {
///     editor.dispatch(.save)
/// }
/// ```
///
/// While its instance is there, an optional slice reads and dispatches like a ``StoreSlice``: its
/// ``state`` is the child in the store's state now (tracking the root member it lives in while
/// attached: see <doc:Observation>), and ``dispatch(_:file:line:)`` embeds the action and
/// dispatches it to the store.
///
/// **Detached**: once the instance it was made for is gone — the child became `nil` or another
/// case, or was replaced by another instance — the slice is *detached*, for good: ``isDetached``
/// is `true`, ``state`` answers the value it last saw (when it was last read or dispatched
/// through), and ``dispatch(_:file:line:)``
/// dispatches nothing; it logs a `.detachedSlice` warning event instead (``LogEvent/Kind``),
/// whose action is the root action that was not dispatched. A child shown again later is a new
/// instance: make a new slice for it. Instances are told apart the way the composition lifts
/// tell them (see <doc:Composition>): a child held in ``Presented`` (a presented field, or a
/// presented enum whatever its case) by its showing, so a new `Presented` value detaches the
/// slice even when it is equal to the old one; an `Identifiable` child by its id; any other
/// child by its place (for an enum, by its case), so for such a child a dismissal and a new
/// showing that both happen between two uses of the slice look like the same instance. The
/// slice finds out when it is used (read or dispatched through); the store does not track
/// slices.
///
/// An action the slice dispatches while other actions wait ahead of it (a dispatch inside a
/// pass, or one that first processes another isolation's backlog) carries the slice's instance,
/// like the actions an instance's effects send: if the instance leaves the state before the
/// action is processed — even when a new showing took its place by then — the action is dropped
/// and reported like a detached slice's dispatch (a `.detachedSlice` event, or a debug build's
/// diagnostic line).
///
/// Lifetime: like a ``StoreSlice``, it holds its store weakly (a slice whose store is gone is
/// detached) and the store keeps nothing of it. Isolation: main actor.
@MainActor
@dynamicMemberLookup
public final class OptionalSlice<Root: Sendable, RootAction: Sendable, Local: Sendable, LocalAction: Sendable>: StoreModule {
    /// The module's local state.
    public typealias State = Local
    /// The module's local actions.
    public typealias Action = LocalAction

    @usableFromInline weak var store: Store<Root, RootAction>?
    @usableFromInline let map: OptionalModuleMap<Root, RootAction, Local, LocalAction>
    /// The instance this slice was made for.
    @usableFromInline let instance: ScopeStep
    @exclusivity(unchecked) @usableFromInline var last: Local
    @exclusivity(unchecked) @usableFromInline var detached = false

    @usableFromInline
    init(store: Store<Root, RootAction>, map: OptionalModuleMap<Root, RootAction, Local, LocalAction>, instance: ScopeStep, state: Local) {
        self.store = store
        self.map = map
        self.instance = instance
        self.last = state
    }

    /// The child in the store's state now; once detached, the value last seen. While attached it
    /// tracks the root member the child lives in (the optional field or enum, compared by its
    /// comparison class, see <doc:Observation>); a detached slice tracks nothing.
    public var state: Local { current(observing: true) ?? last }

    /// Whether the instance this slice was made for is gone (or the store is): the slice then
    /// reads the value it last saw and dispatches nothing. Checked now; once `true`, `true`
    /// for good. Tracks like ``state``.
    public var isDetached: Bool { current(observing: true) == nil }

    /// The ``StoreModule`` requirement: ``dispatch(_:file:line:)`` from `site`.
    @inlinable
    public func dispatch(_ action: LocalAction, at site: CallSite) {
        dispatch(action, file: site.file, line: site.line)
    }

    /// Embeds `action` and dispatches it to the store from `file`/`line`, with the store's
    /// rules. Detached, it dispatches nothing and logs a `.detachedSlice` warning (when the
    /// store is still there and has a log handler).
    public func dispatch(_ action: LocalAction, file: StaticString = #fileID, line: UInt = #line) {
        let rootAction = map.action.embed(action)
        guard current(observing: false) != nil, let store else {
            store?.logDetachedSlice(rootAction, path: ChildPath([map.access.component(())]), file: file, line: line)
            return
        }
        let (access, instance) = (map.access, instance)
        store.dispatch(
            rootAction,
            fromSliceOf: instance,
            path: ChildPath([access.component(())]),
            isPresent: { [weak store] in store.map { access.alive($0.liveState, instance) != nil } ?? false },
            file: file,
            line: line
        )
        _ = current(observing: false)  // what it saw last includes what the dispatch changed
    }

    /// The instance's state now (keeping it as the last value), or `nil` once detached.
    @usableFromInline
    func current(observing: Bool) -> Local? {
        guard !detached, let store else {
            detached = true
            return nil
        }
        guard let child = map.access.alive(store.currentState, instance) else {
            // While the store time-travels, the state shown is not the live one: the slice
            // stays attached while its instance lives in the live state (see <doc:TimeTravel>).
            if store.travel != nil, map.access.alive(store.liveState, instance) != nil { return last }
            detached = true
            return nil
        }
        if observing { store.trackRoot(map.rootPath) }
        last = child
        return child
    }
}

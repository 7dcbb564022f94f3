/// A feature module's view of one element of an identified collection through an
/// ``ElementModuleMap``: what a list row's view depends on. Made by `store.slice(map, id:)`
/// (`nil` when the collection has no element with that id now), or for every row at once by
/// `store.slices(map)` (one per element, in the collection's order).
///
/// ```swift
/// for row in store.slices(rowsMap) {
///     print(row.id, row.title)
/// }
/// store.slice(rowsMap, id: 3)?.dispatch(.toggle)  // AppAction.rows(.element(id: 3, action: .toggle))
/// ```
///
/// While its element is there, an element slice reads and dispatches like a ``StoreSlice``: its
/// ``state`` is the element in the store's state now (tracking that element only: see
/// <doc:Observation>), and ``dispatch(_:file:line:)`` embeds the action with the
/// element's ``id`` (``ElementAction/element(id:action:)``) and dispatches it to the store.
///
/// **Detached**: once its element is removed the slice is *detached*, for good: ``isDetached``
/// is `true`, ``state`` answers the value it last saw (when it was last read or dispatched
/// through), and ``dispatch(_:file:line:)``
/// dispatches nothing; it logs a `.detachedSlice` warning event instead (``LogEvent/Kind``),
/// whose action is the root action that was not dispatched and whose path names the element
/// (`rows[3]`). The slice finds out when it is used (read or dispatched through); the store
/// does not track slices. The element is its id, as for the composition lifts (see
/// <doc:Composition>): an element replaced with one of the same id, or a collection rebuilt,
/// sorted or filtered, keeps the slice attached; a slice used while its id was absent stays
/// detached and never reaches an element added again with that id (`store.slice(map, id:)`
/// makes a slice for it). The limit of a slice checked when used, the same an `Identifiable`
/// optional's slice has: an id removed and added again between two uses of the slice is not
/// seen as gone, and the slice reads and reaches the new element.
///
/// An action the slice dispatches while other actions wait ahead of it (a dispatch inside a
/// pass, or one that first processes another isolation's backlog) carries the slice's element
/// instance, like the actions an element's effects send: if the element is removed before the
/// action is processed — even when one with the same id was added again by then — the action is
/// dropped and reported like a detached slice's dispatch (a `.detachedSlice` event, or a debug
/// build's diagnostic line).
///
/// Lifetime: like a ``StoreSlice``, it holds its store weakly (a slice whose store is gone is
/// detached) and the store keeps nothing of it. Isolation: main actor.
@MainActor
@dynamicMemberLookup
public final class ElementSlice<Root: Sendable, RootAction: Sendable, Element: Identifiable & Sendable, LocalAction: Sendable>: StoreModule, Identifiable
where Element.ID: Sendable {
    /// The module's local state: one element.
    public typealias State = Element
    /// The module's local actions.
    public typealias Action = LocalAction

    /// The id of the element this slice was made for (it never changes, even once detached).
    public nonisolated let id: Element.ID

    @usableFromInline weak var store: Store<Root, RootAction>?
    @usableFromInline let map: ElementModuleMap<Root, RootAction, Element, LocalAction>
    /// The instance this slice was made for: the element's id.
    @usableFromInline let instance: ScopeStep
    @exclusivity(unchecked) @usableFromInline var last: Element
    @exclusivity(unchecked) @usableFromInline var detached = false

    @usableFromInline
    init(store: Store<Root, RootAction>, map: ElementModuleMap<Root, RootAction, Element, LocalAction>, id: Element.ID, instance: ScopeStep, state: Element) {
        self.id = id
        self.store = store
        self.map = map
        self.instance = instance
        self.last = state
    }

    /// The element in the store's state now; once detached, the value last seen. Tracks this
    /// element only (its per-element stamp, see <doc:Observation>): an observer is told when the
    /// element changes or its id leaves the collection (once), and again if the id comes back.
    @inlinable
    public var state: Element { current(observing: true) ?? last }

    /// Whether the element this slice was made for was removed (or the store is gone): the slice
    /// then reads the value it last saw and dispatches nothing. Checked now; once `true`, `true`
    /// for good. Tracks the element like ``state``.
    @inlinable
    public var isDetached: Bool { current(observing: true) == nil }

    /// The ``StoreModule`` requirement: ``dispatch(_:file:line:)`` from `site`.
    @inlinable
    public func dispatch(_ action: LocalAction, at site: CallSite) {
        dispatch(action, file: site.file, line: site.line)
    }

    /// Embeds `action` for this element and dispatches it to the store from `file`/`line`, with
    /// the store's rules. Detached, it dispatches nothing and logs a `.detachedSlice` warning
    /// (when the store is still there and has a log handler).
    public func dispatch(_ action: LocalAction, file: StaticString = #fileID, line: UInt = #line) {
        let rootAction = map.embed(action, id: id)
        guard current(observing: false) != nil, let store else {
            store?.logDetachedSlice(rootAction, path: ChildPath([map.access.component(id)]), file: file, line: line)
            return
        }
        let (access, instance, id) = (map.access, instance, id)
        store.dispatch(
            rootAction,
            fromSliceOf: instance,
            path: ChildPath([access.component(id)]),
            isPresent: { [weak store] in store.map { access.alive($0.liveState, instance) != nil } ?? false },
            file: file,
            line: line
        )
        _ = current(observing: false)  // what it saw last includes what the dispatch changed
    }

    /// The element's state now (keeping it as the last value), or `nil` once detached.
    @inlinable
    func current(observing: Bool) -> Element? {
        // Tracked even once detached, so that a reader is told when the id comes back.
        if observing, let store { store.trackElement(map.collectionPath, id: id) }
        guard !detached, let store else {
            detached = true
            return nil
        }
        guard let element = map.access.alive(store.currentState, instance) else {
            // While the store time-travels, the state shown is not the live one: the slice
            // stays attached while its instance lives in the live state (see <doc:TimeTravel>).
            if store.travel != nil, map.access.alive(store.liveState, instance) != nil { return last }
            detached = true
            return nil
        }
        last = element
        return element
    }
}

/// A feature module's view of the app's store through a ``ModuleMap``: its local state read
/// from the root state, and its local actions embedded into root actions and dispatched to the
/// store (TinyRedux's slice; The Composable Architecture calls the same idea a *scope*). Made by
/// `store.slice(map)`; a feature's code takes it as
/// `any StoreModule<Local, LocalAction>`.
///
/// ```swift
/// let profile = store.slice(profileMap)
/// profile.name                       // the root's field, through the map
/// profile.dispatch(.rename("Grace")) // dispatched to the store as AppAction.profile(.rename("Grace"))
/// ```
///
/// - **Reading**: ``state`` is the map's local state in the store's state *now*
///   (``ModuleMap/state(in:)``: the field of a linear map, the bound fields of a scattered one);
///   a slice keeps no copy of its own to read from while the store is there.
/// - **Writing**: ``dispatch(_:file:line:)`` embeds the action with the map's
///   ``ModuleMap/action`` and dispatches it to the store, with the store's rules (processed
///   before it returns when called outside the pipeline, queued behind the current action inside
///   it; FIFO); it goes through the whole root pipeline, and the reducers the same map lifted
///   write the root state — the field of a linear map, only the changed bound fields of a
///   scattered one. A slice never writes the state itself.
/// - **Observation**: a slice tracks the root members it reads (see <doc:Observation>):
///   `profile.name` on a linear map over `\.profile` tracks the root path `\.profile.name`, and
///   ``state`` tracks `\.profile` whole; on a scattered map, a member bound by a
///   ``ModuleField`` tracks its root field, and ``state`` (or an unbound member) tracks every
///   bound root field. A change elsewhere in the root state tells no observer of the slice.
/// - **Lifetime**: a slice holds its store *weakly*. A view holds its slice, and a slice must
///   not keep a store the app let go of (and that store's tasks) alive. A slice whose store is
///   gone reads the value it last read (``isDetached`` is then `true`) and dispatches nothing.
///   The store keeps no slice either: slices are cheap values made on demand (one allocation),
///   and nothing of one stays in the store.
///
/// The type is `StoreSlice`, not `Slice`, so that it does not hide the standard library's
/// `Slice` collection type in code that imports this module; the word in the API is still
/// *slice* (`store.slice(map)`).
///
/// Isolation: main actor, like the store.
@MainActor
@dynamicMemberLookup
public final class StoreSlice<Root: Sendable, RootAction: Sendable, Local: Sendable, LocalAction: Sendable>: StoreModule {
    /// The module's local state.
    public typealias State = Local
    /// The module's local actions.
    public typealias Action = LocalAction

    /// Weak: a slice must not keep its store alive (see the type's docs).
    @usableFromInline weak var store: Store<Root, RootAction>?
    @usableFromInline let map: ModuleMap<Root, RootAction, Local, LocalAction>
    /// The local state as last read: what ``state`` answers once the store is gone.
    @exclusivity(unchecked) @usableFromInline var last: Local

    @usableFromInline
    init(store: Store<Root, RootAction>, map: ModuleMap<Root, RootAction, Local, LocalAction>, state: Local) {
        self.store = store
        self.map = map
        self.last = state
    }

    /// The module's local state in the store's state now; once the store is gone, the value
    /// last read. Tracks the module's root members: the linear map's field, or every field a
    /// scattered map binds.
    @inlinable
    public var state: Local {
        guard let store else { return last }
        let local: Local = switch map.form {
        case .linear(let field): store[dynamicMember: field.keyPath]
        case .scattered(_, let fields):
            trackBound(fields, bytes: nil, in: store)
        }
        last = local
        return local
    }

    /// One member of the module's local state: `profile.name` is `profile.state.name`, tracking
    /// only the root member it comes from (the root path `field` + `keyPath` on a linear map;
    /// the bound root field on a scattered map, or every bound field when `keyPath` is not one
    /// bound by a ``ModuleField``). Once the store is gone, the member of the value last read.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<Local, Value>) -> Value {
        guard let store else { return last[keyPath: keyPath] }
        switch map.form {
        case .linear(let field):
            let local = store.local(under: field, tracking: keyPath)
            last = local
            return local[keyPath: keyPath]
        case .scattered(_, let fields):
            let bytes = MemoryLayout<Local>.offset(of: keyPath).map { $0..<($0 + MemoryLayout<Value>.size) }
            let local = trackBound(fields, bytes: bytes, in: store)
            last = local
            return local[keyPath: keyPath]
        }
    }

    /// Tracks the root fields behind the local bytes `bytes` — every binding whose local field
    /// overlaps them (bindings may overlap: `\.whole` and `\.whole.part`), or every binding
    /// when `bytes` is `nil` (the whole local state, or a computed member) — and answers the
    /// local state assembled from the store's state now. A computed bound field counts as
    /// overlapping every read.
    @usableFromInline
    func trackBound(_ fields: ModuleField<Root, Local>, bytes: Range<Int>?, in store: Store<Root, RootAction>) -> Local {
        if store.isReducing { store.readWhileReducing() }
        for binding in fields.bindings {
            if let bytes, let bound = binding.localBytes, !bound.overlaps(bytes), !(bytes.isEmpty && bound.contains(bytes.lowerBound)) {
                continue
            }
            store.trackRoot(binding.root)
        }
        return map.state(in: store.currentState)
    }

    /// Whether the slice has lost its store (the store was released): it then reads the value
    /// it last read and dispatches nothing.
    public var isDetached: Bool { store == nil }

    /// The ``StoreModule`` requirement: ``dispatch(_:file:line:)`` from `site`.
    @inlinable
    public func dispatch(_ action: LocalAction, at site: CallSite) {
        dispatch(action, file: site.file, line: site.line)
    }

    /// Embeds `action` with the map and dispatches it to the store from `file`/`line` (see the
    /// store's ``Store/dispatch(_:file:line:isolation:)-(Action,_,_,_)`` for the rules). Does
    /// nothing once the store is gone.
    @inlinable
    public func dispatch(_ action: LocalAction, file: StaticString = #fileID, line: UInt = #line) {
        guard let store else { return }
        store.dispatch(map.action.embed(action), file: file, line: line)
    }
}

/// Reads that track less than a member's whole value: an enum's case, a collection's structure.
/// The member reads (`store.count`) and the whole-state read (``Store/state``) are on ``Store``
/// itself; slices track the root members they read (see <doc:Observation>).
extension Store {
    /// Reads the value at `keyPath` and tracks only its *case*: an observer is told after a
    /// handled action that changed the case (for an optional enum: to or from `nil`, or to
    /// another case), and not when only the current case's associated values changed. The
    /// comparison reads the case name from the runtime's metadata after each handled action,
    /// without keeping the payload.
    ///
    /// This is the read for a view that switches on a destination and hands each case to a
    /// child view through a slice: the child's changes re-render the child, never the switch.
    ///
    /// ```swift
    /// switch store.case(\.destination) {
    /// case .editor?: EditorView(editor: store.slice(editorMap)!)
    /// case .settings?: SettingsView()
    /// case nil: EmptyView()
    /// }
    /// ```
    ///
    /// The payload in the returned value is what it is now, but is not tracked: read it through
    /// a slice or a member read to be told of its changes. A value that is not an enum, or a
    /// computed key path (never re-evaluated after a reduce), is told after every handled action.
    /// Main actor.
    public func `case`<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
        if isReducing { readWhileReducing() }
        track(observation.caseMember(keyPath))
        return storage[keyPath: keyPath]
    }

    /// The ids of the identified collection at `keyPath`, in order, tracking only its
    /// *structure*: an observer is told after a handled action that added, removed or reordered
    /// elements (or replaced the collection), and not when only elements' contents changed —
    /// what a list view needs, with each row reading its own element through a slice.
    ///
    /// Compared by the collection's structure stamp (see ``IdentifiedArray``), so nothing is
    /// copied. Main actor.
    ///
    /// - Complexity: O(*n*) for the ids returned; the comparison after a dispatch is O(1).
    public func elementIDs<Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>) -> [Element.ID] {
        if isReducing { readWhileReducing() }
        track(observation.structureMember(keyPath))
        return storage[keyPath: keyPath].ids
    }

    // MARK: For slices

    /// Tracks the structure of the collection at `keyPath` (a list of element slices).
    func trackStructure<Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>) {
        track(observation.structureMember(keyPath))
    }

    /// Tracks the element with `id` of the collection at `keyPath` (an element slice's reads),
    /// by its per-element stamp: the row's readers are told when that element changes, is
    /// removed, or comes back.
    @inlinable
    func trackElement<Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>, id: Element.ID) {
        track(observation.elementMember(keyPath, id: id))
    }

    /// Tracks the root member `keyPath`, known by a partial key path (a bound field, an
    /// optional child's field).
    func trackRoot(_ keyPath: PartialKeyPath<State>) {
        track(observation.partialMember(keyPath))
    }

    /// The local state at `field` (a linear slice's), tracking only the root path of its
    /// member `local` (the field's path + `local`).
    @inlinable
    func local<Local, Value>(under field: FieldPath<State, Local>, tracking local: KeyPath<Local, Value>) -> Local {
        if isReducing { readWhileReducing() }
        track(observation.prefixedMember(field.keyPath, local))
        return field.read(storage)
    }
}

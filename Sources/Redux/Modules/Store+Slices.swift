/// Slices: a feature module's view of its part of the store, through the map that also lifts
/// its components (TinyRedux's `store.slice(map)`; The Composable Architecture calls this
/// scoping a store). See <doc:Modules>.
///
/// Slices are made on demand and cheap (one small object; nothing is computed until they are
/// read). The store keeps no slice and no cache of slices: once a view lets its slice go, nothing
/// of it is left, and once a child is gone nothing for its slices is left in the store either.
/// Every slice holds the store weakly.
extension Store {
    /// A slice of the module that `map` plugs in: its state read from this store's state, its
    /// actions embedded and dispatched to this store.
    ///
    /// Reading the state to start the slice's last value does not register observation; reading
    /// the slice does.
    @inlinable
    public func slice<Local, LocalAction>(_ map: ModuleMap<State, Action, Local, LocalAction>) -> StoreSlice<State, Action, Local, LocalAction> {
        StoreSlice(store: self, map: map, state: map.state(in: currentState))
    }

    /// A slice of the child that `map` plugs in, tied to the instance there now; `nil` while the
    /// child is absent (`nil`, or another case). See ``OptionalSlice`` for what the slice does
    /// once that instance is gone.
    ///
    /// Does not register observation: a view that shows the child only while it is there reads
    /// the store (or the slice) too.
    public func slice<Local, LocalAction>(_ map: OptionalModuleMap<State, Action, Local, LocalAction>) -> OptionalSlice<State, Action, Local, LocalAction>? {
        let root = currentState
        guard let instance = map.access.step(root, ()), let child = map.access.alive(root, instance) else { return nil }
        return OptionalSlice(store: self, map: map, instance: instance, state: child)
    }

    /// A slice of the element with `id` of the collection that `map` plugs in, tied to that
    /// element instance; `nil` when the collection has no element with `id` now. See
    /// ``ElementSlice`` for what the slice does once the element is removed.
    ///
    /// Does not register observation.
    public func slice<Element, LocalAction>(_ map: ElementModuleMap<State, Action, Element, LocalAction>, id: Element.ID) -> ElementSlice<State, Action, Element, LocalAction>? {
        elementSlice(map, id: id, in: currentState)
    }

    /// One slice per element of the collection that `map` plugs in, in the collection's order:
    /// a list view's rows (`ForEach(store.slices(rowsMap)) { RowView(row: $0) }`; each slice is
    /// `Identifiable` by its element's id).
    ///
    /// Tracks the collection's *structure* only (its ids and their order, see
    /// <doc:Observation>): a list built from it is told when rows are added, removed or moved,
    /// not when a row's content changes (each row's own slice tracks that).
    ///
    /// - Complexity: O(n) for n elements.
    public func slices<Element, LocalAction>(_ map: ElementModuleMap<State, Action, Element, LocalAction>) -> [ElementSlice<State, Action, Element, LocalAction>] {
        if isReducing { readWhileReducing() }
        trackStructure(map.collectionPath)
        let root = currentState
        return map.collection(root).ids.compactMap { elementSlice(map, id: $0, in: root) }
    }

    @usableFromInline
    func elementSlice<Element, LocalAction>(_ map: ElementModuleMap<State, Action, Element, LocalAction>, id: Element.ID, in root: State) -> ElementSlice<State, Action, Element, LocalAction>? {
        guard let instance = map.access.step(root, id), let element = map.access.alive(root, instance) else { return nil }
        return ElementSlice(store: self, map: map, id: id, instance: instance, state: element)
    }

    /// Dispatches `action`, which a slice of the child instance `step` (at `path` in the log)
    /// embedded, from `file`/`line` on the main actor, after the slice saw its instance in the
    /// state. With nothing queued ahead of it (seen in one look at the queues), it runs at once
    /// like any main-actor dispatch.
    /// Queued behind other actions (inside a pass, or behind another isolation's backlog), it
    /// carries the instance the way an instance's effect sends do: when it is processed, it is
    /// dropped if the instance left the state since (`isPresent` is false, or it was gone at the
    /// end of a reducer chain in between, even if a new instance took its place), and reported
    /// like a detached slice's dispatch.
    @usableFromInline
    func dispatch(
        _ action: Action,
        fromSliceOf step: ScopeStep,
        path: @autoclosure () -> ChildPath,
        isPresent: @escaping @MainActor @Sendable () -> Bool,
        file: StaticString,
        line: UInt
    ) {
        if isInvalidated {
            dispatchOnMainActor(action, file: file, line: line, promise: nil)
            return
        }
        // One look at the inbox decides: an action another isolation queues after it comes
        // after this one, so it cannot be overtaken into a new instance between two looks.
        if !isProcessing, !leavesFastPath, !inbox.hasPending {
            dispatchAtOnce(action, file: file, line: line, promise: nil)
            return
        }
        let sequence = sequenceNumber(for: nil)
        if pressure != nil {
            notePressure(action, sequence: sequence, site: CallSite(file: file, line: line, onMainActor: true))
            if !isProcessing, !scopesDependencies, !inbox.hasPending, travel == nil {
                dispatchAtOnce(action, sequence: sequence, file: file, line: line, promise: nil)
                return
            }
        }
        let probe = SliceProbe(isPresent)
        // Registered, the lifetime ends in the sweep after the chain that removes the instance.
        // With no removable lift there is no sweep: the check when it is processed decides.
        let lifetime = checksLifetimes
            ? instances.lifetime(owner: .slice(probe), path: [step])
            : InstanceLifetime(owner: .slice(probe), path: [step])
        lifetime.sendQueued()
        let run = ActionRun<State, Action>(sequence: sequence, action: action, promise: nil)
        let entry = Entry(run, site: CallSite(file: file, line: line, onMainActor: true), .sliceDispatch(lifetime, path: path()))
        // Queued like any main-actor dispatch: its `.enqueued` event is delivered now.
        if isProcessing {
            enqueueInPipeline(CollectionOfOne(markedAsStoreWork(entry)))
        } else {
            processCall { enqueueInPipeline(CollectionOfOne(entry)) }
        }
    }

    /// Logs that a detached slice (its child instance gone) was asked to dispatch `action`, the
    /// root action it would have dispatched: one `.detachedSlice` warning, with a new sequence
    /// number that no other event carries. Held behind the current pass when called inside one,
    /// like other events about another action than the one being processed. With no log
    /// handler, a store that prints diagnostics writes one line instead. Every slice that drops
    /// an action calls this.
    @usableFromInline
    func logDetachedSlice(_ action: Action, path: ChildPath, file: StaticString, line: UInt) {
        let site = CallSite(file: file, line: line, onMainActor: true)
        guard onLog != nil else {
            if let diagnostics { diagnostics.reportDetachedSlice(action: action, path: path, site: site) }
            return
        }
        emitForeign(LogEvent(sequence: inbox.nextSequence(), action: action, kind: .detachedSlice(path, site)))
    }
}

/// Slices from a lift's key path and embedding: a feature declared once, for its lift and for
/// its views. Each method takes the arguments of the matching `lift` (``Reducer``'s
/// `lift(state:action:name:)` and its optional, ``Presented``, enum-case and element forms)
/// and answers the slice the matching module map would give, without a map written next to the
/// lift. The Composable Architecture calls this scoping a store (`store.scope(state:action:)`).
///
/// ```swift
/// let profileState = \AppState.profile
/// let profileActions = Embedding(\AppAction.profile, embed: AppAction.profile)
/// let reducers = [profileReducer.lift(state: profileState, action: profileActions)]
/// // …in a view:
/// let profile = store.slice(state: profileState, action: profileActions)
/// ```
///
/// A slice made here is the one `store.slice(map)` makes for the map with the same key path,
/// embedding and name (``ModuleMap/linear(state:action:name:)-(_,Embedding<RootAction,LocalAction>,_)``,
/// ``OptionalModuleMap/optional(state:action:name:)-(_,Embedding<RootAction,LocalAction>,_)`` and its siblings,
/// ``ElementModuleMap/elements(state:action:name:)-(_,Embedding<RootAction,ElementAction<Element.ID,LocalAction>>,_)``): it reads the store's state now, embeds
/// and dispatches its actions with the store's rules, holds the store weakly, and a slice of a
/// child that can go away follows the same *instance* the lift follows and is detached once that
/// instance is gone (see ``OptionalSlice`` and ``ElementSlice``):
///
/// - an optional child: gone when `nil`; an `Identifiable` one also when its id changes;
/// - a ``Presented`` child, or a case of a presented enum: gone at every new showing (a new
///   `Presented` value), even one equal to the old, and when `nil`;
/// - an enum case: gone when the enum is `nil` or another case; an `Identifiable` case value
///   also when its id changes;
/// - an element: gone when its id is not in the collection; a rebuilt, sorted or filtered
///   collection that keeps the id keeps the slice.
///
/// A detached slice stays detached: a child shown again is reached by a new slice. `name` names
/// the slice in the `.detachedSlice` warning's path; by default the stored property's name (the
/// lift's default too), or `"module"` for a computed key path (pass the lift's name then).
///
/// Isolation: main actor. Making a slice reads the state without registering observation
/// interest (``slices(state:action:name:)-(_,Embedding<Action,ElementAction<Element.ID,LocalAction>>,_)`` excepted: it tracks the collection's structure);
/// reading the slice tracks the root members it reads (see <doc:Observation>).
extension Store {
    /// A slice of the child stored at `state`, whose actions `action` embeds: the view's side of
    /// `reducer.lift(state: state, action: action)`.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, from this store's state to the child's.
    ///   - action: the action embedding the lift takes.
    ///   - name: the slice's name in log paths; by default the stored property's name.
    @inlinable
    public func slice<Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Local> & Sendable,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> StoreSlice<State, Action, Local, LocalAction> {
        slice(ModuleMap.linear(state: state, action: action, name: name))
    }

    /// A slice of the optional child at `state`, tied to the instance there now; `nil` while the
    /// child is `nil`. The view's side of the optional lift: an `Identifiable` child is its id,
    /// any other is its place.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, to the optional child.
    ///   - action: the action embedding the lift takes.
    ///   - name: the slice's name in log paths; by default the stored property's name.
    @inlinable
    public func slice<Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Local?> & Sendable,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(OptionalModuleMap.optional(state: state, action: action, name: name))
    }

    /// A slice of the child presented at `state`, tied to this showing; `nil` while nothing is
    /// presented. The view's side of the presented lift: a new ``Presented`` value is a new
    /// showing and detaches the slice, even when it is equal to the old one.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, to the presented child.
    ///   - action: the action embedding the lift takes.
    ///   - name: the slice's name in log paths; by default the stored property's name.
    @inlinable
    public func slice<Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Presented<Local>?> & Sendable,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(OptionalModuleMap.presented(state: state, action: action, name: name))
    }

    /// A slice of one case of the optional enum at `state`, tied to the instance there now; `nil`
    /// while the enum is `nil` or another case. The view's side of the enum-case lift: another
    /// case (or `nil`) detaches the slice; an `Identifiable` case value is also its id.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, to the optional enum.
    ///   - embedding: the case embedding the lift takes.
    ///   - action: the action embedding the lift takes.
    ///   - name: the slice's name in log paths; by default the stored property's name.
    @inlinable
    public func slice<Destination, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Destination?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(OptionalModuleMap.enumCase(state: state, case: embedding, action: action, name: name))
    }

    /// A slice of one case of the presented enum at `state`, tied to this showing; `nil` while
    /// nothing is presented or another case is. A new ``Presented`` value detaches the slice,
    /// even of the same case and equal to the old one; so does another case.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, to the presented enum.
    ///   - embedding: the case embedding the lift takes.
    ///   - action: the action embedding the lift takes.
    ///   - name: the slice's name in log paths; by default the stored property's name.
    @inlinable
    public func slice<Destination, Local: Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: Embedding<Action, LocalAction>,
        name: String? = nil
    ) -> OptionalSlice<State, Action, Local, LocalAction>? {
        slice(OptionalModuleMap.presentedCase(state: state, case: embedding, action: action, name: name))
    }

    /// A slice of the element with `id` of the collection at `state`, tied to that id; `nil`
    /// when the collection has no element with `id` now. The view's side of the element lift:
    /// the element is its id, so the slice stays attached while the id is in the collection.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, to the identified collection.
    ///   - action: the element action embedding the lift takes.
    ///   - id: the element's id.
    ///   - name: the slice's name in log paths; by default the stored property's name.
    @inlinable
    public func slice<Element: Identifiable & Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: Embedding<Action, ElementAction<Element.ID, LocalAction>>,
        id: Element.ID,
        name: String? = nil
    ) -> ElementSlice<State, Action, Element, LocalAction>? where Element.ID: Sendable {
        slice(ElementModuleMap.elements(state: state, action: action, name: name), id: id)
    }

    /// One slice per element of the collection at `state`, in the collection's order: a list
    /// view's rows. Like ``slices(_:)``, tracks the collection's structure only (its ids and their
    /// order, see <doc:Observation>): a list built from it is told when rows are added, removed
    /// or moved, not when a row's content changes.
    ///
    /// - Parameters:
    ///   - state: the key path the lift takes, to the identified collection.
    ///   - action: the element action embedding the lift takes.
    ///   - name: the slices' name in log paths; by default the stored property's name.
    ///
    /// - Complexity: O(n) for n elements.
    @inlinable
    public func slices<Element: Identifiable & Sendable, LocalAction: Sendable>(
        state: WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
        action: Embedding<Action, ElementAction<Element.ID, LocalAction>>,
        name: String? = nil
    ) -> [ElementSlice<State, Action, Element, LocalAction>] where Element.ID: Sendable {
        slices(ElementModuleMap.elements(state: state, action: action, name: name))
    }
}

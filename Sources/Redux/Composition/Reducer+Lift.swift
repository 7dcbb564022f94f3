/// Lifting a child feature's reducer into a parent: the child reducer is written against its own
/// `State` and `Action`; the lifted reducer runs it on the part of the parent's state the key path
/// names, for the parent actions the embedding extracts, and returns its effects as parent
/// effects (SwiftRex's `lift`; The Composable Architecture's `Scope`, `ifLet` and `forEach`).
///
/// What every lift does:
/// - **In place.** The child state is mutated where it lives: a child reducer writing one element
///   of a large array inside the parent copies nothing. A stored-property key path is reached by
///   its memory offset (`MemoryLayout.offset(of:)`), without a key-path call.
/// - **Foreign actions.** An action the embedding cannot extract is not the child's: the lifted
///   reducer answers ``ReducerExit/defaultNext`` without running the child.
/// - **Absent children.** An action for an optional child that is `nil`, an enum case that is not
///   current, or an element id not in the collection is skipped (``ReducerExit/defaultNext``),
///   changes nothing, and is logged as a `.childAbsent` warning; the other reducers still see it.
/// - **Effects.** The child's effects send parent actions (embedded), and their cancellation ids
///   are scoped to the child's place in the tree (and element id), so two instances of one child
///   feature never cancel each other. When an instance goes away (at the end of a reducer chain
///   its state is `nil`, another case, another id or a new ``Presented`` value, or its id is no
///   longer in its collection), its effects are cancelled and nothing they send is reduced (see
///   <doc:Composition>).
/// - **Log.** The lifted reducer keeps the child's `id`; its events carry the ``ChildPath``
///   (`profile/rows[3]`) in ``ComponentStep/path``.
///
/// `name` names the lift in paths and effect scopes; by default it is the stored property's name
/// (`\AppState.profile` → `profile`), or the reducer's id for a computed key path.
///
/// Complexity: a lift adds one call to `extract` and, for a collection, one hash lookup per action
/// it sees.
extension Reducer {
    /// Lifts this reducer into a parent whose state stores the child state in a property.
    ///
    /// ```swift
    /// let counter = Reducer<CounterState, CounterAction>(id: "counter") { state, action in ... }
    /// let lifted = counter.lift(state: \AppState.counter, action: Embedding(\.counter, embed: AppAction.counter))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: a writable key path from the parent state to the child state.
    ///   - action: which parent actions are the child's, and how child actions are embedded.
    ///   - name: the lift's name in log paths and effect scopes (see the extension's documentation).
    @inlinable
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Reducer<Parent, ParentAction> {
        let name = liftName(name, keyPath: keyPath, fallback: id)
        let lift = ChildAccess<Parent, ParentAction, State, Action, Void>.stored(keyPath, name: name, actions: action).lift(wrapping: self.lift)
        let extract = action.extract
        let embed = action.embed
        let body = self.body
        let step = ScopeStep(name: name, removable: false)
        let offset = MemoryLayout<Parent>.offset(of: keyPath)
        let exitBody: Reducer<Parent, ParentAction>.Body
        if let offset {
            exitBody = { parent, parentAction in
                guard let childAction = extract(parentAction) else { return .defaultNext }
                return reduceChild(at: &parent, offset: offset, body, childAction)
            }
        } else {
            exitBody = { parent, parentAction in
                guard let childAction = extract(parentAction) else { return .defaultNext }
                return body(&parent[keyPath: keyPath], childAction)
            }
        }
        guard let effectBody else { return Reducer<Parent, ParentAction>(id: id, body: exitBody, effectBody: nil, lift: lift) }
        let liftedEffects: Reducer<Parent, ParentAction>.EffectBody = { parent, parentAction in
            guard let childAction = extract(parentAction) else { return Reduction(.defaultNext) }
            let reduction: Reduction<Action>
            if let offset {
                reduction = reduceChild(at: &parent, offset: offset, effectBody, childAction)
            } else {
                reduction = effectBody(&parent[keyPath: keyPath], childAction)
            }
            if reduction.effect.isNone { return Reduction(reduction.exit) }
            return Reduction(reduction.exit, Effect(.scoped(step, reduction.effect.map(embed, extract: extract))))
        }
        return Reducer<Parent, ParentAction>(id: id, body: exitBody, effectBody: liftedEffects, lift: lift)
    }

    /// Lifts this reducer into a parent whose state holds the child in an optional property (a
    /// child that can be absent: a sheet, a detail).
    ///
    /// While the property is `nil`, the child's actions are skipped with a `.childAbsent` warning.
    /// An `Identifiable` child is identified by its id: replacing it with another id ends the old
    /// instance. Any other child is gone only when the property is `nil` after a reducer chain:
    /// replacing it with a new value in one write cannot be told from mutating it — wrap it in
    /// ``Presented`` and use ``lift(state:action:name:)-(WritableKeyPath<Parent,Presented<State>?>Sendable,Embedding<ParentAction,Action>,_)`` for that.
    @inlinable
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Reducer<Parent, ParentAction> {
        lift(through: .optional(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this reducer into a parent that presents the child through ``Presented``: like an
    /// optional child, and a new ``Presented`` value is a new instance (the old one's effects
    /// are cancelled), even when it is equal to the old one.
    @inlinable
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Reducer<Parent, ParentAction> {
        lift(through: .presented(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this reducer into one case of an optional enum in the parent state (a destination:
    /// `enum Destination { case detail(DetailState), case edit(EditState) }`).
    ///
    /// While the enum is `nil` or another case, the child's actions are skipped with a
    /// `.childAbsent` warning. When the case changes, the old case's effects are cancelled. The
    /// child is mutated in place: the enum is taken out of the parent while the child runs.
    ///
    /// - Parameters:
    ///   - keyPath: a writable key path to the optional enum.
    ///   - embedding: how the child state is found in the enum (`extract`) and put back (`embed`).
    ///   - action: which parent actions are the child's.
    ///   - name: the lift's name; by default the property's name.
    @inlinable
    public func lift<Parent, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Reducer<Parent, ParentAction> {
        lift(through: .enumCase(keyPath, case: embedding, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this reducer into one case of a presented enum (``Presented`` of a destination
    /// enum): like the optional-enum form, and a new ``Presented`` value is a new instance.
    @inlinable
    public func lift<Parent, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Reducer<Parent, ParentAction> {
        lift(through: .presentedCase(keyPath, case: embedding, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this reducer over the elements of an ``IdentifiedArray``: an
    /// ``ElementAction/element(id:action:)`` reaches the reducer of the element with that id.
    ///
    /// A missing id is skipped with a `.childAbsent` warning. A row is its id: the element with
    /// an id is one instance for as long as the id is in the collection at the end of every
    /// reducer chain, so rebuilding, sorting, filtering, moving or reassigning the collection, or
    /// replacing an element with one of the same id — in one reducer or across the reducers of one
    /// chain — neither cancels nor restarts its effects. An id absent when a chain has ended has
    /// its effects cancelled, and nothing they send is reduced; the id added again by a later
    /// action is a new instance, which never gets the old one's results. An element renamed by
    /// its own reducer is a new instance under its new id. Element effects' ids are scoped to the
    /// element.
    ///
    /// Complexity: O(1) per action (one hash lookup of the id).
    @inlinable
    public func lift<Parent, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: Embedding<ParentAction, ElementAction<State.ID, Action>>,
        name: String? = nil
    ) -> Reducer<Parent, ParentAction> where State: Identifiable & Sendable, State.ID: Sendable {
        lift(through: .elements(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts through any ``ChildAccess``: the child runs in place through `access.modify`, its
    /// effects are mapped to parent actions and scoped to the instance's identity.
    @inlinable
    func lift<Parent, ParentAction: Sendable, Key: Sendable>(through access: ChildAccess<Parent, ParentAction, State, Action, Key>) -> Reducer<Parent, ParentAction> {
        let lift = access.lift(wrapping: self.lift)
        let body = self.body
        let exitBody: Reducer<Parent, ParentAction>.Body = { parent, parentAction in
            guard let routed = access.route(parentAction) else { return .defaultNext }
            var exit = ReducerExit.defaultNext
            _ = access.modify(&parent, routed.key) { child in exit = body(&child, routed.action) }
            return exit
        }
        guard let effectBody else { return Reducer<Parent, ParentAction>(id: id, body: exitBody, effectBody: nil, lift: lift) }
        let liftedEffects: Reducer<Parent, ParentAction>.EffectBody = { parent, parentAction in
            guard let routed = access.route(parentAction) else { return Reduction(.defaultNext) }
            var reduction = Reduction<Action>(.defaultNext)
            var newKey = routed.key
            let rekey = access.rekey
            _ = access.modify(&parent, routed.key) { child in
                reduction = effectBody(&child, routed.action)
                if let rekey { newKey = rekey(child) }
            }
            let key = newKey
            if reduction.effect.isNone { return Reduction(reduction.exit) }
            // An element whose reducer changed its own id is re-indexed under the new id: a new
            // instance there (its old id's work ends with the old instance), which the effect
            // it returned belongs to.
            guard let step = access.step(parent, key) else { return Reduction(reduction.exit) }
            return Reduction(reduction.exit, access.parentEffect(reduction.effect, key: key, step: step))
        }
        return Reducer<Parent, ParentAction>(id: id, body: exitBody, effectBody: liftedEffects, lift: lift)
    }
}

extension ChildAccess where Key == Void {
    /// A child stored in a property: always present, identified by its place.
    @inlinable
    static func stored(_ keyPath: WritableKeyPath<Parent, Child> & Sendable, name: String, actions: Embedding<ParentAction, ChildAction>) -> ChildAccess {
        let field = FieldPath(keyPath)
        return ChildAccess(
            name: name,
            actions: actions,
            removable: false,
            read: { parent, _ in field.read(parent) },
            modify: { parent, _, body in
                field.modify(&parent) { body(&$0) }
                return true
            },
            step: { _, _ in ScopeStep(name: name, removable: false) },
            alive: { parent, _ in field.read(parent) },
            absence: { _ in .isNil }
        )
    }
}

/// Runs `body` on the child state stored `offset` bytes into the parent whose address is
/// `parent` (an `inout` argument converted to a pointer for the call): the stored-property fast
/// path of a lift, without a key-path call or a closure.
@inlinable @inline(__always)
func reduceChild<Parent, Child, ChildAction, Result>(
    at parent: UnsafeMutablePointer<Parent>,
    offset: Int,
    _ body: (inout Child, ChildAction) -> Result,
    _ action: ChildAction
) -> Result {
    body(&UnsafeMutableRawPointer(parent).advanced(by: offset).assumingMemoryBound(to: Child.self).pointee, action)
}

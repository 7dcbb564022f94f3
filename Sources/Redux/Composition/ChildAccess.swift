/// How a lift reaches its child: which parent actions are the child's (and for which element),
/// how to read and mutate the child in place, and what identifies the instance. One value per
/// lift; the public `lift` overloads build it for each kind of child (stored, optional,
/// presented, enum case, collection element). `Key` is the element id for a collection and
/// `Void` otherwise.
///
/// Every function is pure and called on the main actor (effect tasks call `embed` when they send).
@usableFromInline
struct ChildAccess<Parent, ParentAction, Child, ChildAction, Key: Sendable>: Sendable {
    @usableFromInline let name: String
    /// Whether the child can go away (every kind but a stored property).
    @usableFromInline let removable: Bool
    /// The key and child action a parent action carries, or `nil` for another feature's action.
    @usableFromInline let route: @Sendable (ParentAction) -> (key: Key, action: ChildAction)?
    /// The parent action for a child action at `key`.
    @usableFromInline let embed: @Sendable (Key, ChildAction) -> ParentAction
    /// The child at `key`, or `nil` when it is absent.
    @usableFromInline let read: @Sendable (Parent, Key) -> Child?
    /// Runs `body` on the child at `key`, in place; `false` (and `body` not run) when absent.
    @usableFromInline let modify: @Sendable (inout Parent, Key, (inout Child) -> Void) -> Bool
    /// The identity of the instance at `key` (present).
    @usableFromInline let step: @Sendable (Parent, Key) -> ScopeStep?
    /// The child of the instance `step` names, if that very instance is still there.
    @usableFromInline let alive: @Sendable (Parent, ScopeStep) -> Child?
    /// Why the child at `key` is absent in the parent (when ``read`` says it is).
    @usableFromInline let absence: @Sendable (Parent, Key) -> ChildAbsence
    /// The log component for `key`.
    @usableFromInline let component: @Sendable (Key) -> ChildPath.Component
    /// The key of a child after it ran (a collection element is re-indexed when its reducer
    /// changed its own id); `nil` for the kinds whose key never changes.
    @usableFromInline let rekey: (@Sendable (Child) -> Key)?

    @inlinable
    init(
        name: String,
        removable: Bool,
        route: @escaping @Sendable (ParentAction) -> (key: Key, action: ChildAction)?,
        embed: @escaping @Sendable (Key, ChildAction) -> ParentAction,
        read: @escaping @Sendable (Parent, Key) -> Child?,
        modify: @escaping @Sendable (inout Parent, Key, (inout Child) -> Void) -> Bool,
        step: @escaping @Sendable (Parent, Key) -> ScopeStep?,
        alive: @escaping @Sendable (Parent, ScopeStep) -> Child?,
        absence: @escaping @Sendable (Parent, Key) -> ChildAbsence,
        component: @escaping @Sendable (Key) -> ChildPath.Component,
        rekey: (@Sendable (Child) -> Key)? = nil
    ) {
        self.name = name
        self.removable = removable
        self.route = route
        self.embed = embed
        self.read = read
        self.modify = modify
        self.step = step
        self.alive = alive
        self.absence = absence
        self.component = component
        self.rekey = rekey
    }

    /// The parent action that carries `action` for the child at `key`, and the way back.
    @inlinable
    func extract(_ action: ParentAction, at key: Key) -> ChildAction? where Key: Equatable {
        guard let routed = route(action), routed.key == key else { return nil }
        return routed.action
    }

    /// A child effect as the parent's: what it sends is embedded for the child at `key`, and it
    /// runs inside the instance `step` names (its ids scoped there, its work living as long as
    /// the instance).
    @inlinable
    func parentEffect(_ effect: Effect<ChildAction>, key: Key, step: ScopeStep) -> Effect<ParentAction> where ParentAction: Sendable, ChildAction: Sendable {
        let access = self
        return Effect(.scoped(step, effect.map({ access.embed(key, $0) }, extract: { access.route($0)?.action })))
    }

    /// The ``Lift`` of a component lifted through this access, wrapping the child component's own.
    @inlinable
    func lift(wrapping inner: Lift<Child, ChildAction>?) -> Lift<Parent, ParentAction> {
        let access = self
        return Lift(
            removable: removable || inner?.removable == true,
            logPath: { action in
                guard let routed = access.route(action) else { return ChildPath([ChildPath.Component(name: access.name)]) }
                let here = access.component(routed.key)
                guard let inner else { return ChildPath([here]) }
                return inner.logPath(routed.action).prefixed(with: here)
            },
            absence: { state, action in
                guard let routed = access.route(action) else { return nil }
                let here = access.component(routed.key)
                guard let child = access.read(state, routed.key) else {
                    return (ChildPath([here]), access.absence(state, routed.key))
                }
                guard let inner, let found = inner.absence(child, routed.action) else { return nil }
                return (found.0.prefixed(with: here), found.1)
            },
            isAlive: { state, path in
                guard let first = path.first, let child = access.alive(state, first) else { return false }
                let rest = path.dropFirst()
                guard !rest.isEmpty, let inner else { return true }
                return inner.isAlive(child, rest)
            }
        )
    }
}

// MARK: - The kinds of child

extension ChildAccess where Key == Void {
    /// A child with no key (anything but a collection element): the actions route through
    /// `actions`, and the log names the lift alone.
    @inlinable
    init(
        name: String,
        actions: Embedding<ParentAction, ChildAction>,
        removable: Bool = true,
        read: @escaping @Sendable (Parent, Key) -> Child?,
        modify: @escaping @Sendable (inout Parent, Key, (inout Child) -> Void) -> Bool,
        step: @escaping @Sendable (Parent, Key) -> ScopeStep?,
        alive: @escaping @Sendable (Parent, ScopeStep) -> Child?,
        absence: @escaping @Sendable (Parent) -> ChildAbsence
    ) {
        self.init(
            name: name,
            removable: removable,
            route: { action in actions.extract(action).map { ((), $0) } },
            embed: { _, action in actions.embed(action) },
            read: read,
            modify: modify,
            step: step,
            alive: alive,
            absence: { parent, _ in absence(parent) },
            component: { _ in ChildPath.Component(name: name) }
        )
    }

    /// A child stored in an optional property: absent when `nil`; an `Identifiable` child is
    /// identified by its id, any other by its place (gone only once it is `nil`).
    @inlinable
    static func optional(_ keyPath: WritableKeyPath<Parent, Child?> & Sendable, name: String, actions: Embedding<ParentAction, ChildAction>) -> ChildAccess {
        let field = FieldPath(keyPath)
        return ChildAccess(
            name: name,
            actions: actions,
            read: { parent, _ in field.read(parent) },
            modify: { parent, _, body in
                field.modify(&parent) { slot in
                    guard slot != nil else { return false }
                    body(&slot!)
                    return true
                }
            },
            step: { parent, _ in
                field.read(parent).map { ScopeStep(name: name, element: identity(of: $0), removable: true) }
            },
            alive: { parent, step in
                guard let child = field.read(parent) else { return nil }
                if let id = step.element, identity(of: child) != id { return nil }
                return child
            },
            absence: { _ in .isNil }
        )
    }

    /// A child presented through ``Presented``: absent when `nil`; a new `Presented` value is a
    /// new instance (its generation), even when equal to the old one.
    @inlinable
    static func presented(_ keyPath: WritableKeyPath<Parent, Presented<Child>?> & Sendable, name: String, actions: Embedding<ParentAction, ChildAction>) -> ChildAccess {
        let field = FieldPath(keyPath)
        return ChildAccess(
            name: name,
            actions: actions,
            read: { parent, _ in field.read(parent)?.value },
            modify: { parent, _, body in
                field.modify(&parent) { slot in
                    guard slot != nil else { return false }
                    body(&slot!.value)
                    return true
                }
            },
            step: { parent, _ in
                field.read(parent).map { ScopeStep(name: name, generation: $0.generation, removable: true) }
            },
            alive: { parent, step in
                guard let presented = field.read(parent), presented.generation == step.generation else { return nil }
                return presented.value
            },
            absence: { _ in .isNil }
        )
    }

    /// A child that is one case of an optional enum (a destination): absent when `nil`
    /// (``ChildAbsence/isNil``) or another case (``ChildAbsence/otherCase``). Mutated in place: the enum is taken out of the parent while the child runs.
    @inlinable
    static func enumCase<Destination>(
        _ keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, Child>,
        name: String,
        actions: Embedding<ParentAction, ChildAction>
    ) -> ChildAccess {
        let field = FieldPath(keyPath)
        return ChildAccess(
            name: name,
            actions: actions,
            read: { parent, _ in field.read(parent).flatMap(embedding.extract) },
            modify: { parent, _, body in
                field.modify(&parent) { slot in
                    // No local holds the enum (a `let` lives to the end of its scope in a debug
                    // build, and its reference made the child's first write copy its buffers).
                    guard var child = slot.flatMap(embedding.extract) else { return false }
                    slot = nil  // the child's buffers are now referenced once
                    body(&child)
                    slot = embedding.embed(child)
                    return true
                }
            },
            step: { parent, _ in
                field.read(parent).flatMap(embedding.extract).map { ScopeStep(name: name, element: identity(of: $0), removable: true) }
            },
            alive: { parent, step in
                guard let child = field.read(parent).flatMap(embedding.extract) else { return nil }
                if let id = step.element, identity(of: child) != id { return nil }
                return child
            },
            absence: { parent in field.read(parent) == nil ? .isNil : .otherCase }
        )
    }

    /// A child that is one case of a presented enum: absent when `nil` (``ChildAbsence/isNil``)
    /// or another case (``ChildAbsence/otherCase``); a new
    /// `Presented` value is a new instance.
    @inlinable
    static func presentedCase<Destination>(
        _ keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, Child>,
        name: String,
        actions: Embedding<ParentAction, ChildAction>
    ) -> ChildAccess {
        let field = FieldPath(keyPath)
        return ChildAccess(
            name: name,
            actions: actions,
            read: { parent, _ in field.read(parent).flatMap { embedding.extract($0.value) } },
            modify: { parent, _, body in
                field.modify(&parent) { slot in
                    // As for `enumCase`: no local holds the presented enum while the child runs.
                    guard let generation = slot?.generation, var child = slot.flatMap({ embedding.extract($0.value) }) else { return false }
                    slot = nil  // the child's buffers are now referenced once
                    body(&child)
                    slot = Presented(embedding.embed(child), generation: generation)
                    return true
                }
            },
            step: { parent, _ in
                guard let presented = field.read(parent), embedding.extract(presented.value) != nil else { return nil }
                return ScopeStep(name: name, generation: presented.generation, removable: true)
            },
            alive: { parent, step in
                guard let presented = field.read(parent), presented.generation == step.generation else { return nil }
                return embedding.extract(presented.value)
            },
            absence: { parent in field.read(parent) == nil ? .isNil : .otherCase }
        )
    }
}

extension ChildAccess {
    /// The elements of an ``IdentifiedArray``, addressed by ``ElementAction``: absent when the id
    /// is not in the collection. An element instance is its id: it lasts while the id is in the
    /// collection at the end of every reducer chain (the store's sweep ends it otherwise), so a
    /// rebuilt, sorted, filtered or replaced element with the same id is the same instance.
    @inlinable
    static func elements(
        _ keyPath: WritableKeyPath<Parent, IdentifiedArray<Child>> & Sendable,
        name: String,
        actions: Embedding<ParentAction, ElementAction<Key, ChildAction>>
    ) -> ChildAccess where Child: Identifiable & Sendable, Child.ID == Key {
        let field = FieldPath(keyPath)
        return ChildAccess(
            name: name,
            removable: true,
            route: { action in actions.extract(action).map { ($0.id, $0.action) } },
            embed: { id, action in actions.embed(.element(id: id, action: action)) },
            read: { parent, id in field.read(parent)[id: id] },
            modify: { parent, id, body in
                field.modify(&parent) { elements in
                    guard let index = elements.index(id: id) else { return false }
                    elements.withElement(at: index) { body(&$0) }
                    return true
                }
            },
            step: { parent, id in
                field.read(parent).contains(id: id) ? ScopeStep(name: name, element: AnyHashable(id), removable: true) : nil
            },
            alive: { parent, step in
                guard let id = step.element?.base as? Key else { return nil }
                return field.read(parent)[id: id]
            },
            absence: { _, id in .missingElement(id: "\(id)") },
            component: { id in ChildPath.Component(name: name, element: "\(id)") },
            rekey: { $0.id }
        )
    }
}

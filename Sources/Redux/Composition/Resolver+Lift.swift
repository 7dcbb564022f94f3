/// Lifting a child feature's resolver into a parent: the resolver is written against the child's
/// own `State` and `Action`; the lifted resolver is shown only the errors whose action the
/// embedding extracts (and whose child is present), with a context of the child's state and
/// the child action.
///
/// - **Foreign errors.** An error raised for an action the embedding cannot extract is declined
///   (``ResolverExit/defaultNext``) without running the child's resolver.
/// - **Absent children.** An error for an optional child that is `nil`, an enum case that is not
///   current, or an element id not in the collection is declined too, with a `.childAbsent`
///   warning.
/// - **Context.** ``ResolverContext/action`` is the child action; ``ResolverContext/dispatchedAction``
///   is the dispatched action's child action for the same child, or the child action when it
///   has none. Dispatches are embedded in the parent's actions.
/// - **Embedding.** `.exit(.reduceAs(c))` reduces the parent action that embeds `c`.
/// - **Log.** The lifted resolver keeps the child's `id`; its events carry the ``ChildPath``.
///
/// `name` as for ``Middleware``'s lifts.
///
/// Complexity: one call to `extract` per error it is shown.
extension Resolver {
    /// Lifts this resolver into a parent whose state stores the child state in a property.
    ///
    /// - Parameters:
    ///   - keyPath: a writable key path from the parent state to the child state.
    ///   - action: which parent actions are the child's, and how child actions are embedded.
    ///   - name: the lift's name in log paths; by default the property's name.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Resolver<Parent, ParentAction> {
        lift(through: .stored(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this resolver into a parent that holds the child in an optional property.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Resolver<Parent, ParentAction> {
        lift(through: .optional(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this resolver into a parent that presents the child through ``Presented``.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Resolver<Parent, ParentAction> {
        lift(through: .presented(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this resolver into one case of an optional enum in the parent state.
    ///
    /// - Parameters:
    ///   - keyPath: a writable key path to the optional enum.
    ///   - embedding: how the child state is found in the enum (`extract`) and put back (`embed`).
    ///   - action: which parent actions are the child's.
    ///   - name: the lift's name; by default the property's name.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Destination?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Resolver<Parent, ParentAction> {
        lift(through: .enumCase(keyPath, case: embedding, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this resolver into one case of a presented enum.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Resolver<Parent, ParentAction> {
        lift(through: .presentedCase(keyPath, case: embedding, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts this resolver over the elements of an ``IdentifiedArray``: it is shown the errors
    /// of ``ElementAction/element(id:action:)`` actions, with that element's state.
    ///
    /// Complexity: O(1) per error (one hash lookup of the id).
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: Embedding<ParentAction, ElementAction<State.ID, Action>>,
        name: String? = nil
    ) -> Resolver<Parent, ParentAction> where State: Identifiable, State.ID: Sendable {
        lift(through: .elements(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action))
    }

    /// Lifts through any ``ChildAccess``.
    @inlinable
    func lift<Parent: Sendable, ParentAction: Sendable, Key: Sendable>(through access: ChildAccess<Parent, ParentAction, State, Action, Key>) -> Resolver<Parent, ParentAction> {
        let lift = access.lift(wrapping: self.lift)
        let body = self.body
        let handler: Resolver<Parent, ParentAction>.Handler = { context in
            guard let routed = access.route(context.action) else { return .defaultNext }
            let key = routed.key
            guard let child = access.read(context.state, key) else { return .defaultNext }
            // The dispatched action's child action, if it is for this very child.
            let here = access.component(key)
            let dispatched = access.route(context.dispatchedAction).flatMap { access.component($0.key) == here ? $0.action : nil } ?? routed.action
            let source = ChildSource(child: child, parent: context.source, access: access, key: key)
            let childContext = ResolverContext<State, Action>(source: .lifted(source), error: context.error, origin: context.origin, action: routed.action, dispatchedAction: dispatched)
            switch body(childContext) {
            case .defaultNext: return .defaultNext
            case .exit(.reduce): return .exit(.reduce)
            case .exit(.reduceAs(let action)): return .exit(.reduceAs(access.embed(key, action)))
            case .exit(.done): return .exit(.done)
            case .exit(.fail(let error)): return .exit(.fail(error))
            }
        }
        return Resolver<Parent, ParentAction>(id: id, body: handler, lift: lift)
    }
}

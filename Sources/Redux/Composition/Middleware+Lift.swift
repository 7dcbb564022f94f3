/// Lifting a child feature's middleware into a parent: the middleware is written against the
/// child's own `State` and `Action`; the lifted middleware runs it, in the parent's chain, for
/// the parent actions the embedding extracts, with a context that shows the child's state and
/// the child action (SwiftRex's `lift` of a middleware).
///
/// What every lift does:
/// - **Foreign actions.** An action the embedding cannot extract is not the child's: the lifted
///   middleware answers ``MiddlewareExit/defaultNext`` without running the child's (it never
///   sees foreign actions).
/// - **Absent children.** An action for an optional child that is `nil`, an enum case that is not
///   current, or an element id not in the collection is passed by (``MiddlewareExit/defaultNext``)
///   without running the child's middleware, and logged as a `.childAbsent` warning.
/// - **Embedding.** What the child's middleware answers in child actions becomes parent actions:
///   `.nextAs(c)`, `.exit(.reduceAs(c))`, `context.dispatch(c)` and `dispatchTracked(c)` (whose
///   ticket answers in child actions), and what its `.task`, `.deferred` and `.effect` work
///   dispatches or sends.
/// - **Lifetimes.** The `.effect` a lifted middleware starts is scoped to the child's place in
///   the tree, like a lifted reducer's effect. Its `.task` and `.deferred` work gets an
///   ``EffectContext`` of the child (reads throw `CancellationError` once the instance is gone)
///   and lives as long as the child instance does: when the instance goes away (after a reducer
///   chain), the work is cancelled, what it dispatches is dropped when it is processed, and a
///   `.deferred` action's resumption ends it ``DispatchOutcome/cancelled``.
/// - **Install hook.** The child's install hook runs with the child's state and embedded
///   dispatches when the child is present at install time; for a collection lift, it does not
///   run (no element is addressed).
/// - **Log.** The lifted middleware keeps the child's `id`; its events carry the ``ChildPath``
///   in ``ComponentStep/path``.
///
/// `name` names the lift in paths and effect scopes; by default it is the stored property's name
/// (`\AppState.profile` → `profile`), or the middleware's id for a computed key path.
///
/// Complexity: a lift adds one call to `extract` per action it sees and, for an action that is
/// the child's, one read of the child (one hash lookup for a collection) and one allocation.
extension Middleware {
    /// Lifts this middleware into a parent whose state stores the child state in a property.
    ///
    /// ```swift
    /// let audit = Middleware<CounterState, CounterAction>(id: "audit") { context in .next }
    /// let lifted = audit.lift(state: \AppState.counter, action: Embedding(\.counter, embed: AppAction.counter))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: a writable key path from the parent state to the child state.
    ///   - action: which parent actions are the child's, and how child actions are embedded.
    ///   - name: the lift's name in log paths and effect scopes (see the extension's documentation).
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(through: .stored(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action), installKey: ())
    }

    /// Lifts this middleware into a parent that holds the child in an optional property: while
    /// it is `nil`, the child's actions are passed by with a `.childAbsent` warning. Identity as
    /// for ``Reducer/lift(state:action:name:)-(WritableKeyPath<Parent,State?>Sendable,Embedding<ParentAction,Action>,_)``.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, State?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(through: .optional(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action), installKey: ())
    }

    /// Lifts this middleware into a parent that presents the child through ``Presented``: like
    /// an optional child, and a new ``Presented`` value is a new instance (the old one's work
    /// is cancelled).
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, Presented<State>?> & Sendable,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(through: .presented(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action), installKey: ())
    }

    /// Lifts this middleware into one case of an optional enum in the parent state (a
    /// destination): while the enum is `nil` or another case, the child's actions are passed by
    /// with a `.childAbsent` warning; when the case changes, the old case's work is cancelled.
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
    ) -> Middleware<Parent, ParentAction> {
        lift(through: .enumCase(keyPath, case: embedding, name: liftName(name, keyPath: keyPath, fallback: id), actions: action), installKey: ())
    }

    /// Lifts this middleware into one case of a presented enum (``Presented`` of a destination
    /// enum): like the optional-enum form, and a new ``Presented`` value is a new instance.
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable, Destination>(
        state keyPath: WritableKeyPath<Parent, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, State>,
        action: Embedding<ParentAction, Action>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> {
        lift(through: .presentedCase(keyPath, case: embedding, name: liftName(name, keyPath: keyPath, fallback: id), actions: action), installKey: ())
    }

    /// Lifts this middleware over the elements of an ``IdentifiedArray``: an
    /// ``ElementAction/element(id:action:)`` reaches it with that element's state; a missing id
    /// is passed by with a `.childAbsent` warning. A row is its id: the work of an id absent at
    /// the end of a reducer chain is cancelled; moving, sorting, filtering or rebuilding the
    /// collection does not touch the work of the ids still there; an id added again by a later
    /// action is a new instance.
    /// The install hook does not run.
    ///
    /// Complexity: O(1) per action (one hash lookup of the id).
    @inlinable
    public func lift<Parent: Sendable, ParentAction: Sendable>(
        state keyPath: WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable,
        action: Embedding<ParentAction, ElementAction<State.ID, Action>>,
        name: String? = nil
    ) -> Middleware<Parent, ParentAction> where State: Identifiable, State.ID: Sendable {
        lift(through: .elements(keyPath, name: liftName(name, keyPath: keyPath, fallback: id), actions: action), installKey: nil)
    }

    /// Lifts through any ``ChildAccess``. `installKey` is the child the install hook runs for
    /// (`nil`: the hook does not run).
    @inlinable
    func lift<Parent: Sendable, ParentAction: Sendable, Key: Sendable>(
        through access: ChildAccess<Parent, ParentAction, State, Action, Key>,
        installKey: Key?
    ) -> Middleware<Parent, ParentAction> {
        let lift = access.lift(wrapping: self.lift)
        let body = self.body
        let handler: Middleware<Parent, ParentAction>.Handler = { context in
            guard let routed = access.route(context.action) else { return .defaultNext }
            let parent = context.state
            let key = routed.key
            guard let child = access.read(parent, key) else { return .defaultNext }
            let source = ChildSource(child: child, parent: context.source, access: access, key: key)
            LiftChannel.pendingPath = nil
            let exit = try body(MiddlewareContext(source: .lifted(source), action: routed.action))
            return liftedExit(exit, access: access, key: key, parent: parent)
        }
        var install: Middleware<Parent, ParentAction>.InstallHook?
        if let hook = self.install, let installKey {
            install = { context in
                guard let child = access.read(context.state, installKey) else { return }
                let source = ChildSource(child: child, parent: context.source, access: access, key: installKey)
                hook(MiddlewareInstallContext(source: .lifted(source), position: context.position))
            }
        }
        return Middleware<Parent, ParentAction>(id: id, install: install, body: handler, lift: lift)
    }
}

/// A child middleware's exit in the parent's actions: child actions embedded; an effect mapped
/// and scoped to the instance; `.task` and `.deferred` work given a lifted ``EffectContext``, and
/// the instance's path left in ``LiftChannel`` for the pipeline to start the work under.
@inlinable @MainActor
func liftedExit<Parent: Sendable, ParentAction: Sendable, Child: Sendable, ChildAction: Sendable, Key: Sendable>(
    _ exit: MiddlewareExit<Child, ChildAction>,
    access: ChildAccess<Parent, ParentAction, Child, ChildAction, Key>,
    key: Key,
    parent: Parent
) -> MiddlewareExit<Parent, ParentAction> {
    // The child instance the exit's work belongs to (present: the middleware just ran on it).
    func instanceStep() -> ScopeStep { access.step(parent, key) ?? ScopeStep(name: access.name, removable: access.removable) }
    switch exit {
    case .next:
        return .next
    case .defaultNext:
        return .defaultNext
    case .nextAs(let action):
        return .nextAs(access.embed(key, action))
    case .exit(let terminal):
        return .exit(terminal.embedded { access.embed(key, $0) })
    case .effect(let effect):
        if effect.isNone { return .effect(.none) }
        return .effect(access.parentEffect(effect, key: key, step: instanceStep()))
    case .task(let work):
        let step = instanceStep()
        LiftChannel.pendingPath = [step] + (LiftChannel.pendingPath ?? [])
        return .task { context in
            try await work(context.lifted(access, key: key, step: step))
        }
    case .deferred(let handler):
        let step = instanceStep()
        LiftChannel.pendingPath = [step] + (LiftChannel.pendingPath ?? [])
        return .deferred { context in
            try await handler(context.lifted(access, key: key, step: step)).embedded { access.embed(key, $0) }
        }
    }
}

extension MiddlewareTerminal {
    /// The same terminal with its replacement action embedded.
    @inlinable
    func embedded<Other: Sendable>(_ embed: (Action) -> Other) -> MiddlewareTerminal<Other> {
        switch self {
        case .reduce: .reduce
        case .reduceAs(let action): .reduceAs(embed(action))
        case .done: .done
        case .resolve(let error): .resolve(error)
        }
    }
}

extension DeferredExit {
    /// The same exit with its actions embedded.
    @inlinable
    func embedded<Other: Sendable>(_ embed: (Action) -> Other) -> DeferredExit<Other> {
        switch self {
        case .next: .next
        case .nextAs(let action): .nextAs(embed(action))
        case .exit(let terminal): .exit(terminal.embedded(embed))
        }
    }
}

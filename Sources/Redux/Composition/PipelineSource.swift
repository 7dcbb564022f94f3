/// Where a middleware's, resolver's or install hook's context reads the state and sends what it
/// dispatches: the store itself (a component of the root), or a lifted child's view of its
/// parent (a lifted component).
///
/// An enum rather than an existential so that the root case — every middleware on every action
/// (P2) — costs one switch on a pointer-sized value, with nothing allocated; the lifted case
/// allocates one ``LiftedSource`` per lifted call.
///
/// Isolation: main actor, like the contexts that hold it.
@usableFromInline
enum PipelineSource<State: Sendable, Action: Sendable> {
    case store(Store<State, Action>)
    case lifted(LiftedSource<State, Action>)

    /// The current state (the child's, for a lifted source), without registering observation.
    @inlinable @MainActor
    var state: State {
        switch self {
        case .store(let store): store.currentState
        case .lifted(let lifted): lifted.state
        }
    }

    /// One field of the current state, without copying the rest.
    @inlinable @MainActor
    subscript<Value>(keyPath: KeyPath<State, Value>) -> Value {
        switch self {
        case .store(let store): store.currentState[keyPath: keyPath]
        case .lifted(let lifted): lifted.state[keyPath: keyPath]
        }
    }

    /// Queues `action` (embedded in the parent's action, for a lifted source).
    @inlinable @MainActor
    func dispatch(_ action: Action, file: StaticString, line: UInt) {
        switch self {
        case .store(let store): store.dispatchOnMainActor(action, file: file, line: line, promise: nil)
        case .lifted(let lifted): lifted.dispatch(action, file: file, line: line)
        }
    }

    /// Queues `action` and returns its ticket (in the child's action type, for a lifted source).
    @inlinable @MainActor
    func dispatchTracked(_ action: Action, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        switch self {
        case .store(let store): store.dispatchTrackedOnMainActor(action, file: file, line: line)
        case .lifted(let lifted): lifted.dispatchTracked(action, file: file, line: line)
        }
    }

    /// Queues `action` if `rate` admits it (see ``RateLimit``); for a lifted source, embedded in
    /// the parent's action first, so the budget is the root action's identity.
    @MainActor
    func dispatch(_ action: Action, rate: RateLimit, file: StaticString, line: UInt) -> Bool {
        switch self {
        case .store(let store): store.dispatchLimitedOnMainActor(action, rate: rate, file: file, line: line, promise: nil)
        case .lifted(let lifted): lifted.dispatch(action, rate: rate, file: file, line: line)
        }
    }

    /// Queues `action` if `rate` admits it and returns its ticket (in the child's action type,
    /// for a lifted source).
    @MainActor
    func dispatchTracked(_ action: Action, rate: RateLimit, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        switch self {
        case .store(let store): store.dispatchTrackedLimitedOnMainActor(action, rate: rate, file: file, line: line)
        case .lifted(let lifted): lifted.dispatchTracked(action, rate: rate, file: file, line: line)
        }
    }

    /// Registers a fire-once rule in the store (for a lifted source: reading the child state,
    /// holding only while the child is present, its action embedded in the parent's action).
    @MainActor
    func registerRule(id: String, when: @escaping @MainActor (State) -> Bool, then: @escaping @MainActor (State) -> Action, file: StaticString, line: UInt, isAlive: (@MainActor (State) -> Bool)? = nil) {
        switch self {
        case .store(let store): store.registerRule(RuleEntry(id: id, when: when, then: then, file: file, line: line, isAlive: isAlive))
        case .lifted(let lifted): lifted.registerRule(id: id, when: when, then: then, file: file, line: line, isAlive: isAlive)
        }
    }

    /// Unregisters the store's rule `id`, if any (rule ids are the store's: one namespace for
    /// root and lifted middlewares).
    @MainActor
    func unregisterRule(id: String) {
        switch self {
        case .store(let store): store.unregisterRule(id: id)
        case .lifted(let lifted): lifted.unregisterRule(id: id)
        }
    }
}

/// A lifted component's view of its parent during one call: the child state as it was when the
/// call started (the state cannot change while a middleware or resolver runs: the pipeline is
/// not re-entrant), and dispatches embedded into the parent's actions. Subclassed once, by
/// ``ChildSource``; the base class exists so that ``PipelineSource`` needs no parent type.
@usableFromInline @MainActor
class LiftedSource<State: Sendable, Action: Sendable> {
    @usableFromInline let state: State

    @usableFromInline
    init(state: State) {
        self.state = state
    }

    @usableFromInline
    func dispatch(_ action: Action, file: StaticString, line: UInt) {
        preconditionFailure("LiftedSource is abstract")
    }

    @usableFromInline
    func dispatchTracked(_ action: Action, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        preconditionFailure("LiftedSource is abstract")
    }

    func dispatch(_ action: Action, rate: RateLimit, file: StaticString, line: UInt) -> Bool {
        preconditionFailure("LiftedSource is abstract")
    }

    func dispatchTracked(_ action: Action, rate: RateLimit, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        preconditionFailure("LiftedSource is abstract")
    }

    func registerRule(id: String, when: @escaping @MainActor (State) -> Bool, then: @escaping @MainActor (State) -> Action, file: StaticString, line: UInt, isAlive: (@MainActor (State) -> Bool)?) {
        preconditionFailure("LiftedSource is abstract")
    }

    func unregisterRule(id: String) {
        preconditionFailure("LiftedSource is abstract")
    }
}

/// The ``LiftedSource`` of a child reached through a ``ChildAccess`` at `key`.
@usableFromInline @MainActor
final class ChildSource<Parent: Sendable, ParentAction: Sendable, Child: Sendable, ChildAction: Sendable, Key: Sendable>: LiftedSource<Child, ChildAction> {
    @usableFromInline let parent: PipelineSource<Parent, ParentAction>
    @usableFromInline let access: ChildAccess<Parent, ParentAction, Child, ChildAction, Key>
    @usableFromInline let key: Key

    @usableFromInline
    init(child: Child, parent: PipelineSource<Parent, ParentAction>, access: ChildAccess<Parent, ParentAction, Child, ChildAction, Key>, key: Key) {
        self.parent = parent
        self.access = access
        self.key = key
        super.init(state: child)
    }

    @usableFromInline
    override func dispatch(_ action: ChildAction, file: StaticString, line: UInt) {
        parent.dispatch(access.embed(key, action), file: file, line: line)
    }

    @usableFromInline
    override func dispatchTracked(_ action: ChildAction, file: StaticString, line: UInt) -> DispatchTicket<ChildAction> {
        let access = self.access
        return parent.dispatchTracked(access.embed(key, action), file: file, line: line).mapped(extract: { access.route($0)?.action })
    }

    override func dispatch(_ action: ChildAction, rate: RateLimit, file: StaticString, line: UInt) -> Bool {
        parent.dispatch(access.embed(key, action), rate: rate, file: file, line: line)
    }

    override func dispatchTracked(_ action: ChildAction, rate: RateLimit, file: StaticString, line: UInt) -> DispatchTicket<ChildAction> {
        let access = self.access
        return parent.dispatchTracked(access.embed(key, action), rate: rate, file: file, line: line).mapped(extract: { access.route($0)?.action })
    }

    /// The rule reads this child through the parent's state: it does not hold while the child
    /// is absent, and its action is embedded in the parent's action for this child.
    override func registerRule(id: String, when: @escaping @MainActor (Child) -> Bool, then: @escaping @MainActor (Child) -> ChildAction, file: StaticString, line: UInt, isAlive: (@MainActor (Child) -> Bool)?) {
        let access = self.access
        let key = self.key
        parent.registerRule(
            id: id,
            when: { state in
                guard let child = access.read(state, key) else { return false }
                return when(child)
            },
            then: { state in
                // The state has not changed since `when` held, so the child is there.
                guard let child = access.read(state, key) else { preconditionFailure("a rule's child vanished between its condition and its action") }
                return access.embed(key, then(child))
            },
            file: file, line: line,
            // The rule belongs to this child instance: once the child is gone from the state
            // (and, through nested lifts, every child on its path is still there), it is removed.
            isAlive: { state in
                guard let child = access.read(state, key) else { return false }
                return isAlive?(child) ?? true
            }
        )
    }

    override func unregisterRule(id: String) {
        parent.unregisterRule(id: id)
    }
}

/// The side channel through which a lifted middleware's body tells the pipeline which child
/// instance the `.task` or `.deferred` work it returns belongs to (``MiddlewareExit`` is a
/// frozen public enum, so the exit cannot carry it).
///
/// Protocol: a lifted body clears ``pendingPath`` before it calls the child's body; when the
/// exit it returns is `.task` or `.deferred`, it prepends its own step to what the child left
/// (an inner lift's steps) and leaves the result here. The pipeline takes and clears it when it
/// starts that work, so it never outlives the middleware call. Main actor only.
@usableFromInline
enum LiftChannel {
    @usableFromInline @MainActor static var pendingPath: [ScopeStep]?
}

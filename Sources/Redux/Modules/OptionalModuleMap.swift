/// How a feature module that can be absent plugs into a root store: its local state is an
/// optional field of the root state (a sheet, a detail), a ``Presented`` one, or one case of an
/// optional or presented enum (a destination). The map lifts the module's components like
/// ``ModuleMap`` does, with the composition rules for a child that can go away: while the child
/// is absent its actions are skipped with a `.childAbsent` warning, and when it goes away its
/// effects are cancelled. `store.slice(map)` gives a slice only while the child is present; the
/// slice follows the instance the lifts follow (see ``OptionalSlice``).
///
/// `Sendable`; pure functions, called on the main actor by the store and by slices.
public struct OptionalModuleMap<Root: Sendable, RootAction: Sendable, Local: Sendable, LocalAction: Sendable>: Sendable {
    /// The module's name in log paths and effect scopes.
    public let name: String
    /// Which root actions are the module's, and how its actions become root actions.
    public let action: Embedding<RootAction, LocalAction>
    /// The composition access every lift of this map goes through.
    @usableFromInline let access: ChildAccess<Root, RootAction, Local, LocalAction, Void>
    /// The root member the child lives in (the optional field or enum): what the map's slices
    /// track while attached.
    @usableFromInline let rootPath: PartialKeyPath<Root> & Sendable

    @usableFromInline
    init(name: String, action: Embedding<RootAction, LocalAction>, access: ChildAccess<Root, RootAction, Local, LocalAction, Void>, rootPath: PartialKeyPath<Root> & Sendable) {
        self.rootPath = rootPath
        self.name = name
        self.action = action
        self.access = access
    }

    /// A map whose local state is the optional root field at `state`.
    ///
    /// - Parameters:
    ///   - state: a writable key path from the root state to the optional local state.
    ///   - action: which root actions are the module's, and how its actions are embedded.
    ///   - name: the module's name; by default the stored property's name.
    @inlinable
    public static func optional(
        state: WritableKeyPath<Root, Local?> & Sendable,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> OptionalModuleMap {
        let name = liftName(name, keyPath: state, fallback: "module")
        return OptionalModuleMap(name: name, action: action, access: .optional(state, name: name, actions: action), rootPath: state)
    }

    /// A map whose local state is one case of the optional root enum at `state` (absent while
    /// the enum is `nil` or another case).
    ///
    /// - Parameters:
    ///   - state: a writable key path from the root state to the optional enum.
    ///   - embedding: how the local state is found in the enum and put back.
    ///   - action: which root actions are the module's, and how its actions are embedded.
    ///   - name: the module's name; by default the stored property's name.
    @inlinable
    public static func enumCase<Destination>(
        state: WritableKeyPath<Root, Destination?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> OptionalModuleMap {
        let name = liftName(name, keyPath: state, fallback: "module")
        return OptionalModuleMap(name: name, action: action, access: .enumCase(state, case: embedding, name: name, actions: action), rootPath: state)
    }

    /// A map whose local state is presented through the ``Presented`` root field at `state`:
    /// like ``optional(state:action:name:)-(_,Embedding<RootAction,LocalAction>,_)``, and a new ``Presented`` value is a new instance
    /// (its generation), even when equal to the old one — the lift's rule for a presented child.
    ///
    /// - Parameters:
    ///   - state: a writable key path from the root state to the presented local state.
    ///   - action: which root actions are the module's, and how its actions are embedded.
    ///   - name: the module's name; by default the stored property's name.
    @inlinable
    public static func presented(
        state: WritableKeyPath<Root, Presented<Local>?> & Sendable,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> OptionalModuleMap {
        let name = liftName(name, keyPath: state, fallback: "module")
        return OptionalModuleMap(name: name, action: action, access: .presented(state, name: name, actions: action), rootPath: state)
    }

    /// A map whose local state is one case of the presented root enum at `state` (absent while
    /// it is `nil` or another case); a new ``Presented`` value is a new instance, even of the
    /// same case and equal to the old one.
    ///
    /// - Parameters:
    ///   - state: a writable key path from the root state to the presented enum.
    ///   - embedding: how the local state is found in the enum and put back.
    ///   - action: which root actions are the module's, and how its actions are embedded.
    ///   - name: the module's name; by default the stored property's name.
    @inlinable
    public static func presentedCase<Destination>(
        state: WritableKeyPath<Root, Presented<Destination>?> & Sendable,
        case embedding: Embedding<Destination, Local>,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> OptionalModuleMap {
        let name = liftName(name, keyPath: state, fallback: "module")
        return OptionalModuleMap(name: name, action: action, access: .presentedCase(state, case: embedding, name: name, actions: action), rootPath: state)
    }

    /// The module's local state in `root`, or `nil` while it is absent.
    @inlinable
    public func state(in root: Root) -> Local? { access.read(root, ()) }

    /// Runs `body` on the local state in place; `nil` (and `body` not run) while it is absent.
    @inlinable
    public func modify<Result>(_ root: inout Root, _ body: (inout Local) -> Result) -> Result? {
        var result: Result?
        _ = access.modify(&root, ()) { result = body(&$0) }
        return result
    }

    /// The module's reducer as a root reducer (see ``ModuleMap/lift(_:)-(Reducer<Local,LocalAction>)``),
    /// skipping the module's actions while it is absent.
    @inlinable
    public func lift(_ reducer: Reducer<Local, LocalAction>) -> Reducer<Root, RootAction> { reducer.lift(through: access) }

    /// The module's reducers as root reducers, in order.
    @inlinable
    public func lift(_ reducers: [Reducer<Local, LocalAction>]) -> [Reducer<Root, RootAction>] { reducers.map { lift($0) } }

    /// The module's middleware as a root middleware; it passes the module's actions by while the
    /// module is absent.
    @inlinable
    public func lift(_ middleware: Middleware<Local, LocalAction>) -> Middleware<Root, RootAction> {
        middleware.lift(through: access, installKey: ())
    }

    /// The module's resolver as a root resolver.
    @inlinable
    public func lift(_ resolver: Resolver<Local, LocalAction>) -> Resolver<Root, RootAction> { resolver.lift(through: access) }

    /// The module's ``Behavior`` as a root behavior, with its environment derived from the root's.
    @inlinable
    public func lift<Environment: Sendable, RootEnvironment: Sendable>(
        _ behavior: Behavior<LocalAction, Local, Environment>,
        environment: @escaping @Sendable (RootEnvironment) -> Environment
    ) -> Behavior<RootAction, Root, RootEnvironment> {
        let map = self
        return behavior.lifted(environment: environment) { map.lift($0) }
    }

    /// The body of the module's ``ReducerDomain`` as root reducers, built once, now.
    @inlinable
    public func lift<Domain: ReducerDomain>(_ domain: Domain) -> [Reducer<Root, RootAction>]
    where Domain.State == Local, Domain.Action == LocalAction {
        lift(domain.reducers)
    }
}

/// Lifting a feature module's components into the root store through its map: every component
/// kind and every reducer style, through the composition lifts (one mechanism).
extension ModuleMap {
    /// The module's reducer as a root reducer: it runs on the local state (in place for a linear
    /// map; read through the bindings and written back field by field for a scattered one) for
    /// the root actions the map extracts, and answers ``ReducerExit/defaultNext`` for any other.
    /// Its effects send embedded root actions and are scoped to the module. Every reducer style
    /// (Seda's ``Command``, the waterfall's ``StateNode``) makes a ``Reducer``, so it lifts here.
    @inlinable
    public func lift(_ reducer: Reducer<Local, LocalAction>) -> Reducer<Root, RootAction> {
        switch form {
        case .linear(let field): reducer.lift(state: field.keyPath, action: action, name: name)
        case .scattered: reducer.lift(through: access)
        }
    }

    /// The module's reducers as root reducers, in order (see ``lift(_:)-(Reducer<Local,LocalAction>)``).
    @inlinable
    public func lift(_ reducers: [Reducer<Local, LocalAction>]) -> [Reducer<Root, RootAction>] {
        reducers.map { lift($0) }
    }

    /// The module's middleware as a root middleware: it sees the module's actions (with the
    /// local state read through the map), and what it dispatches, redirects to or reduces as is
    /// embedded back into root actions. A root action the map cannot extract passes it by.
    @inlinable
    public func lift(_ middleware: Middleware<Local, LocalAction>) -> Middleware<Root, RootAction> {
        switch form {
        case .linear(let field): middleware.lift(state: field.keyPath, action: action, name: name)
        case .scattered: middleware.lift(through: access, installKey: ())
        }
    }

    /// The module's resolver as a root resolver, consulted for errors raised while one of the
    /// module's actions runs; its replacement actions are embedded back into root actions.
    @inlinable
    public func lift(_ resolver: Resolver<Local, LocalAction>) -> Resolver<Root, RootAction> {
        switch form {
        case .linear(let field): resolver.lift(state: field.keyPath, action: action, name: name)
        case .scattered: resolver.lift(through: access)
        }
    }

    /// The module's ``Behavior`` as a root behavior, with the module's environment derived from
    /// the root's (called once, when the root's reducers are built).
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

/// How a feature module written for one element of an identified collection plugs into a root
/// store: its local state is an element of an ``IdentifiedArray`` in the root state, and its
/// actions travel in ``ElementAction/element(id:action:)``. The map lifts the module's
/// components over the elements (each element's effects scoped to it and cancelled when it is
/// removed), and `store.slice(map, id:)` gives a list row its per-element slice.
///
/// `Sendable`; pure functions, called on the main actor by the store and by slices.
public struct ElementModuleMap<Root: Sendable, RootAction: Sendable, Element: Identifiable & Sendable, LocalAction: Sendable>: Sendable
where Element.ID: Sendable {
    /// The module's name in log paths and effect scopes.
    public let name: String
    /// Which root actions are an element's, and how an element's actions become root actions.
    public let action: Embedding<RootAction, ElementAction<Element.ID, LocalAction>>
    /// The composition access every lift of this map goes through.
    @usableFromInline let access: ChildAccess<Root, RootAction, Element, LocalAction, Element.ID>
    /// The whole collection in a root state (for `store.slices(map)`, one slice per element).
    @usableFromInline let collection: @Sendable (Root) -> IdentifiedArray<Element>
    /// Where the collection is in the root state: what the map's slices track.
    @usableFromInline let collectionPath: KeyPath<Root, IdentifiedArray<Element>> & Sendable

    @usableFromInline
    init(
        name: String,
        action: Embedding<RootAction, ElementAction<Element.ID, LocalAction>>,
        access: ChildAccess<Root, RootAction, Element, LocalAction, Element.ID>,
        collection: @escaping @Sendable (Root) -> IdentifiedArray<Element>,
        collectionPath: KeyPath<Root, IdentifiedArray<Element>> & Sendable
    ) {
        self.collectionPath = collectionPath
        self.name = name
        self.action = action
        self.access = access
        self.collection = collection
    }

    /// A map over the elements of the identified collection at `state`.
    ///
    /// - Parameters:
    ///   - state: a writable key path from the root state to the collection.
    ///   - action: which root actions are an element's (with its id), and how they are embedded.
    ///   - name: the module's name; by default the stored property's name.
    @inlinable
    public static func elements(
        state: WritableKeyPath<Root, IdentifiedArray<Element>> & Sendable,
        action: Embedding<RootAction, ElementAction<Element.ID, LocalAction>>,
        name: String? = nil
    ) -> ElementModuleMap {
        let name = liftName(name, keyPath: state, fallback: "module")
        return ElementModuleMap(name: name, action: action, access: .elements(state, name: name, actions: action), collection: { $0[keyPath: state] }, collectionPath: state)
    }

    /// The element with `id` in `root`, or `nil` when the collection has none.
    @inlinable
    public func state(in root: Root, id: Element.ID) -> Element? { access.read(root, id) }

    /// The root action that carries `action` for the element with `id`.
    @inlinable
    public func embed(_ action: LocalAction, id: Element.ID) -> RootAction { access.embed(id, action) }

    /// The module's reducer as a root reducer over every element.
    @inlinable
    public func lift(_ reducer: Reducer<Element, LocalAction>) -> Reducer<Root, RootAction> { reducer.lift(through: access) }

    /// The module's reducers as root reducers, in order.
    @inlinable
    public func lift(_ reducers: [Reducer<Element, LocalAction>]) -> [Reducer<Root, RootAction>] { reducers.map { lift($0) } }

    /// The module's middleware as a root middleware over every element.
    @inlinable
    public func lift(_ middleware: Middleware<Element, LocalAction>) -> Middleware<Root, RootAction> {
        middleware.lift(through: access, installKey: nil)
    }

    /// The module's resolver as a root resolver over every element.
    @inlinable
    public func lift(_ resolver: Resolver<Element, LocalAction>) -> Resolver<Root, RootAction> { resolver.lift(through: access) }

    /// The module's ``Behavior`` as a root behavior over every element, with its environment
    /// derived from the root's.
    @inlinable
    public func lift<Environment: Sendable, RootEnvironment: Sendable>(
        _ behavior: Behavior<LocalAction, Element, Environment>,
        environment: @escaping @Sendable (RootEnvironment) -> Environment
    ) -> Behavior<RootAction, Root, RootEnvironment> {
        let map = self
        return behavior.lifted(environment: environment) { map.lift($0) }
    }

    /// The body of the module's ``ReducerDomain`` as root reducers over every element.
    @inlinable
    public func lift<Domain: ReducerDomain>(_ domain: Domain) -> [Reducer<Root, RootAction>]
    where Domain.State == Element, Domain.Action == LocalAction {
        lift(domain.reducers)
    }
}

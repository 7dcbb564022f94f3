/// How a feature module plugs into a root store: where its local state lives in the root state
/// and which root actions are its own (TinyRedux's module map). One map drives both the lift of
/// the feature's components into the root (``lift(_:)-(Reducer<Local,LocalAction>)``) and the
/// view's access to that part of the store (`store.slice(map)`), so the two can never disagree.
///
/// Two forms:
/// - **Linear** (``linear(state:action:name:)-(_,Embedding<RootAction,LocalAction>,_)``): the local state is a field of the root state,
///   reached by a writable key path. The feature runs on it in place.
/// - **Scattered** (``scattered(_:fields:action:name:)-(_,_,Embedding<RootAction,LocalAction>,_)``): the local state is assembled from
///   fields that live anywhere in the root state, through ``ModuleField`` bindings. Lifted
///   components read the local state through the bindings, run, and write back only the fields
///   whose value changed.
///
/// Both carry the action ``Embedding``: a root action the map cannot extract is not the
/// module's, and passes its lifted components by.
///
/// A feature module is written against its own local state and actions and never imports the
/// app; the app, which knows both, makes the map. Lifting goes through the composition lifts
/// (see <doc:Composition>): a lifted module's effects are scoped to it, its log events carry its
/// name in their ``ChildPath``.
///
/// `Sendable`; pure functions, called on the main actor by the store and by slices.
public struct ModuleMap<Root: Sendable, RootAction: Sendable, Local: Sendable, LocalAction: Sendable>: Sendable {
    /// The module's name in log paths and effect scopes.
    public let name: String
    /// Which root actions are the module's, and how its actions become root actions.
    public let action: Embedding<RootAction, LocalAction>

    @usableFromInline
    enum Form: Sendable {
        case linear(FieldPath<Root, Local>)
        case scattered(template: Local, fields: ModuleField<Root, Local>)
    }

    @usableFromInline let form: Form

    @usableFromInline
    init(name: String, action: Embedding<RootAction, LocalAction>, form: Form) {
        self.name = name
        self.action = action
        self.form = form
    }

    /// A map whose local state is the root state's field at `state`.
    ///
    /// - Parameters:
    ///   - state: a writable key path from the root state to the local state.
    ///   - action: which root actions are the module's, and how its actions are embedded.
    ///   - name: the module's name; by default the stored property's name (`\AppState.profile`
    ///     → `profile`), or `"module"` for a computed key path.
    @inlinable
    public static func linear(
        state: WritableKeyPath<Root, Local> & Sendable,
        action: Embedding<RootAction, LocalAction>,
        name: String? = nil
    ) -> ModuleMap {
        ModuleMap(name: liftName(name, keyPath: state, fallback: "module"), action: action, form: .linear(FieldPath(state)))
    }

    /// A map whose local state is assembled from root fields through `fields`.
    ///
    /// - Parameters:
    ///   - template: the local state the bound fields are copied into; its unbound fields keep
    ///     these values (a scattered module's reducer may change them, but they are not kept:
    ///     only bound fields live in the root).
    ///   - fields: the bindings, each from a local field to a root field. Bindings may overlap
    ///     (a field and a field inside it): a lifted component's write goes back through each
    ///     binding whose local field it changed, in order, so the later binding wins.
    ///   - action: which root actions are the module's, and how its actions are embedded.
    ///   - name: the module's name in log paths and effect scopes.
    @inlinable
    public static func scattered(
        _ template: Local,
        fields: [ModuleField<Root, Local>],
        action: Embedding<RootAction, LocalAction>,
        name: String
    ) -> ModuleMap {
        ModuleMap(name: name, action: action, form: .scattered(template: template, fields: ModuleField(combining: fields)))
    }

    /// The module's local state in `root`: the field (linear), or the template with every bound
    /// field read from the root (scattered).
    @inlinable
    public func state(in root: Root) -> Local {
        switch form {
        case .linear(let field):
            return field.read(root)
        case .scattered(let template, let fields):
            var local = template
            fields.read(root, &local)
            return local
        }
    }

    /// Writes `local` into `root`: the whole field (linear), or each bound field whose value
    /// differs from the root's (scattered; the others are not written).
    ///
    /// - Returns: whether anything was written (always `true` for a linear map).
    @inlinable
    @discardableResult
    public func write(_ local: Local, into root: inout Root) -> Bool {
        switch form {
        case .linear(let field):
            field.modify(&root) { $0 = local }
            return true
        case .scattered(_, let fields):
            return fields.write(local, &root)
        }
    }

    /// Runs `body` on the local state of `root`: in place (linear), or on the assembled local
    /// state, writing back afterwards each bound field whose local value `body` changed
    /// (scattered).
    @inlinable
    public func modify<Result>(_ root: inout Root, _ body: (inout Local) throws -> Result) rethrows -> Result {
        switch form {
        case .linear(let field):
            return try body(&root[keyPath: field.keyPath])
        case .scattered(_, let fields):
            let before = state(in: root)
            var local = before
            let result = try body(&local)
            _ = fields.writeChanged(before, local, &root)
            return result
        }
    }

    /// The composition access the lifts go through: the module is always present (a stored
    /// child), identified by its place.
    @inlinable
    var access: ChildAccess<Root, RootAction, Local, LocalAction, Void> {
        switch form {
        case .linear(let field):
            return .stored(field.keyPath, name: name, actions: action)
        case .scattered:
            let map = self
            let step = ScopeStep(name: name, removable: false)
            return ChildAccess(
                name: name,
                actions: action,
                removable: false,
                read: { root, _ in map.state(in: root) },
                modify: { root, _, body in
                    map.modify(&root) { body(&$0) }
                    return true
                },
                step: { _, _ in step },
                alive: { root, _ in map.state(in: root) },
                absence: { _ in .isNil }
            )
        }
    }
}

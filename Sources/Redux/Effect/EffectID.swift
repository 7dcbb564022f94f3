/// A cancellation id: the user's `Hashable & Sendable` value, type-erased, with the path of the
/// child feature it belongs to (empty at the root), so that the composition layer can scope
/// ids to a child instance without changing how the runtime looks them up.
@usableFromInline
/// `@unchecked Sendable`: `AnyHashable` is not `Sendable`, but every value put in one here is
/// (the initialisers take `Hashable & Sendable`).
struct EffectID: Hashable, @unchecked Sendable {
    let value: AnyHashable
    let scope: [ScopeStep]

    init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
        self.scope = []
    }

    private init(value: AnyHashable, scope: [ScopeStep]) {
        self.value = value
        self.scope = scope
    }

    /// This id inside the child instance at `path` (the steps from the root down): an effect of
    /// a lifted child only cancels, throttles and is cancelled by ids of the same instance.
    @usableFromInline
    func scoped(by path: [ScopeStep]) -> EffectID {
        path.isEmpty ? self : EffectID(value: value, scope: path + scope)
    }

    var description: String {
        scope.isEmpty ? "\(value)" : scope.map { "\($0)" }.joined(separator: "/") + "/\(value)"
    }
}

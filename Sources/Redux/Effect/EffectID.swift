/// A cancellation id: the user's `Hashable & Sendable` value, type-erased, with the path of the
/// child feature it belongs to (empty at the root), so that the composition layer can scope
/// ids to a child instance without changing how the runtime looks them up.
@usableFromInline
/// `@unchecked Sendable`: `AnyHashable` is not `Sendable`, but every value put in one here is
/// (the initialisers take `Hashable & Sendable`).
struct EffectID: Hashable, @unchecked Sendable {
    let value: AnyHashable
    let scope: [AnyHashable]

    init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
        self.scope = []
    }

    var description: String {
        scope.isEmpty ? "\(value)" : scope.map { "\($0)" }.joined(separator: "/") + "/\(value)"
    }
}

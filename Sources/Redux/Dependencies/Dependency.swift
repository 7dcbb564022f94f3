/// Reads one dependency from ``Dependencies/current`` each time its value is used.
///
/// Declare it where the component runs — inside a reducer's or middleware's closure, or inside
/// an effect's body — so that it reads the values of the store that runs that code:
///
/// ```swift
/// let notes = Reducer<Notes, NotesAction>(id: "notes") { state, action in
///     @Dependency(\.noteID) var noteID
///     guard action == .add else { return .defaultNext }
///     state.ids.append(noteID())
///     return .next
/// }
/// ```
///
/// Reading: ``wrappedValue`` reads `Dependencies.current` at the moment of access, never when
/// the wrapper is created. A store given dependencies (``StoreOptions/dependencies``,
/// ``Store/dependencies``) binds them while its components run and in every task it starts, so
/// the read sees that store's values; see <doc:UsingDependencies>. Keep the wrapper local to the
/// closure: a wrapper stored in a long-lived object still reads at access time, from whatever
/// task reads it.
///
/// Isolation: `Sendable`; reads from any isolation.
///
/// The property-wrapper form is The Composable Architecture's `@Dependency`, on this library's
/// task-local container.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    /// Where the value is, in a container. A key path (not a closure), so that the wrapper is
    /// `Sendable` without capturing a key's metatype.
    @usableFromInline let keyPath: KeyPath<Dependencies, Value> & Sendable

    /// Reads the dependency that `keyPath` names, a property of ``Dependencies`` (declared in an
    /// extension, backed by a ``DependencyKey``).
    @inlinable
    public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// Reads the dependency of `key` directly, without a property on ``Dependencies``.
    @inlinable
    public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
        self.keyPath = \Dependencies.[slot: DependencySlot<Key>()]
    }

    /// The dependency's value in ``Dependencies/current``, read now.
    @inlinable
    public var wrappedValue: Value { Dependencies.current[keyPath: keyPath] }
}

/// Names a key's slot in a key path: key path subscripts need `Hashable` arguments, which a
/// metatype is not. Every instance is equal; the key lives in the type.
@usableFromInline
struct DependencySlot<Key: DependencyKey>: Hashable, Sendable {
    @inlinable init() {}
}

extension Dependencies {
    /// `self[Key.self]`, for the key path `Dependency(Key.self)` builds.
    @inlinable
    subscript<Key: DependencyKey>(slot slot: DependencySlot<Key>) -> Key.Value {
        self[Key.self]
    }
}

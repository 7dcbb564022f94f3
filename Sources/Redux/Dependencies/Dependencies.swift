/// The dependencies a feature's components use (clients, generators, clocks), by key, with a
/// task-local current container that components read.
///
/// A value type: a container maps each ``DependencyKey`` to a value; a key it holds no value
/// for gives the key's ``DependencyKey/liveValue`` or ``DependencyKey/testValue``, as its
/// ``context`` says. Declare a property per key in an extension, then read it with
/// ``Dependency`` where a component runs:
///
/// ```swift
/// extension Dependencies {
///     var noteID: NoteIDGenerator {
///         get { self[NoteIDKey.self] }
///         set { self[NoteIDKey.self] = newValue }
///     }
/// }
/// ```
///
/// Where the values come from: ``current``, a task-local. A store given dependencies
/// (``StoreOptions/dependencies`` or ``Store/dependencies``) binds `current` to them while its
/// components run on the main actor and in every task it starts; a store given none reads
/// `current` as its caller has it, with only ``clock`` replaced by its own clock when that is
/// not the default one (see ``Store/dependencies``). ``withValues(_:operation:)`` changes
/// `current` for a scope of your own code. See <doc:UsingDependencies>.
///
/// Isolation: `Sendable`; every value it holds is `Sendable`. Reading ``current`` is safe from
/// any isolation (it is the current task's value).
///
/// The shape is SwiftUI's `EnvironmentValues` (a keyed value container extended with one
/// property per key) and The Composable Architecture's `DependencyValues` (a task-local current
/// container, live and test defaults).
public struct Dependencies: Sendable {
    /// The values set so far, by key type. Each value is the key's `Value` (the subscript is the
    /// only writer).
    @usableFromInline var values: [ObjectIdentifier: any Sendable]

    /// Which default an unset key gives: ``DependencyKey/liveValue`` in
    /// ``DependencyContext/live``, ``DependencyKey/testValue`` in ``DependencyContext/test``.
    /// Changing it keeps every value already set. A container that becomes `.test` (created so,
    /// or switched later) starts a ``uuid`` counter of its own, from zero; copies made after
    /// share it.
    public var context: DependencyContext {
        didSet {
            if context == .test, oldValue != .test { testUUIDs = .incrementing }
        }
    }

    /// The ``uuid`` counter of this container's test context: started when the container
    /// became `.test`, read while it is `.test` and holds no ``uuid`` of its own.
    var testUUIDs: UUIDGenerator?

    /// A container that holds no value of its own: every key gives its default for `context`.
    ///
    /// A `.test` container starts its own ``uuid`` counter (see ``UUIDGenerator/incrementing``),
    /// so each test store or harness counts its identifiers from zero.
    ///
    /// - Parameter context: `.live` (the default) for an app, `.test` for tests.
    public init(context: DependencyContext = .live) {
        self.values = [:]
        self.context = context
        self.testUUIDs = context == .test ? .incrementing : nil
    }

    /// The value for `key`: the one set in this container, else the key's default for
    /// ``context``. Setting stores the value for this container only (a value type: copies made
    /// before are unchanged).
    @inlinable
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let stored = values[ObjectIdentifier(key)] {
                // Only the setter below writes the key's slot, always with a `Key.Value`.
                return stored as! Key.Value
            }
            switch context {
            case .live: return Key.liveValue
            case .test: return Key.testValue
            }
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    /// The container components read, for the current task: by default an empty live container
    /// (every key gives its ``DependencyKey/liveValue``).
    ///
    /// A task-local (`@TaskLocal`): a store given dependencies binds it while it runs its
    /// components and in the tasks it starts; ``withValues(_:operation:)`` binds it for a scope.
    /// Child tasks and `Task {}` inherit the binding; `Task.detached` does not.
    @TaskLocal public static var current = Dependencies()

    /// Runs `operation` with ``current`` changed by `update`, then restores it.
    ///
    /// `update` gets a copy of the current container; `operation` and everything it calls
    /// synchronously (a main-actor dispatch to a store given no dependencies, for one) read the
    /// changed copy. A store given dependencies binds its own while it runs, whatever the
    /// caller's scope.
    ///
    /// - Returns: what `operation` returns. Errors: rethrows what `update` or `operation` throws.
    @inlinable
    public static func withValues<R>(
        _ update: (inout Dependencies) throws -> Void,
        operation: () throws -> R
    ) rethrows -> R {
        var changed = current
        try update(&changed)
        return try $current.withValue(changed, operation: operation)
    }

    /// Runs the asynchronous `operation` with ``current`` changed by `update`, then restores
    /// it; `operation` runs in the caller's isolation, and the tasks it creates with `Task {}`
    /// inherit the changed container.
    ///
    /// - Returns: what `operation` returns. Errors: rethrows what `update` or `operation` throws.
    @inlinable
    public static func withValues<R>(
        _ update: (inout Dependencies) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        var changed = current
        try update(&changed)
        return try await $current.withValue(changed, operation: operation)
    }
}

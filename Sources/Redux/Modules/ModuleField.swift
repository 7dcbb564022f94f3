/// One field of a scattered module's local state, bound to the root state field it lives in:
/// the piece a ``ModuleMap/scattered(_:fields:action:name:)-(_,_,Embedding<RootAction,LocalAction>,_)`` map assembles the local state from
/// and writes back to (TinyRedux's per-field binding of a scattered module map).
///
/// ```swift
/// let profile = ModuleMap<AppState, AppAction, ProfileState, ProfileAction>.scattered(
///     ProfileState(),
///     fields: [
///         .bind(\.name, to: \.account.displayName),
///         .bind(\.notifications, to: \.settings.notificationsOn),
///     ],
///     action: Embedding(\.profile, embed: AppAction.profile),
///     name: "profile"
/// )
/// ```
///
/// Writing back after a lifted component ran writes only a field whose local value the
/// component changed (compared with the value read before it ran), so a stale value never
/// overwrites another binding's write — two bindings may overlap (`\.whole` and `\.whole.part`);
/// when a component changes both, the later binding wins for the overlap. Writing a whole local
/// state with ``ModuleMap/write(_:into:)`` writes each field whose value differs from the root's, so a scattered module's reducer leaves every other root field — and every field it
/// did not change — untouched. A field keeps the key paths it binds, so a slice that reads the
/// local field tracks the root field it lives in (see <doc:Observation>). Pure and `Sendable`;
/// called on the main actor by the store and by slices.
public struct ModuleField<Root, Local>: Sendable {
    /// Copies the root's value into the local state.
    @usableFromInline let read: @Sendable (Root, inout Local) -> Void
    /// Writes the local value into the root when it differs from the root's; `true` when it wrote.
    @usableFromInline let write: @Sendable (Local, inout Root) -> Bool
    /// Writes the local value of `after` into the root when it differs from that of `before`
    /// (the local state as it was read): what a lifted component changed, and nothing else, so
    /// a binding never writes back a stale value over another binding's write.
    @usableFromInline let writeChanged: @Sendable (_ before: Local, _ after: Local, inout Root) -> Bool
    /// The key paths of each binding, local and root: what a slice's read tracks.
    @usableFromInline let bindings: [Binding]

    /// One binding's key paths.
    @usableFromInline
    struct Binding: Sendable {
        @usableFromInline let local: AnyKeyPath & Sendable
        @usableFromInline let root: PartialKeyPath<Root> & Sendable
        /// The bytes of the local state the local field occupies, or `nil` for a computed one:
        /// a read of a local member tracks the bindings whose bytes overlap it.
        @usableFromInline let localBytes: Range<Int>?

        @inlinable
        init(local: AnyKeyPath & Sendable, root: PartialKeyPath<Root> & Sendable, localBytes: Range<Int>?) {
            self.local = local
            self.root = root
            self.localBytes = localBytes
        }
    }

    @inlinable
    init(
        read: @escaping @Sendable (Root, inout Local) -> Void,
        write: @escaping @Sendable (Local, inout Root) -> Bool,
        writeChanged: @escaping @Sendable (_ before: Local, _ after: Local, inout Root) -> Bool,
        bindings: [Binding] = []
    ) {
        self.bindings = bindings
        self.read = read
        self.write = write
        self.writeChanged = writeChanged
    }

    /// Binds the local field `local` to the root field `root`: the local state reads it from
    /// there, and a changed value is written back there.
    ///
    /// - Parameters:
    ///   - local: a writable key path into the module's local state.
    ///   - root: a writable key path into the root state, anywhere in it.
    @inlinable
    public static func bind<Value: Equatable & Sendable>(
        _ local: WritableKeyPath<Local, Value> & Sendable,
        to root: WritableKeyPath<Root, Value> & Sendable
    ) -> ModuleField {
        // Stored-property paths are reached at their memory offsets (no key-path call).
        let localField = FieldPath(local)
        let rootField = FieldPath(root)
        return ModuleField(
            read: { rootState, localState in
                let value = rootField.read(rootState)
                localField.modify(&localState) { $0 = value }
            },
            write: { localState, rootState in
                // Compare before any access that writes: an in-place access to a property with
                // observers (`didSet`) counts as a write even when nothing is assigned.
                let value = localField.read(localState)
                guard rootField.read(rootState) != value else { return false }
                rootField.modify(&rootState) { $0 = value }
                return true
            },
            writeChanged: { before, after, rootState in
                let value = localField.read(after)
                guard localField.read(before) != value else { return false }
                rootField.modify(&rootState) { $0 = value }
                return true
            },
            bindings: [Binding(local: local, root: root, localBytes: localField.offset.map { $0..<($0 + MemoryLayout<Value>.size) })]
        )
    }

    /// One field that reads and writes all of `fields`, in order: the bindings chained into
    /// one pair of closures when the map is made, so a dispatch calls through captured closures
    /// instead of copying each binding out of an array (which costs a retain and a release of
    /// both closures per field).
    @inlinable
    init(combining fields: [ModuleField]) {
        var read: @Sendable (Root, inout Local) -> Void = { _, _ in }
        var write: @Sendable (Local, inout Root) -> Bool = { _, _ in false }
        var writeChanged: @Sendable (Local, Local, inout Root) -> Bool = { _, _, _ in false }
        for field in fields {
            let readBefore = read, writeBefore = write, writeChangedBefore = writeChanged
            let readField = field.read, writeField = field.write, writeChangedField = field.writeChanged
            read = { root, local in
                readBefore(root, &local)
                readField(root, &local)
            }
            write = { local, root in
                let wrote = writeBefore(local, &root)
                return writeField(local, &root) || wrote
            }
            writeChanged = { before, after, root in
                let wrote = writeChangedBefore(before, after, &root)
                return writeChangedField(before, after, &root) || wrote
            }
        }
        self.init(read: read, write: write, writeChanged: writeChanged, bindings: fields.flatMap(\.bindings))
    }
}


/// One field of a scattered module's local state, bound to the root state field it lives in:
/// the piece a ``ModuleMap/scattered(_:fields:action:name:)`` map assembles the local state from
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
/// Writing back compares the local value with the root's and writes only a field whose value
/// changed, so a scattered module's reducer leaves every other root field — and every field it
/// did not change — untouched. Pure and `Sendable`; called on the main actor by the store and
/// by slices.
public struct ModuleField<Root, Local>: Sendable {
    /// Copies the root's value into the local state.
    @usableFromInline let read: @Sendable (Root, inout Local) -> Void
    /// Writes the local value into the root when it differs from the root's; `true` when it wrote.
    @usableFromInline let write: @Sendable (Local, inout Root) -> Bool

    @inlinable
    init(read: @escaping @Sendable (Root, inout Local) -> Void, write: @escaping @Sendable (Local, inout Root) -> Bool) {
        self.read = read
        self.write = write
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
            }
        )
    }
}

/// A read-write view of one value whose write is an action: `get` reads it from a module's
/// state, `set` dispatches the action that changes it. The library's own binding type, shaped
/// like SwiftUI's `Binding` (a getter and a setter) so that a SwiftUI layer turns it into one
/// with `Binding(get: binding.get, set: binding.set)`; every rule of it is testable without
/// SwiftUI.
///
/// Made by ``StoreModule/binding(_:send:file:line:)`` and by the root store's ``Store/binding(_:send:file:line:)``.
/// Isolation: main actor (it reads and dispatches through a module or the store).
@MainActor
@dynamicMemberLookup
public struct StateBinding<Value> {
    /// Reads the value now.
    public let get: () -> Value
    /// Dispatches the action that sets the value (the state changes when a reducer handles it).
    public let set: (Value) -> Void

    /// A binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value: reading calls ``get``, writing calls ``set``.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// A binding that always reads `value` and ignores writes (for previews and tests).
    public static func constant(_ value: Value) -> StateBinding {
        StateBinding(get: { value }, set: { _ in })
    }

    /// A binding to one field of this binding's value: reading reads that field; writing sets
    /// the field in the current value and sets the whole value through ``set``.
    public subscript<Field>(dynamicMember keyPath: WritableKeyPath<Value, Field>) -> StateBinding<Field> {
        let get = self.get
        let set = self.set
        return StateBinding<Field>(get: { get()[keyPath: keyPath] }, set: { field in
            var value = get()
            value[keyPath: keyPath] = field
            set(value)
        })
    }
}

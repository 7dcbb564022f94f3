/// A writable key path with its memory offset when it names stored properties only
/// (`MemoryLayout.offset(of:)`): reading and mutating then go straight to the field's address
/// instead of through the key path's accessors (three generic key-path writes cost about as much
/// as a whole dispatch).
@usableFromInline
struct FieldPath<Parent, Value>: Sendable {
    @usableFromInline let keyPath: WritableKeyPath<Parent, Value> & Sendable
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: WritableKeyPath<Parent, Value> & Sendable) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Parent>.offset(of: keyPath)
    }

    /// The field's value.
    @inlinable
    func read(_ parent: Parent) -> Value {
        guard let offset else { return parent[keyPath: keyPath] }
        return withUnsafePointer(to: parent) { pointer in
            UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }

    /// Runs `body` on the field, in place.
    @inlinable
    func modify<Result>(_ parent: inout Parent, _ body: (inout Value) -> Result) -> Result {
        guard let offset else { return body(&parent[keyPath: keyPath]) }
        return modifyField(at: &parent, offset: offset, body)
    }
}

/// Runs `body` on the `Value` stored `offset` bytes into the parent at `parent` (an `inout`
/// argument converted to a pointer for the call).
@inlinable @inline(__always)
func modifyField<Parent, Value, Result>(at parent: UnsafeMutablePointer<Parent>, offset: Int, _ body: (inout Value) -> Result) -> Result {
    body(&UnsafeMutableRawPointer(parent).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
}

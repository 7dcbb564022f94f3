/// How one subscription is watched and delivered, before it is registered: its watch record
/// and its closures, all over the state's address. Main actor only.
struct SubscriptionPlan {
    var watch: SubscriptionList.Watch
    var probe: ((UnsafeRawPointer) -> Bool)?
    var deliver: (UnsafeRawPointer) -> Void
    /// Delivers the current value when the subscription starts, taking it as the last one.
    var deliverInitially: (UnsafeRawPointer) -> Void

    /// Delivered after every handled action.
    static func always<Value>(_ read: @escaping (UnsafeRawPointer) -> Value, _ send: @escaping (Value) -> Void) -> Self {
        SubscriptionPlan(
            watch: .init(kind: .always, size: 0, offset: 0),
            probe: nil,
            deliver: { send(read($0)) },
            deliverInitially: { send(read($0)) }
        )
    }

    /// Compared by the bytes at `offset` (an exact comparison: `.word` or `.bytes`).
    static func bytes<Value>(_ kind: SubscriptionList.Kind, offset: Int, size: Int, _ read: @escaping (UnsafeRawPointer) -> Value, _ send: @escaping (Value) -> Void) -> Self {
        SubscriptionPlan(
            watch: .init(kind: kind, size: size, offset: offset),
            probe: nil,
            deliver: { send(read($0)) },
            deliverInitially: { send(read($0)) }
        )
    }

    /// Compared with the last delivered value by `isDuplicate`, after a `.bytesThenProbe`
    /// watch found other bytes or on every pass (`.probe`). `holds` says whether a value may be
    /// kept as the last one; one that may not is delivered after every handled action.
    static func comparing<Value>(
        _ read: @escaping (UnsafeRawPointer) -> Value,
        isDuplicate: @escaping (Value, Value) -> Bool,
        holds: @escaping (Value) -> Bool = { _ in true },
        watch: SubscriptionList.Watch = .init(kind: .probe, size: 0, offset: 0),
        _ send: @escaping (Value) -> Void
    ) -> Self {
        let box = SelectionBox<Value>()
        return SubscriptionPlan(
            watch: watch,
            probe: { base in
                let value = read(base)
                if box.isDuplicateOfLast(value, isDuplicate) { return false }
                let asLast = holds(value)
                box.keep(value, asLast: asLast)
                return true
            },
            deliver: { base in send(box.hasNext ? box.takeNext() : read(base)) },
            deliverInitially: { base in
                let value = read(base)
                box.setLast(value, asLast: holds(value))
                send(value)
            }
        )
    }

    /// The plan for the value at `keyPath`: deduplicated by `isDuplicate` when given, else by
    /// the observation comparison classes (see <doc:Observation>).
    static func selecting<State, Value>(
        _ keyPath: KeyPath<State, Value>,
        isDuplicate: ((Value, Value) -> Bool)?,
        _ send: @escaping (Value) -> Void
    ) -> Self {
        let offset = MemoryLayout<State>.offset(of: keyPath)
        let read: (UnsafeRawPointer) -> Value
        if let offset {
            read = { $0.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee }
        } else {
            read = { $0.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath] }
        }
        if let isDuplicate { return .comparing(read, isDuplicate: isDuplicate, send) }
        // Computed (or reached through a class or an optional): delivered on every handled action.
        guard let offset else { return .always(read, send) }
        if let stamped = Value.self as? any StampedCollection.Type {
            return .bytes(.word, offset: offset + stamped.stampOffset, size: 8, read, send)
        }
        guard let equatable = Value.self as? any Equatable.Type else { return .always(read, send) }
        let equal = _openExistential(equatable, do: pointerEquality)
        let isEqual: (Value, Value) -> Bool = { old, new in
            withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { equal(old, $0) } }
        }
        let size = MemoryLayout<Value>.size
        if _isPOD(Value.self) && size <= 16 {
            // For integers and Booleans, different bytes are a different value: no `==` needed.
            if Value.self is any FixedWidthInteger.Type || Value.self == Bool.self {
                return .bytes(size == 8 ? .word : .bytes, offset: offset, size: size, read, send)
            }
            return .comparing(read, isDuplicate: isEqual, watch: .init(kind: .bytesThenProbe, size: size, offset: offset), send)
        }
        return .comparing(read, isDuplicate: isEqual, holds: { isValueCompared($0) }, send)
    }

    /// The plan for what `selector` computes from the state: compared by `isDuplicate` when
    /// given, else delivered after every handled action.
    static func computing<State, Value>(
        _ selector: @escaping (State) -> Value,
        isDuplicate: ((Value, Value) -> Bool)?,
        _ send: @escaping (Value) -> Void
    ) -> Self {
        // The selector borrows the state where it lies: `selector(pointer.pointee)` would copy
        // the whole state for every call.
        let read: (UnsafeRawPointer) -> Value = { base in
            withBorrowed(base.assumingMemoryBound(to: State.self)) { (state: borrowing State) in selector(state) }
        }
        if let isDuplicate { return .comparing(read, isDuplicate: isDuplicate, send) }
        return .always(read, send)
    }
}

/// `==` of a `T` over two addresses.
private func pointerEquality<T: Equatable>(_: T.Type) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    { $0.assumingMemoryBound(to: T.self).pointee == $1.assumingMemoryBound(to: T.self).pointee }
}

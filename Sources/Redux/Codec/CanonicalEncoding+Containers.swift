/// The keyed container of ``CanonicalEncoding``: entries go into an ``ObjectStorage``; the
/// writer sorts them by key.
struct CanonicalKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CanonicalEncoding
    let storage: ObjectStorage
    let between: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + between }

    private func position(_ key: Key) -> EncodingPosition { encoder.child(between, key) }

    mutating func encodeNil(forKey key: Key) { storage.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) { storage.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) { storage.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { storage.set(key.stringValue, .signed(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) { storage.set(key.stringValue, .signed(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) { storage.set(key.stringValue, .signed(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) { storage.set(key.stringValue, .signed(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) { storage.set(key.stringValue, .signed(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) { storage.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) { storage.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) { storage.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) { storage.set(key.stringValue, .unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) { storage.set(key.stringValue, .unsigned(value)) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        storage.set(key.stringValue, try position(key).floatingNode(value))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        storage.set(key.stringValue, try position(key).floatingNode(value))
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        storage.set(key.stringValue, try CanonicalEncoding.node(for: value, at: position(key)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectStorage()
        storage.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(
            CanonicalKeyedContainer<NestedKey>(encoder: encoder, storage: nested, between: between + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayStorage()
        storage.set(key.stringValue, .array(nested))
        return CanonicalUnkeyedContainer(encoder: encoder, storage: nested, between: between + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = NamedCodingKey("super")
        let superEncoder = CanonicalEncoding(at: encoder.child(between, key))
        storage.set(key.stringValue, .pending(superEncoder))
        encoder.hasPending = true
        return superEncoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = CanonicalEncoding(at: position(key))
        storage.set(key.stringValue, .pending(superEncoder))
        encoder.hasPending = true
        return superEncoder
    }
}

/// The unkeyed container of ``CanonicalEncoding``: elements go into an ``ArrayStorage`` in order.
struct CanonicalUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: CanonicalEncoding
    let storage: ArrayStorage
    let between: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + between }
    var count: Int { storage.items.count }

    private var position: EncodingPosition { encoder.child(between, IndexCodingKey(storage.items.count)) }

    mutating func encodeNil() { storage.items.append(.null) }
    mutating func encode(_ value: Bool) { storage.items.append(.bool(value)) }
    mutating func encode(_ value: String) { storage.items.append(.string(value)) }
    mutating func encode(_ value: Int) { storage.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int8) { storage.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int16) { storage.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int32) { storage.items.append(.signed(Int64(value))) }
    mutating func encode(_ value: Int64) { storage.items.append(.signed(value)) }
    mutating func encode(_ value: UInt) { storage.items.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) { storage.items.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) { storage.items.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) { storage.items.append(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) { storage.items.append(.unsigned(value)) }
    mutating func encode(_ value: Double) throws { storage.items.append(try position.floatingNode(value)) }
    mutating func encode(_ value: Float) throws { storage.items.append(try position.floatingNode(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        storage.items.append(try CanonicalEncoding.node(for: value, at: position))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = IndexCodingKey(storage.items.count)
        let nested = ObjectStorage()
        storage.items.append(.object(nested))
        return KeyedEncodingContainer(
            CanonicalKeyedContainer<NestedKey>(encoder: encoder, storage: nested, between: between + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexCodingKey(storage.items.count)
        let nested = ArrayStorage()
        storage.items.append(.array(nested))
        return CanonicalUnkeyedContainer(encoder: encoder, storage: nested, between: between + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = CanonicalEncoding(at: position)
        storage.items.append(.pending(superEncoder))
        encoder.hasPending = true
        return superEncoder
    }
}

/// The single-value container of ``CanonicalEncoding``: the value becomes the encoder's node
/// (a second write replaces the first).
struct CanonicalSingleValueContainer: SingleValueEncodingContainer {
    let encoder: CanonicalEncoding

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() { encoder.node = .null }
    mutating func encode(_ value: Bool) { encoder.node = .bool(value) }
    mutating func encode(_ value: String) { encoder.node = .string(value) }
    mutating func encode(_ value: Int) { encoder.node = .signed(Int64(value)) }
    mutating func encode(_ value: Int8) { encoder.node = .signed(Int64(value)) }
    mutating func encode(_ value: Int16) { encoder.node = .signed(Int64(value)) }
    mutating func encode(_ value: Int32) { encoder.node = .signed(Int64(value)) }
    mutating func encode(_ value: Int64) { encoder.node = .signed(value) }
    mutating func encode(_ value: UInt) { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) { encoder.node = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) { encoder.node = .unsigned(value) }
    mutating func encode(_ value: Double) throws { encoder.node = try encoder.position.floatingNode(value) }
    mutating func encode(_ value: Float) throws { encoder.node = try encoder.position.floatingNode(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoder.node = try CanonicalEncoding.node(for: value, at: encoder.position)
    }
}

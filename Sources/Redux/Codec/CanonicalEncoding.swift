import Foundation

/// The `Encoder` behind ``CanonicalJSONEncoder``: one per value that encodes itself through
/// `encode(to:)`, collecting that value's ``JSONNode``.
///
/// Used on one thread for the duration of one `encode` call; never shared.
final class CanonicalEncoding: Encoder {
    let position: EncodingPosition
    var node: JSONNode?
    /// Set when a container of this encoder handed out a super-encoder: its node sits in this
    /// encoder's tree as `.pending` until ``run(_:)`` resolves it. (Left there, it would form a
    /// cycle: the super-encoder's position references this encoder, whose tree holds it.)
    var hasPending = false

    init(at position: EncodingPosition) {
        self.position = position
    }

    var codingPath: [any CodingKey] { position.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The position of a value at `key` in a container of this encoder (`between` holds the keys
    /// of the nested containers leading to that container).
    func child(_ between: [any CodingKey], _ key: any CodingKey) -> EncodingPosition {
        EncodingPosition(parent: self, between: between, key: key)
    }

    /// The node of any value: special-cased types directly, others through their `encode(to:)`.
    static func node<Value: Encodable>(for value: Value, at position: EncodingPosition) throws -> JSONNode {
        if let special = value as? any CanonicalEncodable {
            return try special.canonicalNode(at: position)
        }
        let encoder = CanonicalEncoding(at: position)
        return try encoder.run(value)
    }

    /// Runs the value's own `encode(to:)` with this encoder and returns what it wrote (`{}` when
    /// it wrote nothing, as the stock encoder does). Errors other than ours become
    /// ``StateCodingError/invalidValue(path:reason:)`` at this position.
    func run<Value: Encodable>(_ value: Value) throws(StateCodingError) -> JSONNode {
        do {
            try value.encode(to: self)
        } catch {
            node = nil  // drops the tree, and with it any super-encoder's place in it
            throw wrapped(error)
        }
        guard let written = node else { return .object(ObjectStorage()) }
        node = nil
        return hasPending ? Self.resolvingPending(written) : written
    }

    /// `node` with every super-encoder's `.pending` place replaced by what it wrote, at any
    /// depth of the objects and arrays being filled.
    static func resolvingPending(_ node: JSONNode) -> JSONNode {
        switch node {
        case .pending(let encoder):
            let written = encoder.node ?? .object(ObjectStorage())
            encoder.node = nil
            return resolvingPending(written)
        case .object(let storage):
            for index in storage.entries.indices {
                storage.entries[index].value = resolvingPending(storage.entries[index].value)
            }
            return node
        case .array(let storage):
            for index in storage.items.indices {
                storage.items[index] = resolvingPending(storage.items[index])
            }
            return node
        default:
            return node
        }
    }

    func wrapped(_ error: any Error) -> StateCodingError {
        switch error {
        case let error as StateCodingError:
            return error
        case EncodingError.invalidValue(_, let context):
            return .invalidValue(path: CodingPathText.text(context.codingPath), reason: context.debugDescription)
        default:
            return .invalidValue(path: position.text, reason: String(describing: error))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage: ObjectStorage
        if case .object(let existing) = node {
            storage = existing
        } else {
            storage = ObjectStorage()
            node = .object(storage)
        }
        return KeyedEncodingContainer(CanonicalKeyedContainer<Key>(encoder: self, storage: storage, between: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage: ArrayStorage
        if case .array(let existing) = node {
            storage = existing
        } else {
            storage = ArrayStorage()
            node = .array(storage)
        }
        return CanonicalUnkeyedContainer(encoder: self, storage: storage, between: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CanonicalSingleValueContainer(encoder: self)
    }
}

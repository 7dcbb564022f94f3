/// One value of the tree ``CanonicalJSONEncoder`` builds before writing it out.
///
/// Scalars are stored unboxed (integers and dates as numbers, so the writer prints their digits
/// straight into its buffer); only objects and arrays that are still being filled are classes,
/// because a nested container writes into them after they were placed in their parent.
enum JSONNode {
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    /// Text that is already a valid JSON number (a `Double`'s, a `Decimal`'s).
    case number(String)
    case string(String)
    /// Milliseconds since 1970, written as a ``MillisecondTime`` string.
    case date(Int64)
    /// Bytes already in canonical form (an element of a set, a key or value of a pair list).
    case fragment([UInt8])
    /// A finished array (a set's sorted elements, a dictionary's sorted pairs).
    case list([JSONNode])
    case array(ArrayStorage)
    case object(ObjectStorage)
    /// The value a super-encoder will have written by the time the tree is written out.
    case pending(CanonicalEncoding)
}

/// An object being filled by a keyed container: entries in the order they were written. The
/// writer sorts them by key and keeps the last of entries with the same key.
final class ObjectStorage {
    var entries: [(key: String, value: JSONNode)] = []

    func set(_ key: String, _ value: JSONNode) {
        entries.append((key, value))
    }
}

/// An array being filled by an unkeyed container.
final class ArrayStorage {
    var items: [JSONNode] = []
}

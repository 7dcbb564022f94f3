import Foundation

/// Encodes an `Encodable` value to JSON bytes that are the same for the same value in every run
/// and every process.
///
/// The rules that make the bytes canonical:
/// - object keys sorted by their UTF-8 bytes; when a value writes one key twice, the last wins;
/// - a `Set`'s elements sorted by their own encoded bytes, and the `[key, value, …]` pairs of a
///   `Dictionary` whose keys are not `String`, `Int` or `CodingKeyRepresentable` sorted by the
///   key's encoded bytes (other dictionaries are objects, sorted like any object), at any depth;
/// - no whitespace; strings escape only `"`, `\` and control characters (`/` and non-ASCII
///   characters are written raw, as UTF-8);
/// - `Date` as ``MillisecondTime`` text (`"2026-12-03T10:22:16.123Z"`, rounded to the nearest
///   millisecond), `Data` as base64, `URL` as its absolute string, `Decimal` as a number;
/// - `Double` and `Float` as their shortest text that reads back to the same bits, integral
///   values without `.0` (`3`), negative zero as `-0.0`.
///
/// ``CanonicalJSONDecoder`` reads everything it writes back to an equal value: doubles bit for
/// bit, dates to the millisecond. The stock `JSONDecoder` does too once its date strategy parses
/// ``MillisecondTime`` text (`.custom`; its default, `.deferredToDate`, expects a number). A
/// relative `URL` comes back as its absolute string, without its base.
///
/// A value type with no state of its own: it is `Sendable`, and ``encode(_:)`` may be called
/// from any thread or actor at the same time. The idea of a state encoding that tools can rely on
/// comes from TinyRedux's snapshot API; making it byte-stable is this package's.
public struct CanonicalJSONEncoder: Sendable {
    /// An encoder; it has no options.
    public init() {}

    /// The value's canonical JSON.
    ///
    /// - Throws: ``StateCodingError/nonFiniteNumber(path:value:)`` for a NaN or infinite
    ///   `Double`/`Float` (or a NaN `Decimal`), naming its path;
    ///   ``StateCodingError/invalidValue(path:reason:)`` when a value's `encode(to:)` throws
    ///   (the reason is the thrown error's description) or a date lies outside the years
    ///   0000–9999.
    /// - Complexity: O(n + k log k) for n values, where k is the entry count of each object, set
    ///   and pair list sorted.
    public func encode<T: Encodable>(_ value: T) throws(StateCodingError) -> Data {
        let node: JSONNode
        do {
            node = try CanonicalEncoding.node(for: value, at: .root)
        } catch {
            throw CanonicalEncoding(at: .root).wrapped(error)
        }
        var writer = CanonicalJSONWriter()
        writer.bytes.reserveCapacity(256)
        writer.write(node)
        return Data(writer.bytes)
    }
}

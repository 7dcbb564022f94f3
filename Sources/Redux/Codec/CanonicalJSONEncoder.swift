import Foundation

/// Encodes an `Encodable` value to JSON bytes that are the same for the same value in every run
/// and every process.
public struct CanonicalJSONEncoder: Sendable {
    /// An encoder; it has no options.
    public init() {}

    /// The value's canonical JSON.
    public func encode<T: Encodable>(_ value: T) throws(StateCodingError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw .invalidValue(path: "", reason: "\(error)")
        }
    }
}

import Foundation

// The frames' only calls into the codec: one to encode a projection, one to decode a frame.

/// Encodes a frame's projection with ``CanonicalJSONEncoder``: the same state gives the same
/// bytes in every run and process. Any isolation.
///
/// - Throws: ``StateCodingError/nonFiniteNumber(path:value:)`` for NaN or an infinity,
///   ``StateCodingError/invalidValue(path:reason:)`` for anything else the encoding refused.
func encodeFrame<Projection: Encodable>(_ projection: Projection) throws(StateCodingError) -> Data {
    try CanonicalJSONEncoder().encode(projection)
}

/// Decodes a frame's bytes as `type` with ``CanonicalJSONDecoder``. Any isolation.
///
/// - Throws: a ``StateCodingError`` naming the path and what was expected.
func decodeFrame<Value: Decodable>(_ type: Value.Type, from data: Data) throws(StateCodingError) -> Value {
    try CanonicalJSONDecoder().decode(type, from: data)
}

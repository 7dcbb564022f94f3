import Foundation

/// A JSON encoding of a projection of the state, taken at one exact point of the pipeline: the
/// terminal of one action (see <doc:StateFrames>).
///
/// Unlike ``StoreSnapshot``, which reads the store's live state whenever it is read, a frame is
/// fixed: its bytes describe the state at its action's terminal, whatever ran since. The same
/// state always encodes to the same bytes. `Sendable`; read it anywhere.
public struct StateFrame: Sendable, Equatable {
    /// The projection as canonical JSON (``CanonicalJSONEncoder``): the same state, the same bytes.
    public let data: Data
    /// The sequence number of the action whose terminal the frame was taken at — the one its
    /// ticket and its log events carry; `0` for a stream's initial frame, and for an untracked
    /// action on a store without a log handler (which draws no number).
    public let sequence: UInt64

    init(data: Data, sequence: UInt64) {
        self.data = data
        self.sequence = sequence
    }

    /// ``data`` as UTF-8 text.
    public var text: String { String(decoding: data, as: UTF8.self) }

    /// Decodes the frame's JSON as `type` (the projection, or any type of the same shape).
    ///
    /// - Throws: a ``StateCodingError`` naming the path and what was expected.
    public func decode<T: Decodable>(_ type: T.Type) throws(StateCodingError) -> T {
        try decodeFrame(type, from: data)
    }
}

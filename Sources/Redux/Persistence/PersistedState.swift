import Foundation

/// What a migration closure reads: the content of a file saved with an older `version`.
///
/// Given to ``Persistence``'s `migrate` closure, in the store's initializer (main actor).
public struct PersistedState: Sendable {
    /// The file read.
    public let file: URL
    /// The version the file was saved with (below ``Persistence/version``).
    public let version: Int
    /// The JSON of the saved snapshot (the file's `state` field).
    public let data: Data

    /// The content of `file`, saved with `version`, whose `state` field is `data` (JSON). The
    /// persistence builds it for its migration; build one yourself to test a migration closure.
    public init(file: URL, version: Int, data: Data) {
        self.file = file
        self.version = version
        self.data = data
    }

    /// Decodes the saved snapshot as `type` (an older version's type), with ``CanonicalJSONDecoder``.
    ///
    /// - Throws: ``StateCodingError`` when the JSON does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try CanonicalJSONDecoder().decode(type, from: data)
    }
}

import Foundation

/// The file's content: `{"state": <snapshot>, "version": N}`, written with
/// ``CanonicalJSONEncoder`` (sorted keys, so `state` comes first).
struct PersistedEnvelope<Snapshot: Codable & Sendable>: Codable, Sendable {
    let state: Snapshot
    let version: Int

    /// The version alone, read before the snapshot's type is chosen.
    private struct Header: Decodable {
        let version: Int
    }

    /// Reads `data` (a file's content) into `state`: a current file is decoded and restored; an
    /// older one is migrated and restored (the caller saves it at once). Main actor (the
    /// store's initializer), but touches nothing isolated.
    ///
    /// - Throws: ``PersistenceError/corrupt(file:reason:)`` for content that is not a saved
    ///   state; ``PersistenceError/newerVersion(file:found:supported:)``,
    ///   ``PersistenceError/missingMigration(file:found:supported:)``,
    ///   ``PersistenceError/migrationFailed(file:from:reason:)``.
    static func load<State>(
        _ data: Data,
        file: URL,
        version: Int,
        migrate: (@Sendable (PersistedState) throws -> Snapshot)?,
        restore: (Snapshot, inout State) -> Void,
        into state: inout State
    ) throws(PersistenceError) -> PersistenceStatus {
        let decoder = CanonicalJSONDecoder()
        let found: Int
        do {
            found = try decoder.decode(Header.self, from: data).version
        } catch {
            throw .corrupt(file: file, reason: error)
        }
        if found > version { throw .newerVersion(file: file, found: found, supported: version) }
        if found == version {
            let envelope: PersistedEnvelope
            do {
                envelope = try decoder.decode(PersistedEnvelope.self, from: data)
            } catch {
                throw .corrupt(file: file, reason: error)
            }
            restore(envelope.state, &state)
            return .restored(version: version)
        }
        let saved = try stateJSON(of: data, version: found, file: file)
        guard let migrate else { throw .missingMigration(file: file, found: found, supported: version) }
        let migrated: Snapshot
        do {
            migrated = try migrate(PersistedState(file: file, version: found, data: saved))
        } catch {
            throw .migrationFailed(file: file, from: found, reason: String(describing: error))
        }
        restore(migrated, &state)
        return .migrated(from: found, to: version)
    }

    /// The JSON of the file's `state` field: sliced out of a canonical file (which starts with
    /// `{"state":` and ends with `,"version":N}`), else re-serialized from a parse.
    static func stateJSON(of data: Data, version: Int, file: URL) throws(PersistenceError) -> Data {
        let prefix = Data(#"{"state":"#.utf8)
        let suffix = Data(#","version":\#(version)}"#.utf8)
        if data.count > prefix.count + suffix.count, data.starts(with: prefix), data.suffix(suffix.count).elementsEqual(suffix) {
            return Data(data.dropFirst(prefix.count).dropLast(suffix.count))
        }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any],
              let state = object["state"],
              let json = try? JSONSerialization.data(withJSONObject: state, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        else {
            throw .corrupt(file: file, reason: .keyNotFound(path: "", key: "state"))
        }
        return json
    }
}

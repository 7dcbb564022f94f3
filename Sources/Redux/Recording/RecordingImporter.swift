import Foundation

/// The field checks of ``Recording/init(importing:)`` over a scanned document (rounds 2 and 3 of
/// its documentation).
struct RecordingImporter {
    /// One `actionsById` entry, read.
    private struct Entry {
        var key: String
        var id: Int
        var range: Range<Int>
        var type: String
        var payload: Range<Int>?
        var timestamp: Int64
        var outcome: String?
        var origin: ActionOrigin?
        var clock: Duration?
        var states: String?
    }

    let bytes: [UInt8]

    func recording(from root: RecordingJSONValue) throws(RecordingFormatError) -> Recording {
        guard case .object(let members) = root.kind else {
            throw invalid("", expected: "an object", found: root)
        }
        var entries: [Entry]?
        var states: [RecordingJSONValue]?
        var staged: [Int]?
        var skipped: [Int]?
        var nextActionId: Int?
        var currentStateIndex: Int?
        var committedState: RecordingJSONValue?
        var isLocked = false
        var isPaused = false
        for member in members {
            let path = member.key
            let value = member.value
            switch member.key {
            case "actionsById": entries = try readEntries(value, path)
            case "computedStates": states = try readStates(value, path)
            case "stagedActionIds": staged = try readStaged(value, path)
            case "skippedActionIds": skipped = try readSkipped(value, path)
            case "nextActionId": nextActionId = try integer(value, path)
            case "currentStateIndex": currentStateIndex = try integer(value, path)
            case "committedState": committedState = value
            case "isLocked": isLocked = try bool(value, path)
            case "isPaused": isPaused = try bool(value, path)
            default: continue
            }
        }
        guard let entries else { throw .missingField(path: "actionsById") }
        guard let states else { throw .missingField(path: "computedStates") }
        guard let staged else { throw .missingField(path: "stagedActionIds") }
        guard let skipped else { throw .missingField(path: "skippedActionIds") }
        guard let nextActionId else { throw .missingField(path: "nextActionId") }
        guard let currentStateIndex else { throw .missingField(path: "currentStateIndex") }
        guard let committedState else { throw .missingField(path: "committedState") }

        // Round 3: the fields against each other.
        let stagedSet = Set(staged)
        var entriesById: [Int: Entry] = [:]
        for entry in entries { entriesById[entry.id] = entry }
        for id in staged where entriesById[id] == nil {
            throw .missingField(path: "actionsById.\(id)")
        }
        for entry in entries where !stagedSet.contains(entry.id) {
            throw .inconsistent(path: "actionsById.\(entry.key)", reason: "id \(entry.id) is not in stagedActionIds")
        }
        guard states.count == staged.count else {
            throw .inconsistent(
                path: "computedStates",
                reason: "\(states.count) states for \(staged.count) staged actions (they are index-aligned)"
            )
        }
        for (index, id) in skipped.enumerated() where !stagedSet.contains(id) {
            throw .inconsistent(path: "skippedActionIds[\(index)]", reason: "id \(id) is not in stagedActionIds")
        }
        let largest = staged.max() ?? 0
        guard nextActionId > largest else {
            throw .inconsistent(path: "nextActionId", reason: "\(nextActionId) is not greater than the largest staged id, \(largest)")
        }
        guard staged.indices.contains(currentStateIndex) else {
            throw .inconsistent(path: "currentStateIndex", reason: "\(currentStateIndex) is outside 0..<\(staged.count)")
        }

        let skippedSet = Set(skipped)
        var steps: [Recording.Step] = []
        steps.reserveCapacity(staged.count)
        for (index, id) in staged.enumerated() {
            // Every staged id has an entry (checked above).
            guard let entry = entriesById[id], let state = states[index].member("state") else { continue }
            steps.append(Recording.Step(
                id: id, type: entry.type, timestamp: entry.timestamp, outcome: entry.outcome,
                origin: entry.origin, clock: entry.clock, payload: entry.payload.map(data),
                isSkipped: skippedSet.contains(id), actionJSON: data(entry.range),
                stateJSON: data(state.range), computedStateJSON: data(states[index].range)
            ))
        }
        let declared = entriesById[0]?.states
        return Recording(
            steps: steps, skippedActionIds: skipped, committedStateJSON: data(committedState.range),
            currentStateIndex: currentStateIndex, nextActionId: nextActionId, isLocked: isLocked,
            isPaused: isPaused, statesAreFull: declared == "state", declaresProjection: declared == "projection"
        )
    }

    // MARK: - actionsById

    private func readEntries(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> [Entry] {
        guard case .object(let members) = value.kind else { throw invalid(path, expected: "an object", found: value) }
        var entries: [Entry] = []
        for member in members {
            let entryPath = path + "." + member.key
            guard let id = Self.canonicalId(member.key) else {
                throw .invalidField(
                    path: entryPath, expected: "an action id (a non-negative integer) as the key",
                    found: "the key \(Self.shortQuoted(member.key))"
                )
            }
            entries.append(try readEntry(member.value, entryPath, key: member.key, id: id))
        }
        return entries
    }

    private func readEntry(_ value: RecordingJSONValue, _ path: String, key: String, id: Int) throws(RecordingFormatError) -> Entry {
        guard case .object(let members) = value.kind else { throw invalid(path, expected: "an object", found: value) }
        var hasType = false
        var action: (type: String, payload: Range<Int>?)?
        var timestamp: Int64?
        var meta: (outcome: String?, origin: ActionOrigin?, clock: Duration?, states: String?) = (nil, nil, nil, nil)
        for member in members {
            let memberPath = path + "." + member.key
            switch member.key {
            case "type":
                guard case .string("PERFORM_ACTION") = member.value.kind else {
                    throw invalid(memberPath, expected: "the string \"PERFORM_ACTION\"", found: member.value)
                }
                hasType = true
            case "action": action = try readAction(member.value, memberPath)
            case "timestamp": timestamp = try readTimestamp(member.value, memberPath)
            case "meta": meta = try readMeta(member.value, memberPath)
            default: continue
            }
        }
        guard hasType else { throw .missingField(path: path + ".type") }
        guard let action else { throw .missingField(path: path + ".action") }
        guard let timestamp else { throw .missingField(path: path + ".timestamp") }
        return Entry(
            key: key, id: id, range: value.range, type: action.type, payload: action.payload, timestamp: timestamp,
            outcome: meta.outcome, origin: meta.origin, clock: meta.clock, states: meta.states
        )
    }

    private func readAction(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> (type: String, payload: Range<Int>?) {
        guard case .object(let members) = value.kind else { throw invalid(path, expected: "an object", found: value) }
        var type: String?
        var payload: Range<Int>?
        for member in members {
            switch member.key {
            case "type":
                guard case .string(let text) = member.value.kind else {
                    throw invalid(path + ".type", expected: "a string", found: member.value)
                }
                type = text
            case "payload": payload = member.value.range
            default: continue
            }
        }
        guard let type else { throw .missingField(path: path + ".type") }
        return (type, payload)
    }

    private func readTimestamp(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> Int64 {
        let expected = "a number of milliseconds since 1970"
        guard case .number = value.kind else { throw invalid(path, expected: expected, found: value) }
        let text = String(decoding: bytes[value.range], as: UTF8.self)
        if let exact = Int64(text) { return exact }
        guard let number = Double(text), number.isFinite, let whole = Int64(exactly: number.rounded(.down)) else {
            throw invalid(path, expected: expected + " within Int64", found: value)
        }
        return whole
    }

    private func readMeta(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> (String?, ActionOrigin?, Duration?, String?) {
        guard case .object(let members) = value.kind else { throw invalid(path, expected: "an object", found: value) }
        var outcome: String?
        var origin: ActionOrigin?
        var clock: Duration?
        var states: String?
        for member in members {
            let memberPath = path + "." + member.key
            switch member.key {
            case "outcome":
                guard case .string(let text) = member.value.kind else { throw invalid(memberPath, expected: "a string", found: member.value) }
                outcome = text
            case "origin":
                guard case .string(let text) = member.value.kind, let read = ActionOrigin(rawValue: text) else {
                    throw invalid(memberPath, expected: "\"external\" or \"effect\"", found: member.value)
                }
                origin = read
            case "clock":
                let expected = "a non-negative number of milliseconds"
                guard case .number = member.value.kind, bytes[member.value.range.lowerBound] != UInt8(ascii: "-") else {
                    throw invalid(memberPath, expected: expected, found: member.value)
                }
                guard let read = RecordingJSONText.duration(milliseconds: bytes[member.value.range]) else {
                    throw invalid(memberPath, expected: expected + " that a Duration holds", found: member.value)
                }
                clock = read
            case "states":
                guard case .string(let text) = member.value.kind, text == "state" || text == "projection" else {
                    throw invalid(memberPath, expected: "\"state\" or \"projection\"", found: member.value)
                }
                states = text
            default: continue
            }
        }
        return (outcome, origin, clock, states)
    }

    // MARK: - The other fields

    private func readStates(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> [RecordingJSONValue] {
        guard case .array(let elements) = value.kind else { throw invalid(path, expected: "an array", found: value) }
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            guard case .object = element.kind else { throw invalid(elementPath, expected: "an object", found: element) }
            guard element.member("state") != nil else { throw .missingField(path: elementPath + ".state") }
        }
        return elements
    }

    private func readStaged(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> [Int] {
        guard case .array(let elements) = value.kind else { throw invalid(path, expected: "an array", found: value) }
        guard !elements.isEmpty else {
            throw .invalidField(path: path, expected: "a non-empty array starting with 0 (the @@INIT action)", found: "an empty array")
        }
        var ids: [Int] = []
        var seen: Set<Int> = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            let id = try integer(element, elementPath)
            guard id >= 0 else { throw invalid(elementPath, expected: "a non-negative integer", found: element) }
            if index == 0, id != 0 { throw invalid(elementPath, expected: "0 (the @@INIT action's id)", found: element) }
            guard seen.insert(id).inserted else { throw .inconsistent(path: elementPath, reason: "id \(id) is staged twice") }
            ids.append(id)
        }
        return ids
    }

    private func readSkipped(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> [Int] {
        guard case .array(let elements) = value.kind else { throw invalid(path, expected: "an array", found: value) }
        var ids: [Int] = []
        var seen: Set<Int> = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            let id = try integer(element, elementPath)
            guard seen.insert(id).inserted else { throw .inconsistent(path: elementPath, reason: "id \(id) is skipped twice") }
            ids.append(id)
        }
        return ids
    }

    // MARK: - Helpers

    /// An integer written without fraction or exponent, within `Int`.
    private func integer(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> Int {
        guard case .number = value.kind, let number = Int(String(decoding: bytes[value.range], as: UTF8.self)) else {
            throw invalid(path, expected: "an integer", found: value)
        }
        return number
    }

    private func bool(_ value: RecordingJSONValue, _ path: String) throws(RecordingFormatError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw invalid(path, expected: "true or false", found: value) }
        return flag
    }

    /// The id a key of `actionsById` names: decimal digits without a leading zero (or `0`).
    private static func canonicalId(_ key: String) -> Int? {
        guard let id = Int(key), id >= 0, String(id) == key else { return nil }
        return id
    }

    private func data(_ range: Range<Int>) -> Data {
        Data(bytes[range])
    }

    private func invalid(_ path: String, expected: String, found value: RecordingJSONValue) -> RecordingFormatError {
        .invalidField(path: path, expected: expected, found: describe(value))
    }

    /// A short, one-line account of a value for an error's `found`.
    private func describe(_ value: RecordingJSONValue) -> String {
        switch value.kind {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "the string \(Self.shortQuoted(text))"
        case .number:
            "the number " + Self.shortened(String(decoding: bytes[value.range], as: UTF8.self))
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    private static func shortQuoted(_ text: String) -> String {
        RecordingJSONText.quoted(shortened(text))
    }

    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

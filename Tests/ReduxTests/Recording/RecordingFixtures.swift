import Foundation
import Redux

/// Recordings and files shared by the recording tests.
enum RecordingFixtures {
    /// The folder of this file, where `Golden/` lives.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// UTF-8 bytes of `text`.
    static func json(_ text: String) -> Data {
        Data(text.utf8)
    }

    /// A counter going 0 → 1 → 2: an external `increment`, then an effect's `add` with a payload
    /// at 1500.5 ms on the store clock.
    static func counterSession() -> Recording {
        Recording(
            committedState: json(#"{"count":0}"#),
            statesAreFull: true,
            initTimestamp: 1_767_225_600_000,
            steps: [
                Recording.StepDraft(
                    id: 1, type: "increment", timestamp: 1_767_225_600_250, outcome: "reduced",
                    origin: .external, clock: .milliseconds(250), state: json(#"{"count":1}"#)
                ),
                Recording.StepDraft(
                    id: 2, type: "add", payload: json(#"{"amount":1}"#), timestamp: 1_767_225_601_500,
                    outcome: "reduced", origin: .effect, clock: .microseconds(1_500_500), state: json(#"{"count":2}"#)
                ),
            ]
        )
    }

    /// A valid file with one action, to be broken by the malformed-file tests: `replacing` swaps
    /// one substring of it.
    static let valid = #"{"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1000,"meta":{"states":"state"}},"1":{"type":"PERFORM_ACTION","action":{"type":"tap","payload":3},"timestamp":1001,"meta":{"outcome":"reduced","origin":"external","clock":1}}},"computedStates":[{"state":0},{"state":3}],"stagedActionIds":[0,1],"skippedActionIds":[],"nextActionId":2,"currentStateIndex":1,"committedState":0,"isLocked":false,"isPaused":false}"#

    /// ``valid`` with `old` replaced by `new` (which must occur exactly once).
    static func valid(replacing old: String, with new: String) -> Data {
        precondition(valid.components(separatedBy: old).count == 2, "\(old) must occur once in the fixture")
        return json(valid.replacingOccurrences(of: old, with: new))
    }

    /// The error `data` is refused with, or nil when it imports.
    static func importError(_ data: Data) -> RecordingFormatError? {
        do {
            _ = try Recording(importing: data)
            return nil
        } catch {
            return error
        }
    }
}

extension RecordingFixtures {
    /// The `@@INIT` entry of ``document(_:order:)``.
    static let entry0 = #"{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1000,"meta":{"states":"state"}}"#
    /// The entry of id 1 of ``document(_:order:)``.
    static let entry1 = #"{"type":"PERFORM_ACTION","action":{"type":"tap","payload":3},"timestamp":1001,"meta":{"outcome":"reduced","origin":"external","clock":1}}"#

    /// The top-level fields of a valid two-step document, in the order ``exported()`` writes them.
    static let fieldOrder = [
        "actionsById", "computedStates", "stagedActionIds", "skippedActionIds", "nextActionId",
        "currentStateIndex", "committedState", "isLocked", "isPaused",
    ]

    /// The raw JSON of each field of the valid two-step document.
    static let fields: [String: String] = [
        "actionsById": #"{"0":\#(entry0),"1":\#(entry1)}"#,
        "computedStates": #"[{"state":0},{"state":3}]"#,
        "stagedActionIds": "[0,1]",
        "skippedActionIds": "[]",
        "nextActionId": "2",
        "currentStateIndex": "1",
        "committedState": "0",
        "isLocked": "false",
        "isPaused": "false",
    ]

    /// An override for ``document(_:order:)`` that removes the field.
    static let removed: String? = nil

    /// The valid two-step document with some fields replaced (a nil value removes the field),
    /// its fields written in `order`.
    static func document(_ overrides: [String: String?] = [:], order: [String] = fieldOrder) -> Data {
        var members: [String] = []
        for key in order {
            let value: String? = overrides.keys.contains(key) ? overrides[key]! : fields[key]
            if let value { members.append("\"\(key)\":\(value)") }
        }
        return json("{" + members.joined(separator: ",") + "}")
    }

    /// The valid two-step document whose entry 1 has `old` replaced by `new`.
    static func document(entry1Replacing old: String, with new: String) -> Data {
        precondition(entry1.components(separatedBy: old).count == 2, "\(old) must occur once in entry 1")
        let entry = entry1.replacingOccurrences(of: old, with: new)
        return document(["actionsById": #"{"0":\#(entry0),"1":\#(entry)}"#])
    }
}

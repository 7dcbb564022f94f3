import Foundation
import Redux
import Testing

/// A file that breaks one rule of the lifted-state format is refused with a typed error naming
/// the first bad field by its path; nothing is built.
@Suite("Recording: malformed files")
struct RecordingMalformedFileTests {
    typealias F = RecordingFixtures

    @Test func unbrokenFixtureImports() throws {
        #expect(F.document() == F.json(F.valid))
        #expect(F.importError(F.document()) == nil)
        #expect(F.importError(F.document(order: F.fieldOrder.reversed())) == nil)
    }

    // MARK: Top level and required fields

    @Test func topLevelMustBeAnObject() {
        #expect(F.importError(F.json("[1]")) == .invalidField(path: "", expected: "an object", found: "an array"))
    }

    @Test(arguments: ["actionsById", "computedStates", "stagedActionIds", "skippedActionIds", "nextActionId", "currentStateIndex", "committedState"])
    func everyRequiredTopLevelFieldMustBePresent(field: String) {
        #expect(F.importError(F.document([field: F.removed])) == .missingField(path: field))
    }

    @Test func absentIsLockedAndIsPausedReadAsFalse() throws {
        let recording = try Recording(importing: F.document(["isLocked": F.removed, "isPaused": F.removed]))
        #expect(!recording.isLocked && !recording.isPaused)
    }

    @Test func isLockedAndIsPausedMustBeBooleans() {
        #expect(F.importError(F.document(["isLocked": "0"])) == .invalidField(path: "isLocked", expected: "true or false", found: "the number 0"))
        #expect(F.importError(F.document(["isPaused": #""no""#])) == .invalidField(path: "isPaused", expected: "true or false", found: #"the string "no""#))
    }

    // MARK: actionsById

    @Test func actionsByIdMustBeAnObject() {
        #expect(F.importError(F.document(["actionsById": "[]"])) == .invalidField(path: "actionsById", expected: "an object", found: "an array"))
    }

    @Test func actionsByIdKeysMustBeActionIds() {
        let file = F.document(["actionsById": #"{"0":\#(F.entry0),"01":\#(F.entry1)}"#])
        #expect(F.importError(file) == .invalidField(path: "actionsById.01", expected: "an action id (a non-negative integer) as the key", found: #"the key "01""#))
    }

    @Test func entryMustBeAnObject() {
        #expect(F.importError(F.document(["actionsById": #"{"0":\#(F.entry0),"1":null}"#])) == .invalidField(path: "actionsById.1", expected: "an object", found: "null"))
    }

    @Test func entryTypeMustBePerformAction() {
        let file = F.document(entry1Replacing: #""PERFORM_ACTION""#, with: #""JUMP_TO_STATE""#)
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.type", expected: "the string \"PERFORM_ACTION\"", found: #"the string "JUMP_TO_STATE""#))
    }

    @Test func entryTypeIsRequired() {
        let file = F.document(entry1Replacing: #""type":"PERFORM_ACTION","#, with: "")
        #expect(F.importError(file) == .missingField(path: "actionsById.1.type"))
    }

    @Test func entryActionMustBeAnObject() {
        let file = F.document(entry1Replacing: #"{"type":"tap","payload":3}"#, with: #""tap""#)
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.action", expected: "an object", found: #"the string "tap""#))
    }

    @Test func entryActionIsRequired() {
        let file = F.document(entry1Replacing: #""action":{"type":"tap","payload":3},"#, with: "")
        #expect(F.importError(file) == .missingField(path: "actionsById.1.action"))
    }

    @Test func actionTypeMustBeAString() {
        let file = F.document(entry1Replacing: #""type":"tap""#, with: #""type":5"#)
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.action.type", expected: "a string", found: "the number 5"))
    }

    @Test func actionTypeIsRequired() {
        let file = F.document(entry1Replacing: #""type":"tap","#, with: "")
        #expect(F.importError(file) == .missingField(path: "actionsById.1.action.type"))
    }

    @Test func entryTimestampMustBeANumber() {
        let file = F.document(entry1Replacing: #""timestamp":1001"#, with: #""timestamp":"1001""#)
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.timestamp", expected: "a number of milliseconds since 1970", found: #"the string "1001""#))
    }

    @Test func entryTimestampIsRequired() {
        let file = F.document(entry1Replacing: #""timestamp":1001,"#, with: "")
        #expect(F.importError(file) == .missingField(path: "actionsById.1.timestamp"))
    }

    @Test func metaMustBeAnObjectWhenPresent() {
        let file = F.document(entry1Replacing: #"{"outcome":"reduced","origin":"external","clock":1}"#, with: "true")
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.meta", expected: "an object", found: "true"))
    }

    @Test func metaOriginMustBeExternalOrEffect() {
        let file = F.document(entry1Replacing: #""external""#, with: #""ui""#)
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.meta.origin", expected: "\"external\" or \"effect\"", found: #"the string "ui""#))
    }

    @Test func metaClockMustBeANonNegativeNumber() {
        let negative = F.document(entry1Replacing: #""clock":1"#, with: #""clock":-0.5"#)
        #expect(F.importError(negative) == .invalidField(path: "actionsById.1.meta.clock", expected: "a non-negative number of milliseconds", found: "the number -0.5"))
        let text = F.document(entry1Replacing: #""clock":1"#, with: #""clock":"1""#)
        #expect(F.importError(text) == .invalidField(path: "actionsById.1.meta.clock", expected: "a non-negative number of milliseconds", found: #"the string "1""#))
        let huge = F.document(entry1Replacing: #""clock":1"#, with: #""clock":1e40"#)
        #expect(F.importError(huge) == .invalidField(path: "actionsById.1.meta.clock", expected: "a non-negative number of milliseconds that a Duration holds", found: "the number 1e40"))
    }

    @Test func metaOutcomeMustBeAString() {
        let file = F.document(entry1Replacing: #""outcome":"reduced""#, with: #""outcome":{}"#)
        #expect(F.importError(file) == .invalidField(path: "actionsById.1.meta.outcome", expected: "a string", found: "an object"))
    }

    @Test func metaStatesMustBeStateOrProjection() {
        let file = F.document(["actionsById": #"{"0":\#(F.entry0.replacingOccurrences(of: #""state""#, with: #""full""#)),"1":\#(F.entry1)}"#])
        #expect(F.importError(file) == .invalidField(path: "actionsById.0.meta.states", expected: "\"state\" or \"projection\"", found: #"the string "full""#))
    }

    @Test func unknownEntryAndMetaKeysAreKept() throws {
        let file = F.document(entry1Replacing: #""clock":1}"#, with: #""clock":1,"note":[1]},"stack":"at x""#)
        let recording = try Recording(importing: file)
        #expect(String(decoding: recording.steps[1].actionJSON, as: UTF8.self).hasSuffix(#""note":[1]},"stack":"at x"}"#))
        #expect(recording.exported() == file)
    }

    // MARK: computedStates

    @Test func computedStatesMustBeAnArrayOfObjectsWithAState() {
        #expect(F.importError(F.document(["computedStates": "{}"])) == .invalidField(path: "computedStates", expected: "an array", found: "an object"))
        #expect(F.importError(F.document(["computedStates": #"[{"state":0},3]"#])) == .invalidField(path: "computedStates[1]", expected: "an object", found: "the number 3"))
        #expect(F.importError(F.document(["computedStates": #"[{"state":0},{"error":"x"}]"#])) == .missingField(path: "computedStates[1].state"))
    }

    @Test func computedStatesMustMatchTheStagedCount() {
        #expect(F.importError(F.document(["computedStates": #"[{"state":0}]"#])) == .inconsistent(path: "computedStates", reason: "1 states for 2 staged actions (they are index-aligned)"))
    }

    // MARK: stagedActionIds and skippedActionIds

    @Test func stagedIdsMustBeNonNegativeIntegers() {
        #expect(F.importError(F.document(["stagedActionIds": "[0,1.5]"])) == .invalidField(path: "stagedActionIds[1]", expected: "an integer", found: "the number 1.5"))
        #expect(F.importError(F.document(["stagedActionIds": "[0,1e0]"])) == .invalidField(path: "stagedActionIds[1]", expected: "an integer", found: "the number 1e0"))
        #expect(F.importError(F.document(["stagedActionIds": "[0,-1]"])) == .invalidField(path: "stagedActionIds[1]", expected: "a non-negative integer", found: "the number -1"))
        #expect(F.importError(F.document(["stagedActionIds": "{}"])) == .invalidField(path: "stagedActionIds", expected: "an array", found: "an object"))
    }

    @Test func stagedIdsMustStartWithZero() {
        #expect(F.importError(F.document(["stagedActionIds": "[1,0]"])) == .invalidField(path: "stagedActionIds[0]", expected: "0 (the @@INIT action's id)", found: "the number 1"))
        #expect(F.importError(F.document(["stagedActionIds": "[]"])) == .invalidField(path: "stagedActionIds", expected: "a non-empty array starting with 0 (the @@INIT action)", found: "an empty array"))
    }

    @Test func stagedIdsMustBeUnique() {
        #expect(F.importError(F.document(["stagedActionIds": "[0,1,1]"])) == .inconsistent(path: "stagedActionIds[2]", reason: "id 1 is staged twice"))
    }

    @Test func everyStagedIdMustHaveAnEntry() {
        let file = F.document(["stagedActionIds": "[0,1,2]", "computedStates": #"[{"state":0},{"state":3},{"state":3}]"#, "nextActionId": "3"])
        #expect(F.importError(file) == .missingField(path: "actionsById.2"))
    }

    @Test func everyEntryMustBeStaged() {
        let file = F.document(["actionsById": #"{"0":\#(F.entry0),"1":\#(F.entry1),"7":\#(F.entry1)}"#])
        #expect(F.importError(file) == .inconsistent(path: "actionsById.7", reason: "id 7 is not in stagedActionIds"))
    }

    @Test func skippedIdsMustBeUniqueStagedIntegers() {
        #expect(F.importError(F.document(["skippedActionIds": #"["1"]"#])) == .invalidField(path: "skippedActionIds[0]", expected: "an integer", found: #"the string "1""#))
        #expect(F.importError(F.document(["skippedActionIds": "[1,1]"])) == .inconsistent(path: "skippedActionIds[1]", reason: "id 1 is skipped twice"))
        #expect(F.importError(F.document(["skippedActionIds": "[1,5]"])) == .inconsistent(path: "skippedActionIds[1]", reason: "id 5 is not in stagedActionIds"))
        #expect(F.importError(F.document(["skippedActionIds": "null"])) == .invalidField(path: "skippedActionIds", expected: "an array", found: "null"))
    }

    // MARK: nextActionId and currentStateIndex

    @Test func nextActionIdMustBeAnIntegerAboveEveryStagedId() {
        #expect(F.importError(F.document(["nextActionId": "2.0"])) == .invalidField(path: "nextActionId", expected: "an integer", found: "the number 2.0"))
        #expect(F.importError(F.document(["nextActionId": "1"])) == .inconsistent(path: "nextActionId", reason: "1 is not greater than the largest staged id, 1"))
    }

    @Test func currentStateIndexMustBeAnIndexOfTheStagedIds() {
        #expect(F.importError(F.document(["currentStateIndex": "true"])) == .invalidField(path: "currentStateIndex", expected: "an integer", found: "true"))
        #expect(F.importError(F.document(["currentStateIndex": "2"])) == .inconsistent(path: "currentStateIndex", reason: "2 is outside 0..<2"))
        #expect(F.importError(F.document(["currentStateIndex": "-1"])) == .inconsistent(path: "currentStateIndex", reason: "-1 is outside 0..<2"))
    }

    // MARK: Which error wins

    @Test func firstBadFieldInDocumentOrderWins() {
        let badType = #"{"0":\#(F.entry0),"1":\#(F.entry1.replacingOccurrences(of: #""type":"tap""#, with: #""type":null"#))}"#
        let overrides: [String: String?] = ["actionsById": badType, "stagedActionIds": "[0,-1]"]
        #expect(F.importError(F.document(overrides)) == .invalidField(path: "actionsById.1.action.type", expected: "a string", found: "null"))
        #expect(F.importError(F.document(overrides, order: F.fieldOrder.reversed())) == .invalidField(path: "stagedActionIds[1]", expected: "a non-negative integer", found: "the number -1"))
    }

    @Test func aBadFieldIsReportedBeforeADisagreementBetweenFields() {
        let file = F.document(["nextActionId": "1", "isPaused": "null"])
        #expect(F.importError(file) == .invalidField(path: "isPaused", expected: "true or false", found: "null"))
    }

    @Test func aBadFieldIsReportedBeforeAMissingTopLevelField() {
        let file = F.document(["committedState": F.removed, "isLocked": "1"])
        #expect(F.importError(file) == .invalidField(path: "isLocked", expected: "true or false", found: "the number 1"))
    }

    @Test func descriptionsAreOneLineAndNameThePath() {
        let errors: [RecordingFormatError] = [
            .notJSON(offset: 3, reason: "unexpected end of data in a string"),
            .jsanKey(path: "computedStates[1].state.$jsan"),
            .missingField(path: "actionsById.2"),
            .invalidField(path: "stagedActionIds[1]", expected: "an integer", found: "the number 1.5"),
            .inconsistent(path: "nextActionId", reason: "1 is not greater than the largest staged id, 1"),
            .invalidField(path: "", expected: "an object", found: "an array"),
        ]
        let names = ["offset 3", "computedStates[1].state.$jsan", "actionsById.2", "stagedActionIds[1]", "nextActionId", "(root)"]
        for (error, name) in zip(errors, names) {
            #expect(error.description.contains(name), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}

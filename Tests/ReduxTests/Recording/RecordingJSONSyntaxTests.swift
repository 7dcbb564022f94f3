import Foundation
import Redux
import Testing

/// The importer reads strict JSON only (RFC 8259, UTF-8, bounded nesting) and plain JSON only (no
/// jsan serialization); anything else is refused with the offending byte's offset or path.
@Suite("Recording: JSON syntax")
struct RecordingJSONSyntaxTests {
    typealias F = RecordingFixtures

    @Test func emptyDataIsNotJSON() {
        #expect(F.importError(Data()) == .notJSON(offset: 0, reason: "unexpected end of data where a value was expected"))
        #expect(F.importError(F.json(" \n")) == .notJSON(offset: 2, reason: "unexpected end of data where a value was expected"))
    }

    @Test func truncatedFileIsNotJSON() {
        let valid = F.json(F.valid)
        #expect(F.importError(valid.dropLast()) == .notJSON(offset: valid.count - 1, reason: "unexpected end of data in an object"))
        let inString = Data(valid.prefix(18))
        #expect(F.importError(inString) == .notJSON(offset: 18, reason: "unexpected end of data in a string"))
    }

    @Test func trailingGarbageIsNotJSON() {
        let valid = F.json(F.valid)
        #expect(F.importError(valid + F.json("x")) == .notJSON(offset: valid.count, reason: "unexpected data after the JSON value"))
        #expect(F.importError(valid + F.json(" {}")) == .notJSON(offset: valid.count + 1, reason: "unexpected data after the JSON value"))
        #expect(F.importError(valid + F.json(" \r\n\t")) == nil, "trailing whitespace is allowed")
    }

    @Test func bytesThatAreNotUTF8AreNotJSON() {
        let valid = Array(F.valid.utf8)
        let at = valid.firstIndex(of: UInt8(ascii: "@"))!
        var stray = valid
        stray[at] = 0xFF
        #expect(F.importError(Data(stray)) == .notJSON(offset: at, reason: "not UTF-8 (byte 0xFF)"))
        var overlong = valid
        overlong.replaceSubrange(at..<at + 1, with: [0xC0, 0x80])
        #expect(F.importError(Data(overlong)) == .notJSON(offset: at, reason: "not UTF-8 (byte 0xC0)"))
        var surrogate = valid
        surrogate.replaceSubrange(at..<at + 1, with: [0xED, 0xA0, 0x80])
        #expect(F.importError(Data(surrogate)) == .notJSON(offset: at + 1, reason: "not UTF-8 (byte 0xA0)"))
        #expect(F.importError(Data([0xEF, 0xBB, 0xBF]) + F.json(F.valid)) == .notJSON(offset: 0, reason: "unexpected byte 0xEF where a value was expected"))
    }

    @Test func syntaxErrorsNameTheirOffset() {
        #expect(F.importError(F.json(#"{"a":[1,]}"#)) == .notJSON(offset: 8, reason: "unexpected ']' where a value was expected"))
        #expect(F.importError(F.json(#"{"a":01}"#)) == .notJSON(offset: 6, reason: "unexpected '1' where ',' or '}' was expected"))
        #expect(F.importError(F.json(#"{"a":"x\qy"}"#)) == .notJSON(offset: 8, reason: "unexpected 'q' in a string escape"))
        #expect(F.importError(F.json("{\"a\":\"x\ty\"}")) == .notJSON(offset: 7, reason: "unescaped control character 0x09 in a string"))
        #expect(F.importError(F.json(#"{"a":"\ud800"}"#)) == .notJSON(offset: 6, reason: "a high surrogate escape without its low surrogate"))
        #expect(F.importError(F.json(#"{"a":"\udc00"}"#)) == .notJSON(offset: 6, reason: "a low surrogate escape without a high surrogate before it"))
        #expect(F.importError(F.json(#"{"a":tru}"#)) == .notJSON(offset: 8, reason: "unexpected '}' in a literal"))
        #expect(F.importError(F.json(#"{"a":1.}"#)) == .notJSON(offset: 7, reason: "unexpected '}' where a digit of a fraction was expected"))
        #expect(F.importError(F.json(#"{'a':1}"#)) == .notJSON(offset: 1, reason: "unexpected ''' where an object key was expected"))
    }

    @Test func duplicateKeysAreNotJSON() {
        #expect(F.importError(F.json(#"{"a":1,"a":2}"#)) == .notJSON(offset: 7, reason: #"duplicate key "a" in an object"#))
    }

    @Test func nestingIsBoundedAt256Levels() {
        let limit = 256
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(F.importError(F.json(atLimit)) == .invalidField(path: "", expected: "an object", found: "an array"), "read, then refused as not an object")
        let beyond = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(F.importError(F.json(beyond)) == .notJSON(offset: limit, reason: "nesting deeper than 256 levels"))
        // Each `{"a":[` (6 bytes) opens two levels: the 129th one's `{` is the 257th level.
        let deep = String(repeating: #"{"a":["#, count: 100_000)
        #expect(F.importError(F.json(deep)) == .notJSON(offset: 6 * 128, reason: "nesting deeper than 256 levels"))
    }

    @Test func jsanKeysAnywhereAreRefused() {
        let state = F.document(["computedStates": #"[{"state":0},{"state":{"when":{"$jsan":"d1700000000000"}}}]"#])
        #expect(F.importError(state) == .jsanKey(path: "computedStates[1].state.when.$jsan"))
        let payload = F.document(entry1Replacing: #""payload":3"#, with: #""payload":[{"$jsan":"u"}]"#)
        #expect(F.importError(payload) == .jsanKey(path: "actionsById.1.action.payload[0].$jsan"))
    }

    @Test func jsanIsReportedBeforeFieldErrors() {
        let file = F.document(["stagedActionIds": #""bad""#, "committedState": #"{"$jsan":"u"}"#])
        #expect(F.importError(file) == .jsanKey(path: "committedState.$jsan"))
    }

    @Test func unicodeEscapesAndNonASCIIAreDecoded() throws {
        let file = F.document(entry1Replacing: #""type":"tap""#, with: #""type":"t\u00e9\ud83c\udf89\/é""#)
        let recording = try Recording(importing: file)
        #expect(recording.steps[1].type == "té🎉/é")
        #expect(recording.exported() == file)
    }
}

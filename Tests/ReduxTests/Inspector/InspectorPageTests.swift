import Foundation
import Redux
import ReduxDevTools
import Testing

/// `InspectorPage` as a value, without a browser: what it counts, how it escapes, what its data
/// blocks hold.
@MainActor
@Suite("Inspector page", .timeLimit(.minutes(5)))
struct InspectorPageTests {
    typealias Fixtures = InspectorFixtures

    /// The text of the data block opened by `<script … id="id">`, up to the first `</script`
    /// (matched ignoring case, as an HTML parser ends the block).
    func block(_ id: String, in html: String) throws -> String {
        let opening = try #require(html.range(of: #"id="\#(id)">"#), "no block \(id)")
        let rest = html[opening.upperBound...]
        let end = try #require(rest.range(of: "</script", options: .caseInsensitive), "block \(id) is not closed")
        return String(rest[..<end.lowerBound])
    }

    /// The entries block's arrays.
    func entries(in html: String) throws -> [[Any]] {
        let text = try block("recording-entries", in: html)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[Any]], "the entries block is a JSON array of arrays")
    }

    /// The states block's lines.
    func stateLines(in html: String) throws -> [String] {
        try block("recording-states", in: html).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func entryCountIsTheRecordingsStepsWithInitIncluded() async throws {
        let shelf = InspectorPage(recording: try await Fixtures.shelfRecording())
        #expect(shelf.entryCount == 9)
        #expect(shelf.entryCount == shelf.recording.steps.count)
        #expect(shelf.html().contains(#"<main id="inspector" data-entries="9">"#))
        #expect(shelf.html().contains("<title>Recording · 9 entries</title>"), "the default title")

        let initOnly = InspectorPage(
            recording: Recording(committedState: Data("{}".utf8), statesAreFull: true, initTimestamp: 0, steps: []),
            title: "Empty"
        )
        #expect(initOnly.entryCount == 1)
        #expect(initOnly.html().contains("<title>Empty · 1 entry</title>"))
        #expect(initOnly.html().contains(#"<span id="entry-count">1 entry</span>"#))
        #expect(try entries(in: initOnly.html()).count == 1)

        let large = InspectorPage(recording: Fixtures.largeRecording(count: 1_234))
        #expect(large.entryCount == 1_234)
        #expect(large.html().contains(#"<span id="entry-count">1,234 entries</span>"#))
    }

    @Test func theTitleIsEscapedInTheTabAndTheHeading() throws {
        let title = #"<b>"Q&A"</b> it's </title>"#
        let html = InspectorPage(recording: Fixtures.repeatingRecording(), title: title).html()
        let escaped = "&lt;b&gt;&quot;Q&amp;A&quot;&lt;/b&gt; it&#39;s &lt;/title&gt;"
        #expect(html.contains("<title>\(escaped) · 6 entries</title>"))
        #expect(html.contains(#"<h1 id="title">\#(escaped)</h1>"#))
        #expect(!html.contains("<b>"))
        #expect(html.components(separatedBy: "</title>").count == 2, "one </title>: the page's own")
    }

    @Test func dataBlocksNeverHoldAScriptEndTagOrACommentOpener() throws {
        let recording = Fixtures.markupRecording()
        let html = InspectorPage(recording: recording).html()
        for id in ["recording-entries", "recording-states"] {
            let text = try block(id, in: html)
            #expect(text.range(of: "</script", options: .caseInsensitive) == nil, "\(id)")
            #expect(!text.contains("<!--"), "\(id)")
            #expect(!text.contains("<"), "\(id): every < is escaped")
        }
        #expect(html.components(separatedBy: "<!--").count == 1, "no comment opener anywhere in the page")
        let closers = html.lowercased().components(separatedBy: "</script").count - 1
        #expect(closers == 3, "only the three blocks' own end tags: \(closers)")

        // What the blocks hold reads back as the recording's own strings.
        let rows = try entries(in: html)
        #expect(rows.map { $0[1] as? String } == recording.steps.map(\.type))
        #expect(rows.last?[1] as? String == Fixtures.markupType)
        let payload = try #require(rows.last?[7] as? [String: Any])
        #expect(payload["note"] as? String == Fixtures.markupNote)
        #expect(payload["<b>key</b>"] as? Int == 1)
        let lines = try stateLines(in: html)
        let lastIndex = try #require(rows.last?[8] as? Int)
        let lastState = try #require(try JSONSerialization.jsonObject(with: Data(lines[lastIndex].utf8)) as? [String: Any])
        #expect(lastState["note"] as? String == Fixtures.markupNote)
    }

    @Test func identicalStatesAreWrittenOnce() throws {
        let recording = Fixtures.repeatingRecording()
        let html = InspectorPage(recording: recording).html()
        let lines = try stateLines(in: html)
        #expect(lines == [#"{"mode":"a"}"#, #"{"mode":"b"}"#, #"{"mode":"c"}"#])
        let indexes = try entries(in: html).map { $0[8] as? Int }
        #expect(indexes == [0, 1, 0, 0, 2, 1])
        for (step, index) in zip(recording.steps, indexes) {
            #expect(Data(lines[index ?? -1].utf8) == step.stateJSON, "step \(step.id)")
        }
    }

    @Test func aPrettyPrintedStateIsWrittenCompactOnOneLine() throws {
        let pretty = "{\n  \"list\" : [\n    1,\n    2\n  ],\n  \"text\" : \"a b\\n\\\"c\\\"\"\n}"
        let file = Data(#"{"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"},"timestamp":1000,"meta":{"states":"state"}}},"computedStates":[{"state":\#(pretty)}],"stagedActionIds":[0],"skippedActionIds":[],"nextActionId":1,"currentStateIndex":0,"committedState":\#(pretty),"isLocked":false,"isPaused":false}"#.utf8)
        let html = InspectorPage(recording: try Recording(importing: file)).html()
        #expect(try stateLines(in: html) == [#"{"list":[1,2],"text":"a b\n\"c\""}"#])
    }

    @Test func htmlAndDataAreTheSameDocument() async throws {
        for page in [
            InspectorPage(recording: try await Fixtures.shelfRecording(), title: "Shelf"),
            InspectorPage(recording: Fixtures.markupRecording(), title: "Ünïcode · 📚"),
        ] {
            #expect(page.html() == String(decoding: page.data(), as: UTF8.self))
            #expect(page.data() == Data(page.html().utf8))
        }
    }

    @Test func thePageLoadsNothingFromElsewhere() async throws {
        let html = InspectorPage(recording: try await Fixtures.shelfRecording()).html()
        for reference in [" src=", "<link", "url(", "http://", "https://", "@import"] {
            #expect(!html.contains(reference), "the page holds \(reference)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
    }
}

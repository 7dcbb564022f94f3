import Foundation
import Redux
import ReduxDevTools
import Testing

/// The inspector page loaded from a file in headless Chromium at a fragment (`#step=N`,
/// `&filter=`), its DOM dumped after the script ran: the rows, the step shown, its state and
/// its changes are what the recording says. Skipped without a browser, unless
/// `REDUX_REQUIRE_BROWSER=1`. Serialized: each test starts a browser, and two cores are better
/// spent on one at a time than on several competing with the rest of the suite.
@MainActor
@Suite("Inspector page in a headless browser", .serialized, .timeLimit(.minutes(10)))
struct InspectorBrowserTests {
    typealias Fixtures = InspectorFixtures

    @Test func everyEntryHasOneRowInTheActionList() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = try await Fixtures.shelfRecording()
        let page = try await LoadedPage.load(recording, fragment: "step=2", with: browser)
        #expect(recording.steps.count == 9)
        #expect(page.rowSteps == Array(0..<9))
        #expect(page.rows.map { $0.attributes["data-type"] } == recording.steps.map(\.type))
        #expect(page.rows.map { $0.all("span", class: "action-type").first?.text } == recording.steps.map(\.type))
        #expect(page.document.element(id: "inspector")?.attributes["data-entries"] == "9")
        #expect(page.text("entry-count") == "9 entries")
        #expect(page.document.element(id: "shown-count")?.attributes["data-shown"] == "9")
        #expect(page.rows.first?.all("span", class: "outcome").first?.hasClass("init") == true)
        #expect(page.rows.dropFirst().allSatisfy { $0.attributes["data-outcome"] == "reduced" })
    }

    @Test func fragmentStepSelectsThatStep() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = try await Fixtures.shelfRecording()
        let page = try await LoadedPage.load(recording, fragment: "step=2", with: browser)
        #expect(page.detailStep == 2)
        #expect(page.detail?.attributes["data-id"] == String(recording.steps[2].id))
        #expect(page.text("detail-type") == "shelf/add")
        #expect(page.text("detail-meta")?.hasPrefix("step 2 of 8 · id 2 · reduced · external · +0.200 s") == true, "\(page.text("detail-meta") ?? "nil")")
        #expect(page.selectedRows.map { $0.attributes["data-step"] } == ["2"])
        #expect(page.selectedRows.first?.attributes["aria-selected"] == "true")
        #expect(page.rows.filter { $0.attributes["aria-selected"] == "true" }.count == 1)
        #expect(page.document.element(id: "notice")?.attributes["hidden"] != nil, "no notice for a step in range")
        // The state after step 2: two books, unread, the first title. The book added at this
        // step is open; the one before it is closed, its children not built until opened.
        #expect(page.stateValue("books[1].title") == #""Emma""#)
        #expect(page.stateValue("books[1].read") == "false")
        #expect(page.stateValue("title") == #""Reading list""#)
        #expect(page.stateNode("books[2]") == nil, "the third book comes at step 6")
        #expect(page.stateNode("books")?.all("span", class: "summary").first?.text == "[2 items]")
        let closed = try #require(page.stateNode("books[0]"))
        #expect(closed.all("details").first?.attributes["open"] == nil)
        #expect(closed.all("summary").first?.text == "0 {2 keys}")
        #expect(page.stateNode("books[0].title") == nil)
        #expect(page.document.element(id: "payload")?.text.contains("Emma") == true)
        #expect(page.changes.map { $0.attributes["data-path"] } == ["books[1]"])
    }

    @Test func changesAreMarkedAddedRemovedOrChangedByPath() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = try await Fixtures.shelfRecording()
        let page = try await LoadedPage.load(recording, fragment: "step=\(Fixtures.reorganizeStep)", with: browser)
        #expect(page.text("detail-type") == "shelf/reorganize")
        let marks = Set(page.changes.map { "\($0.classes.filter { $0 != "change" }.joined(separator: " ")) \($0.attributes["data-path"] ?? "nil")" })
        #expect(marks == ["added books[2]", "removed tags.old", "changed title", #"changed tags["odd key"]"#])
        #expect(page.changes.first { $0.hasClass("changed") && $0.attributes["data-path"] == "title" }?.text == #"title: "Reading list" → "Classics""#)
        // The tree: the added and changed nodes marked, and every container above a change.
        #expect(page.stateNode("books[2]")?.hasClass("added") == true)
        #expect(page.stateNode("books[2]")?.all("details").first?.attributes["open"] != nil, "an added container is open")
        #expect(page.stateNode("books[2].title") != nil, "its children are built")
        #expect(page.stateNode("title")?.hasClass("changed") == true)
        #expect(page.stateNode(#"tags["odd key"]"#)?.hasClass("changed") == true)
        #expect(page.stateValue(#"tags["odd key"]"#) == "2")
        for container in ["", "books", "tags"] {
            #expect(page.stateNode(container)?.hasClass("changed") == true, "container \(container)")
        }
        #expect(page.stateNode("tags.old") == nil, "a removed value has no node in the new state")
        for unchanged in ["books[0]", "books[1]"] {
            let node = try #require(page.stateNode(unchanged), "\(unchanged)")
            #expect(!node.hasClass("added") && !node.hasClass("changed"), "\(unchanged) is not marked")
        }
    }

    @Test func aNestedChangeMarksTheValueAndTheContainersAboveIt() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let page = try await LoadedPage.load(try await Fixtures.shelfRecording(), fragment: "step=5", with: browser)
        #expect(page.changes.map { "\($0.classes.joined(separator: " ")) \($0.attributes["data-path"] ?? "nil")" } == ["change changed books[0].read"])
        #expect(page.stateValue("books[0].read") == "true")
        for path in ["books[0].read", "books[0]", "books", ""] {
            #expect(page.stateNode(path)?.hasClass("changed") == true, "\(path)")
        }
        #expect(page.stateNode("books[1]")?.hasClass("changed") == false)
    }

    @Test func aContainerShowsAHundredChildrenAtATimeAndItsChangedOnesBeyondThem() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let page = try await LoadedPage.load(Fixtures.wideRecording(), fragment: "step=1", with: browser)
        let list = try #require(page.stateNode("list"))
        let shown = list.all("div", class: "node").compactMap { $0.attributes["data-path"] }
        #expect(shown == (0..<100).map { "list[\($0)]" } + ["list[150]", "list[250]"])
        #expect(list.all("button", class: "more").map(\.text) == ["… 50 more (items 100–149)", "… 99 more (items 151–249)"])
        #expect(page.stateNode("list[150]")?.hasClass("changed") == true)
        #expect(page.stateValue("list[150]") == "-1")
        #expect(page.stateNode("list[250]")?.hasClass("added") == true)
        #expect(page.changes.map { "\($0.classes.joined(separator: " ")) \($0.attributes["data-path"] ?? "nil")" } == [
            "change changed list[150]", "change added list[250]",
        ])
    }

    @Test func theFirstStepIsTheInitialStateAndAnUnchangedStepSaysSo() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = try await Fixtures.shelfRecording()
        let first = try await LoadedPage.load(recording, fragment: "step=0", with: browser)
        #expect(first.text("detail-type") == "@@INIT")
        #expect(first.document.element(id: "diff")?.all("p", class: "no-change").first?.text == "initial state")
        #expect(first.document.element(id: "payload")?.all("p", class: "empty").first?.text == "no payload")
        let unchanged = try await LoadedPage.load(recording, fragment: "step=\(Fixtures.touchStep)", with: browser)
        #expect(unchanged.text("detail-type") == "shelf/touch")
        #expect(unchanged.changes.isEmpty)
        #expect(unchanged.document.element(id: "diff")?.all("p", class: "no-change").first?.text.hasPrefix("no change") == true)
        #expect(unchanged.stateNode("")?.hasClass("changed") == false)
    }

    @Test func filterInTheFragmentKeepsTheMatchingRowsIgnoringCase() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = try await Fixtures.shelfRecording()
        let page = try await LoadedPage.load(recording, fragment: "step=8&filter=ADD", with: browser)
        let matching = recording.steps.indices.filter { recording.steps[$0].type.lowercased().contains("add") }
        #expect(matching == [1, 2, 3, 4, 8])
        #expect(page.rowSteps == matching)
        #expect(page.document.element(id: "shown-count")?.attributes["data-shown"] == "5")
        #expect(page.text("shown-count") == "Showing 5 of 9 entries")
        #expect(page.detailStep == 8)
        #expect(page.selectedRows.map { $0.attributes["data-step"] } == ["8"])
    }

    @Test func aFilterThatHidesTheSelectedStepKeepsItInTheDetailWithNoRowSelected() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let page = try await LoadedPage.load(try await Fixtures.shelfRecording(), fragment: "step=6&filter=tags%2F", with: browser)
        #expect(page.rowSteps == [3, 4])
        #expect(page.document.element(id: "shown-count")?.attributes["data-shown"] == "2")
        #expect(page.detailStep == 6)
        #expect(page.text("detail-type") == "shelf/reorganize")
        #expect(page.selectedRows.isEmpty)
    }

    @Test func withoutAStepTheLastStepIsSelected() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = try await Fixtures.shelfRecording()
        for fragment in [nil, "filter=shelf"] {
            let page = try await LoadedPage.load(recording, fragment: fragment, with: browser)
            #expect(page.detailStep == 8, "fragment \(fragment ?? "none")")
            #expect(page.text("detail-type") == "shelf/add")
            #expect(page.stateValue("books[3].title") == #""Persuasion""#)
            #expect(page.selectedRows.map { $0.attributes["data-step"] } == ["8"])
            #expect(page.document.element(id: "notice")?.attributes["hidden"] != nil)
        }
    }

    @Test(arguments: ["9", "50", "-1", "two"])
    func aStepOutOfRangeShowsTheLastStepWithANotice(step: String) async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let page = try await LoadedPage.load(try await Fixtures.shelfRecording(), fragment: "step=\(step)", with: browser)
        let notice = try #require(page.document.element(id: "notice"))
        #expect(notice.attributes["hidden"] == nil, "the notice is shown")
        #expect(notice.text.hasPrefix("Step \(step) is not in this recording"), "\(notice.text)")
        #expect(page.detailStep == 8)
        #expect(page.selectedRows.map { $0.attributes["data-step"] } == ["8"])
        #expect(page.rows.count == 9)
    }

    @Test func markupInATypeATitleOrAStringIsShownAsText() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let title = "<b>Bug</b> </title><script>document.title='x'</script>"
        let page = try await LoadedPage.load(Fixtures.markupRecording(), title: title, fragment: "step=2", with: browser)
        #expect(page.rows.count == 3, "the page still works")
        #expect(page.detailStep == 2)
        #expect(page.text("detail-type") == Fixtures.markupType)
        #expect(page.rows.last?.attributes["data-type"] == Fixtures.markupType)
        #expect(page.rows.last?.all("span", class: "action-type").first?.text == Fixtures.markupType)
        #expect(page.stateValue("note") == Fixtures.quotedJSON(Fixtures.markupNote))
        #expect(page.changes.first?.text.hasSuffix(" → \(Fixtures.quotedJSON(Fixtures.markupNote))") == true, "\(page.changes.first?.text ?? "nil")")
        #expect(page.document.element(id: "payload")?.all("span", class: "key").contains { $0.text == "<b>key</b>" } == true)
        #expect(page.text("title") == title)
        #expect(page.document.all("title").first?.text == "\(title) · 3 entries")
        #expect(page.document.all("b").isEmpty, "no <b> element")
        #expect(page.document.all("script").count == 3, "no script but the page's own three")
    }

    @Test func tenThousandEntriesFitInTwentyMegabytesAndOpenAtTheLastStep() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let recording = Fixtures.largeRecording(count: 10_000)
        let scratch = try ScratchDirectory()
        let pageFile = try Fixtures.write(InspectorPage(recording: recording, title: "Large"), in: scratch)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: pageFile.path)[.size] as? Int)
        #expect(size <= 20_000_000, "the page is \(size) bytes")
        #expect(size >= 10_000 * 1_000, "each state (about a kilobyte) is in the page: \(size) bytes")
        let dump = try await browser.dumpDOM(HeadlessBrowser.address(of: pageFile, fragment: "step=9999"))
        let page = LoadedPage(document: parseDumpedDOM(dump))
        #expect(page.document.element(id: "inspector")?.attributes["data-entries"] == "10000")
        #expect(page.text("entry-count") == "10,000 entries")
        #expect(page.text("shown-count") == "Showing 10,000 of 10,000 entries")
        #expect(page.rows.count == 10_000)
        #expect(page.detailStep == 9999)
        #expect(page.text("detail-type") == "counter/tick")
        #expect(page.text("detail-meta")?.hasPrefix("step 9,999 of 9,999 · id 9999") == true)
        #expect(page.selectedRows.map { $0.attributes["data-step"] } == ["9999"])
        #expect(page.stateValue("count") == "9999")
        #expect(page.changes.map { $0.attributes["data-path"] } == ["count"])
        #expect(page.document.element(id: "recording-states")?.text.isEmpty == true, "the data blocks are emptied once read")
    }
}

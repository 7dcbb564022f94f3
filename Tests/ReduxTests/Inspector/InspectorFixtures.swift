import Foundation
import Redux
import ReduxDevTools
import ReduxTesting
import Testing

/// The recordings the inspector tests render: a bookshelf session recorded by a real store, and
/// recordings built with `Recording`'s builder for what a store would not easily produce (types
/// and strings that are HTML, 10,000 entries, states that repeat).
enum InspectorFixtures {
    struct Book: Codable, Equatable, Sendable {
        var title: String
        var read = false
    }

    struct Shelf: Codable, Equatable, Sendable {
        var title = "Reading list"
        var books: [Book] = []
        var tags: [String: Int] = [:]
    }

    enum ShelfAction: Codable, Equatable, Sendable, ActionIdentifiable {
        case add(String)
        case markRead(Int)
        case tag(String)
        /// One step with every kind of change: `books[2]` added, `tags.old` removed, `title` and
        /// `tags["odd key"]` changed.
        case reorganize
        /// Changes nothing.
        case touch

        var actionIdentity: ActionIdentity {
            switch self {
            case .add: "shelf/add"
            case .markRead: "shelf/markRead"
            case .tag: "tags/add"
            case .reorganize: "shelf/reorganize"
            case .touch: "shelf/touch"
            }
        }
    }

    static func reduce(_ shelf: inout Shelf, _ action: ShelfAction) {
        switch action {
        case .add(let title): shelf.books.append(Book(title: title))
        case .markRead(let index): shelf.books[index].read = true
        case .tag(let name): shelf.tags[name, default: 0] += 1
        case .reorganize:
            shelf.books.append(Book(title: "Middlemarch"))
            shelf.tags["old"] = nil
            shelf.tags["odd key", default: 0] += 1
            shelf.title = "Classics"
        case .touch: break
        }
    }

    /// The session's actions, in order: step i + 1 is `shelfSession[i]` (step 0 is `@@INIT`).
    static let shelfSession: [ShelfAction] = [
        .add("Dune"), .add("Emma"), .tag("old"), .tag("odd key"), .markRead(0), .reorganize, .touch, .add("Persuasion"),
    ]
    /// The step of `.reorganize`.
    static let reorganizeStep = 6
    /// The step of `.touch`.
    static let touchStep = 7

    /// The shelf session recorded by a store on a `TestClock`, 100 ms between actions: 9 entries.
    @MainActor
    static func shelfRecording() async throws -> Recording {
        let clock = TestClock()
        let store = Store(initialState: Shelf(), options: StoreOptions(clock: clock)) { state, action in
            reduce(&state, action)
        }
        defer { store.invalidate() }
        let recorder = try store.startRecording(startDate: recordingStart)
        for action in shelfSession {
            await clock.advance(by: .milliseconds(100))
            store.dispatch(action)
        }
        return try recorder.recording()
    }

    /// Text that HTML would read as markup if a page wrote it unescaped, in a type, a payload and
    /// a state: an end tag for the data block, an element, a comment opener, an ampersand.
    static let markupType = "</script><b>bold</b><!--&amp;"
    static let markupNote = "</SCRIPT ><script>document.title='x'</script><b>x</b><!-- & \"quoted\""

    /// A recording whose second step's type and strings are ``markupType`` and ``markupNote``.
    static func markupRecording() -> Recording {
        let note = quotedJSON(markupNote)
        return Recording(
            committedState: json(#"{"note":"plain"}"#),
            statesAreFull: true,
            initTimestamp: 1_767_225_600_000,
            steps: [
                draft(id: 1, type: "note/set", state: #"{"note":"first"}"#),
                Recording.StepDraft(
                    id: 2, type: markupType, payload: json(#"{"note":\#(note),"<b>key</b>":1}"#), timestamp: 1_767_225_600_200,
                    outcome: "reduced", origin: .external, clock: .milliseconds(200), state: json(#"{"note":\#(note)}"#)
                ),
            ]
        )
    }

    /// A recording of `count` entries (the `@@INIT` one included) whose states each differ and
    /// hold about a kilobyte: a counter and a fixed list of strings.
    static func largeRecording(count: Int) -> Recording {
        let padding = (0..<34).map { #""item \#($0) of the padding list""# }.joined(separator: ",")
        func state(_ value: Int) -> Data { json(#"{"count":\#(value),"padding":[\#(padding)]}"#) }
        var drafts: [Recording.StepDraft] = []
        drafts.reserveCapacity(count - 1)
        for id in 1..<count {
            drafts.append(Recording.StepDraft(
                id: id, type: id.isMultiple(of: 2) ? "counter/increment" : "counter/tick", payload: json(#"{"by":1}"#),
                timestamp: 1_767_225_600_000 + Int64(id), outcome: "reduced", origin: .external,
                clock: .milliseconds(id), state: state(id)
            ))
        }
        return Recording(committedState: state(0), statesAreFull: true, initTimestamp: 1_767_225_600_000, steps: drafts)
    }

    /// A recording whose states go A, B, A, A, C, B: three distinct states over six entries.
    static func repeatingRecording() -> Recording {
        let states = [#"{"mode":"b"}"#, #"{"mode":"a"}"#, #"{"mode":"a"}"#, #"{"mode":"c"}"#, #"{"mode":"b"}"#]
        return Recording(
            committedState: json(#"{"mode":"a"}"#), statesAreFull: true, initTimestamp: 1_767_225_600_000,
            steps: states.enumerated().map { draft(id: $0.offset + 1, type: "mode/set", state: $0.element) }
        )
    }

    /// A list of 250 numbers, then the same list with `list[150]` changed and `list[250]` added.
    static func wideRecording() -> Recording {
        let before = Array(0..<250), after = before.enumerated().map { $0.offset == 150 ? -1 : $0.element } + [999]
        func state(_ list: [Int]) -> String { #"{"list":[\#(list.map(String.init).joined(separator: ","))]}"# }
        return Recording(
            committedState: json(state(before)), statesAreFull: true, initTimestamp: 1_767_225_600_000,
            steps: [draft(id: 1, type: "list/edit", state: state(after))]
        )
    }

    /// A step with no payload, 100 ms after the previous one.
    static func draft(id: Int, type: String, state: String) -> Recording.StepDraft {
        Recording.StepDraft(
            id: id, type: type, timestamp: 1_767_225_600_000 + Int64(id) * 100, outcome: "reduced",
            origin: .external, clock: .milliseconds(id * 100), state: json(state)
        )
    }

    static func json(_ text: String) -> Data {
        Data(text.utf8)
    }

    /// `text` (no control characters) as a JSON string literal, every `/` and `<` left as it is.
    static func quotedJSON(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Writes `page` to `name` in `scratch` and returns the file.
    static func write(_ page: InspectorPage, to name: String = "page.html", in scratch: ScratchDirectory) throws -> URL {
        let file = scratch.file(name)
        try page.data().write(to: file)
        return file
    }
}

/// A page loaded in the headless browser at one fragment, read back from its DOM dump.
struct LoadedPage {
    let document: DOMElement

    /// Renders `recording`, loads it at `#fragment` and parses the DOM the browser dumped.
    static func load(_ recording: Recording, title: String = "Recording", fragment: String?, with browser: HeadlessBrowser) async throws -> LoadedPage {
        let scratch = try ScratchDirectory()
        let file = try InspectorFixtures.write(InspectorPage(recording: recording, title: title), in: scratch)
        let dump = try await browser.dumpDOM(HeadlessBrowser.address(of: file, fragment: fragment))
        return LoadedPage(document: parseDumpedDOM(dump))
    }

    /// The action list's rows.
    var rows: [DOMElement] { document.element(id: "actions")?.all("li", class: "action-row") ?? [] }
    /// The steps of the rows, in list order.
    var rowSteps: [Int] { rows.compactMap { $0.attributes["data-step"].flatMap(Int.init) } }
    /// The rows marked selected.
    var selectedRows: [DOMElement] { rows.filter { $0.hasClass("selected") } }
    /// The detail pane.
    var detail: DOMElement? { document.element(id: "detail") }
    /// The step the detail pane shows.
    var detailStep: Int? { detail?.attributes["data-step"].flatMap(Int.init) }
    /// The text of the element with `id`.
    func text(_ id: String) -> String? { document.element(id: id)?.text }
    /// The `#diff` list's changes.
    var changes: [DOMElement] { document.element(id: "diff")?.all("li", class: "change") ?? [] }
    /// The `#state` tree's node at `path`.
    func stateNode(_ path: String) -> DOMElement? { document.element(id: "state")?.first("div", "data-path", path) }
    /// The value the `#state` tree shows at `path` (a leaf: its JSON text).
    func stateValue(_ path: String) -> String? { stateNode(path)?.all("span", class: "value").first?.text }
}

import Foundation
import Redux
import ReduxDevTools

// P14-inspect: what the inspector page (`InspectorPage`, the page `redux-inspect` writes) costs
// for a large session, against issue 28's targets: for a 10,000-entry recording the page is at
// most 20 MB, and headless Chromium's `--dump-dom` at `#step=9999` finishes within 10 s.
//
// The recording is built in memory with the recording builder (no store, no file): the
// `@@INIT` entry and 9,999 actions on a todo app's state of about a kilobyte of JSON (a profile
// with preferences, 4-9 todos with tags, a draft, a filter, the sync status). Each action
// changes one or a few fields; some change nothing (a scroll, a refused refresh, a filter set to
// what it was). Deterministic: the actions come from a fixed-seed generator, the times from the
// step index.
//
// - P14-inspect-page: the page's size in bytes (`InspectorPage.data()`); target <= 20 MB
//   (20,000,000 bytes).
// - P14-inspect-export: the recording's export (`Recording.exported()`), and the page over it.
// - P14-inspect-html: the time of `InspectorPage.html()`, median of a few renders.
// - P14-inspect-browser: the wall time of `chromium-headless-shell --no-sandbox --headless
//   --disable-gpu --dump-dom file:///…/page.html#step=9999` (`chromium` when the shell is not
//   on PATH), median of a few loads; every load's DOM must show step 9999 in the detail
//   (`section#detail[data-step="9999"]`) and hold 10,000 entries, or the bench exits 70.
//   Target <= 10 s. Without either browser on PATH the browser rows say so, and the bench passes.
// - P14-inspect-browser-floor: the same browser dumping a blank page, loads alternating with
//   the page's: the process's own cost, in the same run.

/// The state recorded: a todo app's, about a kilobyte of JSON.
struct InspectedAppState: Codable, Equatable {
    struct Preferences: Codable, Equatable {
        var theme = "light"
        var language = "en-GB"
        var notifications = true
        var pageSize = 25
    }

    struct Profile: Codable, Equatable {
        var id = 4_217
        var name = "Ada Lovelace"
        var email = "ada@example.org"
        var joined = "2026-03-14T09:26:53.589Z"
        var timeZone = "Europe/London"
        var avatar = "https://example.org/avatars/4217.png"
        var preferences = Preferences()
    }

    struct Todo: Codable, Equatable {
        var id: Int
        var title: String
        var done = false
        var priority = 2
        var tags: [String]
        var due: String?
        var created: Int64
    }

    struct Sync: Codable, Equatable {
        var status = "idle"
        var pending = 0
        var lastSynced: Int64?
        var attempts = 0
    }

    var profile = Profile()
    var todos: [Todo] = [
        Todo(id: 1, title: "Book the train to Edinburgh", tags: ["travel"], due: "2026-12-18", created: 1_796_201_200_000),
        Todo(id: 2, title: "Review the analytical engine notes", priority: 1, tags: ["work", "reading"], created: 1_796_203_811_000),
        Todo(id: 3, title: "Buy bread, oranges and coffee", tags: ["home", "shopping"], created: 1_796_240_007_000),
        Todo(id: 4, title: "Reply to Charles about the bernoulli table", priority: 3, tags: ["work"], due: "2026-12-09", created: 1_796_252_399_000),
        Todo(id: 5, title: "Water the plants", done: true, tags: ["home"], created: 1_796_260_512_000),
        Todo(id: 6, title: "Write the translator's notes, part G", tags: ["work", "writing"], created: 1_796_288_020_000),
    ]
    var nextTodoId = 7
    var filter = "all"
    var draft = ""
    var selectedTodo: Int?
    var sync = Sync()
}

/// The payload of a recorded action; absent fields are not written.
private struct InspectedPayload: Encodable {
    var id: Int?
    var text: String?
    var value: Int?
}

/// The 10,000-entry recording P14-inspect measures, and facts about it for the report.
struct InspectedSession {
    /// Entries in the recording, `@@INIT` included.
    static let entryCount = 10_000

    let recording: Recording
    /// Distinct states among the entries, and their mean size in bytes of JSON.
    let distinctStates: Int
    let meanStateBytes: Double

    /// Builds the recording; the same bytes on every call.
    init() throws {
        let encoder = CanonicalJSONEncoder()
        let initTimestamp: Int64 = 1_796_290_000_000
        let phrases = ["Call the framer about the mirror", "Renew the library card", "Send the slides to Mary", "Fix the bike's back light", "Pick up the parcel", "Plan the Sunday walk"].map(Array.init)
        let filters = ["all", "active", "done"]
        let tagPool = ["home", "work", "errands", "reading", "travel", "health"]
        var random: UInt64 = 0x1A5_2026
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }

        var state = InspectedAppState()
        let committed = try encoder.encode(state)
        var stateJSON = committed
        var distinct: Set<Data> = [committed]
        var stateBytes = committed.count
        var clockMilliseconds: Int64 = 0
        var drafts: [Recording.StepDraft] = []
        drafts.reserveCapacity(Self.entryCount - 1)
        for id in 1..<Self.entryCount {
            let before = state
            var type: String
            var payload = InspectedPayload()
            var outcome = "reduced"
            var origin = ActionOrigin.external
            let roll = next(100)
            let todoIndex = next(state.todos.count)
            switch roll {
            case 0..<30:
                // The next todo's title is typed a character at a time, then submitted; past 9
                // todos the oldest leaves.
                let title = phrases[state.nextTodoId % phrases.count]
                if state.draft.count == title.count {
                    type = "todos/add"
                    payload.text = state.draft
                    state.todos.append(.init(id: state.nextTodoId, title: state.draft, tags: [tagPool[next(tagPool.count)]], created: initTimestamp + clockMilliseconds))
                    state.nextTodoId += 1
                    state.draft = ""
                    if state.todos.count > 9 { state.todos.removeFirst() }
                } else {
                    type = "draft/typed"
                    let character = title[state.draft.count]
                    state.draft.append(character)
                    payload.text = String(character)
                }
            case 30..<45:
                type = "todos/toggle"
                payload.id = state.todos[todoIndex].id
                state.todos[todoIndex].done.toggle()
            case 45..<55:
                type = "ui/scrolled"
                payload.value = next(2_000)
            case 55..<62:
                type = "todos/prioritised"
                payload.id = state.todos[todoIndex].id
                payload.value = 1 + next(3)
                state.todos[todoIndex].priority = payload.value ?? 2
            case 62..<70:
                type = "filter/set"
                payload.text = filters[next(filters.count)]
                state.filter = payload.text ?? "all"
            case 70..<80:
                if state.sync.status == "idle" {
                    type = "sync/started"
                    state.sync.status = "syncing"
                    state.sync.pending = state.todos.count
                    state.sync.attempts += 1
                } else {
                    type = "sync/finished"
                    origin = .effect
                    state.sync.status = "idle"
                    state.sync.pending = 0
                    state.sync.lastSynced = initTimestamp + clockMilliseconds
                }
            case 80..<86:
                type = "todos/selected"
                payload.id = state.todos[todoIndex].id
                state.selectedTodo = payload.id
            case 86..<90:
                if state.todos.count > 4 {
                    type = "todos/removed"
                    payload.id = state.todos[todoIndex].id
                    state.todos.remove(at: todoIndex)
                } else {
                    type = "todos/tagged"
                    payload.id = state.todos[todoIndex].id
                    payload.text = tagPool[next(tagPool.count)]
                    state.todos[todoIndex].tags.append(payload.text ?? "")
                }
            case 90..<95:
                type = "profile/themeToggled"
                state.profile.preferences.theme = state.profile.preferences.theme == "light" ? "dark" : "light"
            default:
                type = "session/refresh"
                outcome = "refused(invalidated)"
            }
            if state != before {
                stateJSON = try encoder.encode(state)
                if distinct.insert(stateJSON).inserted { stateBytes += stateJSON.count }
            }
            clockMilliseconds += Int64(40 + (id * 37) % 360)
            let hasPayload = payload.id != nil || payload.text != nil || payload.value != nil
            drafts.append(Recording.StepDraft(
                id: id, type: type, payload: hasPayload ? try encoder.encode(payload) : nil,
                timestamp: initTimestamp + clockMilliseconds, outcome: outcome, origin: origin,
                clock: .milliseconds(clockMilliseconds), state: stateJSON
            ))
        }
        recording = Recording(committedState: committed, statesAreFull: true, initTimestamp: initTimestamp, steps: drafts)
        distinctStates = distinct.count
        meanStateBytes = Double(stateBytes) / Double(distinct.count)
    }
}

/// How the browser rows came out: measured, or skipped with the reason.
enum BrowserLoads {
    case measured(browser: String, page: Samples, floor: Samples)
    case skipped(reason: String)
}

/// P14-inspect's figures.
struct InspectorResults {
    let entryCount: Int
    let distinctStates: Int
    let meanStateBytes: Double
    let pageBytes: Int
    let exportBytes: Int
    /// `InspectorPage.html()`, in milliseconds per render.
    let html: Samples
    /// Browser loads, in seconds per load.
    let browser: BrowserLoads
}

extension BenchConfig {
    /// P14-inspect-html's timed renders, and P14-inspect-browser's loads (each of the page and
    /// of the blank page).
    var inspectorRenders: Int { operations >= 1_000_000 ? 5 : 3 }
    var browserLoads: Int { operations >= 1_000_000 ? 5 : 3 }
}

extension BenchCases {
    /// P14-inspect: the page's and the export's sizes, the render's time and the browser's.
    func inspector() throws -> InspectorResults {
        let session = try InspectedSession()
        let recording = session.recording
        let page = InspectorPage(recording: recording, title: "P14-inspect session")
        try expect(page.entryCount == InspectedSession.entryCount, "P14-inspect: the page holds \(page.entryCount) entries, not \(InspectedSession.entryCount)")
        let exported = recording.exported()
        // Self-check: the export is a recording (the builder checks its JSON pieces only in
        // debug builds), with every entry.
        let imported = try Recording(importing: exported)
        try expect(imported.steps.count == InspectedSession.entryCount, "P14-inspect: the export imports with \(imported.steps.count) entries, not \(InspectedSession.entryCount)")
        let data = page.data()
        var mismatched = 0
        let html = nanosecondsPerOperation(operations: 1, warmUp: 1, runs: config.inspectorRenders) { count in
            for _ in 0..<count where page.html().utf8.count != data.count { mismatched += 1 }
        }
        try expect(mismatched == 0, "P14-inspect-html: \(mismatched) renders gave other than \(data.count) bytes")
        Blackhole.consume(data.count)
        return InspectorResults(
            entryCount: page.entryCount, distinctStates: session.distinctStates, meanStateBytes: session.meanStateBytes,
            pageBytes: data.count, exportBytes: exported.count,
            html: Samples(values: html.values.map { $0 / 1e6 }),
            browser: try browserLoads(of: data, entryCount: page.entryCount)
        )
    }

    /// Writes the page and a blank page to a temporary directory and loads each
    /// `config.browserLoads` times, alternating, after one untimed load of the blank page.
    private func browserLoads(of page: Data, entryCount: Int) throws -> BrowserLoads {
        guard let browser = HeadlessBrowser.find() else {
            return .skipped(reason: "neither \(HeadlessBrowser.names.joined(separator: " nor ")) is on PATH (CI installs chromium-headless-shell)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redux-bench-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pageFile = directory.appendingPathComponent("page.html")
        let blankFile = directory.appendingPathComponent("blank.html")
        try page.write(to: pageFile)
        try Data("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>floor</title></head><body></body></html>\n".utf8).write(to: blankFile)
        let last = entryCount - 1
        let pageURL = pageFile.absoluteString + "#step=\(last)"
        let blankURL = blankFile.absoluteString

        func loadBlank() throws -> Double {
            let load = try browser.dumpDOM(blankURL, scratch: directory)
            try expect(load.dom.contains("<title>floor</title>"), "P14-inspect-browser-floor: \(browser.name)'s dump of the blank page lacks its title")
            return load.seconds
        }
        func loadPage() throws -> Double {
            let load = try browser.dumpDOM(pageURL, scratch: directory)
            guard let detail = HeadlessBrowser.startTag("section", id: "detail", in: load.dom) else {
                throw BenchFailure(description: "P14-inspect-browser: \(browser.name)'s dump of \(pageURL) has no section#detail (\(load.dom.utf8.count) bytes dumped)")
            }
            try expect(detail.contains("data-step=\"\(last)\""), "P14-inspect-browser: \(browser.name) at #step=\(last) shows another step in the detail: \(detail)")
            let main = HeadlessBrowser.startTag("main", id: "inspector", in: load.dom)
            try expect(main?.contains("data-entries=\"\(entryCount)\"") == true, "P14-inspect-browser: the dumped page does not say it holds \(entryCount) entries: \(main ?? "no main#inspector")")
            return load.seconds
        }

        _ = try loadBlank()
        var pageSeconds: [Double] = [], floorSeconds: [Double] = []
        for _ in 0..<config.browserLoads {
            floorSeconds.append(try loadBlank())
            pageSeconds.append(try loadPage())
        }
        return .measured(browser: browser.name, page: Samples(values: pageSeconds), floor: Samples(values: floorSeconds))
    }
}

extension BenchResults {
    /// P14-inspect's rows: the page's size (target), the export's, the render's time, and the
    /// browser's load (target) beside its floor, or both browser rows skipped with the reason.
    static func inspectorRows(_ inspector: InspectorResults) -> [ReportRow] {
        let megabytes = Double(inspector.pageBytes) / 1e6
        let exportRatio = Double(inspector.pageBytes) / Double(inspector.exportBytes)
        let entries = grouped(Double(inspector.entryCount))
        let html = inspector.html
        var rows = [
            ReportRow(
                name: "P14-inspect-page", nanosecondsPerOperation: nil, ratioToFloor: nil,
                value: Double(inspector.pageBytes), unit: "bytes", spread: nil,
                target: "<= 20 MB (20,000,000 B): \(fixed(megabytes, 2)) MB, \(entries) entries, \(grouped(Double(inspector.distinctStates))) distinct states of \(grouped(inspector.meanStateBytes)) B of JSON on average \(inspector.pageBytes <= 20_000_000 ? "MET" : "MISSED")"
            ),
            ReportRow(
                name: "P14-inspect-export", nanosecondsPerOperation: nil, ratioToFloor: nil,
                value: Double(inspector.exportBytes), unit: "bytes", spread: nil,
                target: "reported: \(fixed(Double(inspector.exportBytes) / 1e6, 2)) MB, Recording.exported() of the same recording; the page is \(fixed(exportRatio, 2))x the export"
            ),
            ReportRow(
                name: "P14-inspect-html", nanosecondsPerOperation: html.median * 1e6, ratioToFloor: nil,
                value: html.median, unit: "ms/page", spread: (html.minimum, html.maximum),
                target: "reported: InspectorPage.html() of the \(entries)-entry recording, median of \(html.values.count) renders"
            ),
        ]
        switch inspector.browser {
        case .measured(let browser, let page, let floor):
            let ratio = page.median / floor.median
            rows.append(ReportRow(
                name: "P14-inspect-browser", nanosecondsPerOperation: page.median * 1e9, ratioToFloor: nil,
                value: page.median, unit: "s/load", spread: (page.minimum, page.maximum),
                target: "<= 10 s: \(fixed(page.median, 2)) s (\(fixed(ratio, 1))x P14-inspect-browser-floor), \(browser) --dump-dom at #step=\(inspector.entryCount - 1), median of \(page.values.count) loads; detail at step \(inspector.entryCount - 1): checked \(page.median <= 10 ? "MET" : "MISSED")"
            ))
            rows.append(ReportRow(
                name: "P14-inspect-browser-floor", nanosecondsPerOperation: floor.median * 1e9, ratioToFloor: nil,
                value: floor.median, unit: "s/load", spread: (floor.minimum, floor.maximum),
                target: "reported: the same \(browser) dumping a blank page, loads alternating with the page's; the page takes \(fixed(ratio, 1))x this"
            ))
        case .skipped(let reason):
            for name in ["P14-inspect-browser", "P14-inspect-browser-floor"] {
                rows.append(ReportRow(
                    name: name, nanosecondsPerOperation: nil, ratioToFloor: nil, value: 0,
                    unit: "s/load (skipped)", spread: nil, target: "skipped: \(reason)"
                ))
            }
        }
        return rows
    }
}

import Foundation
import Redux
import ReduxClocks

// P11: what persistence costs. Timed only (not in `--instructions`: a save is Foundation's
// encoding and the kernel's I/O, not a dispatch path).
//
// - P11-save: one save of a 10,000-todo state (an id, a title of ordinary length, a done flag)
//   through the public API: a store with a `Persistence` on a file in a temporary directory,
//   `await persistence.flush()` per save. Each save's `PersistenceEvent.saved(bytes:timings:)`
//   carries its `SaveTimings`: the encode, the write of the temporary file, and the fsyncs (the
//   file's and the directory's, around the rename); the median of each over the runs is
//   reported in ms. The fsync figure depends on the disk (and its cache and the file system).
// - P11-flood: 1,000 dispatches per second for 5 s on a `TestClock` (one action, then 1 ms of
//   virtual time, 5,000 times; each action appends a todo), then one interval more: the number
//   of saves taken (at most one per 500 ms interval, so at most 11), and the check that the file
//   then holds the final state.

/// One todo of the P11 states.
struct PersistedBenchTodo: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var done: Bool
}

/// The P11 state: a list of todos, saved whole (the state is its own snapshot).
struct PersistedBenchState: Codable, Equatable, Sendable {
    var todos: [PersistedBenchTodo]

    /// `count` todos, every third one done.
    init(count: Int) {
        todos = (0..<count).map { index in
            PersistedBenchTodo(id: index + 1, title: "Todo number \(index + 1): something to do", done: index % 3 == 0)
        }
    }
}

/// The P11 results.
struct PersistenceResults {
    /// Milliseconds per save, one value per run.
    var encode: Samples
    var write: Samples
    var sync: Samples
    /// Bytes of one save of the 10,000-todo state.
    var bytes: Int
    var saveRuns: Int
    /// Saves taken during the flood and the interval after it.
    var floodSaves: Int
    var floodDispatches: Int
    /// Whether the file held the final state after the flood.
    var floodFinalSaved: Bool
}

/// The file of one P11 case: a fresh temporary directory, removed by `remove()`.
private struct BenchFile {
    let directory: URL
    let file: URL

    init(_ name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("redux-bench-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("\(name).json")
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The P11 action: append a todo.
enum PersistedBenchAction: Sendable {
    case add(Int)
}

extension BenchCases {
    /// P11-save and P11-flood.
    func persistence() async throws -> PersistenceResults {
        let save = try await p11Save(runs: config.runs + 2)
        let flood = try await p11Flood()
        return PersistenceResults(
            encode: save.encode, write: save.write, sync: save.sync, bytes: save.bytes, saveRuns: save.runs,
            floodSaves: flood.saves, floodDispatches: flood.dispatches, floodFinalSaved: flood.finalSaved
        )
    }

    /// `P11-save`: one warm-up save, then `runs` saves of the 10,000-todo state, each through
    /// `flush()`; their timings as reported by the `.saved` events.
    func p11Save(runs: Int) async throws -> (encode: Samples, write: Samples, sync: Samples, bytes: Int, runs: Int) {
        let place = try BenchFile("p11-save")
        defer { place.remove() }
        let saved = Locked<[(bytes: Int, timings: SaveTimings)]>([])
        let persistence = Persistence<PersistedBenchState>(file: place.file, onEvent: { event in
            if case let .saved(bytes, timings) = event {
                saved.withLock { $0.append((bytes, timings)) }
            }
        })
        let store = try Store<PersistedBenchState, PersistedBenchAction>(
            initialState: PersistedBenchState(count: 10_000),
            options: StoreOptions(printsDiagnostics: false),
            persistence: persistence
        ) { state, action in
            switch action {
            case .add(let id): state.todos.append(PersistedBenchTodo(id: id, title: "added", done: false))
            }
        }
        defer { store.invalidate() }
        for _ in 0...runs {
            try await persistence.flush()
        }
        // The events come from the writer's thread, after the fsync: wait until all are in.
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while saved.withLock({ $0.count }) < runs + 1, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        let events = Array(saved.withLock { $0 }.dropFirst())
        try expect(events.count == runs, "P11-save: \(events.count) .saved events for \(runs) flushes")
        let bytes = events.first?.bytes ?? 0
        try expect(events.allSatisfy { $0.bytes == bytes } && bytes > 0, "P11-save: saves of \(events.map(\.bytes)) bytes")
        let decoded = try CanonicalJSONDecoder().decode(SavedBenchFile.self, from: try Data(contentsOf: place.file))
        try expect(decoded.state.todos.count == 10_000 && decoded.version == 1, "P11-save: the file holds \(decoded.state.todos.count) todos, version \(decoded.version)")
        func milliseconds(_ part: (SaveTimings) -> Duration) -> Samples {
            Samples(values: events.map { part($0.timings).nanoseconds / 1e6 })
        }
        return (milliseconds(\.encode), milliseconds(\.write), milliseconds(\.sync), bytes, runs)
    }

    /// `P11-flood`: 5,000 dispatches, one per virtual millisecond, on a `TestClock`, then the
    /// interval; the saves taken and whether the file holds the final state.
    func p11Flood() async throws -> (saves: Int, dispatches: Int, finalSaved: Bool) {
        let place = try BenchFile("p11-flood")
        defer { place.remove() }
        let clock = TestClock()
        let written = Locked(0)
        let persistence = Persistence<PersistedBenchState>(file: place.file, interval: .milliseconds(500), onEvent: { event in
            if case .saved = event { written.withLock { $0 += 1 } }
        })
        let store = try Store<PersistedBenchState, PersistedBenchAction>(
            initialState: PersistedBenchState(count: 0),
            options: StoreOptions(clock: clock, printsDiagnostics: false),
            persistence: persistence
        ) { state, action in
            switch action {
            case .add(let id): state.todos.append(PersistedBenchTodo(id: id, title: "added during the flood", done: false))
            }
        }
        let dispatches = 5_000
        for index in 1...dispatches {
            store.dispatch(.add(index))
            await clock.advance(by: .milliseconds(1))
        }
        await clock.advance(by: persistence.interval)
        let saves = persistence.saveCount
        let final = store.state
        // The writer works off the main actor: wait until every save taken is written.
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while written.withLock({ $0 }) < saves, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        store.invalidate()
        let decoded = try CanonicalJSONDecoder().decode(SavedBenchFile.self, from: try Data(contentsOf: place.file))
        try expect(final.todos.count == dispatches, "P11-flood: \(final.todos.count) of \(dispatches) actions reduced")
        return (saves, dispatches, decoded.state == final)
    }
}

/// The file's content: `{"state": …, "version": N}`.
private struct SavedBenchFile: Decodable {
    var state: PersistedBenchState
    var version: Int
}

extension BenchResults {
    /// P11-save's three rows (ms per save; the spread is the fastest and slowest run) and
    /// P11-flood's (saves).
    func persistenceRows() -> [ReportRow] {
        let save = persistence
        func row(_ name: String, _ samples: Samples, _ note: String) -> ReportRow {
            ReportRow(
                name: name,
                nanosecondsPerOperation: samples.median * 1e6,
                ratioToFloor: nil,
                value: samples.median,
                unit: "ms/save",
                spread: (samples.minimum, samples.maximum),
                target: "reported: \(note)"
            )
        }
        let size = "\(grouped(Double(save.bytes))) B, 10,000 todos; median of \(save.saveRuns) saves"
        return [
            row("P11-save-encode", save.encode, "encode (CanonicalJSONEncoder) of one save, \(size)"),
            row("P11-save-write", save.write, "write of the temporary file"),
            row("P11-save-fsync", save.sync, "fsync of the file and of its directory (depends on the disk)"),
            ReportRow(
                name: "P11-flood",
                nanosecondsPerOperation: nil,
                ratioToFloor: nil,
                value: Double(save.floodSaves),
                unit: "saves",
                spread: nil,
                target: "<= 11 saves for \(grouped(Double(save.floodDispatches))) dispatches at 1,000/s for 5 s on a TestClock (+ one 500 ms interval): \(save.floodSaves) \(save.floodSaves <= 11 ? "MET" : "MISSED"); final state saved: \(save.floodFinalSaved ? "yes" : "NO")"
            ),
        ]
    }
}

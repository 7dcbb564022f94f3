import Foundation
import Redux
import Testing

/// The `todos` executable, built next to the test bundle (the test target depends on it) and run
/// as a process in a temporary directory with `--file`: each test compares what it printed on
/// standard output and standard error, its exit status, and the file's bytes. Serialized: each
/// test runs a handful of processes (about 50 ms each), and the concurrent test runs 40.
@Suite("todos, the command-line app, run as a process", .serialized, .timeLimit(.minutes(5)))
struct TodosProcessTests {
    /// The usage line every bad invocation prints on standard error after its problem.
    static let usage = "usage: todos [--file PATH] [--json] [--lock-timeout SECONDS] add TITLE | list | done N | undo | clear-done | help"

    @Test func addAndDonePrintWhatChangedAndListNumbersTheTodosAndMarksTheDoneOnes() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        try await sandbox.expect(["add", "Walk", "dog"], prints: ["Added #2: Walk dog"])
        try await sandbox.expect(["done", "1"], prints: ["Done #1: Buy milk"])
        try await sandbox.expect(["list"], prints: ["1. [x] Buy milk", "2. [ ] Walk dog"])
        // The file: the canonical encoding of the snapshot (version 1), with the undo history.
        let expected = #"{"state":{"nextID":3,"todos":[{"done":true,"id":1,"title":"Buy milk"},{"done":false,"id":2,"title":"Walk dog"}],"undo":[{"change":"add \"Buy milk\"","todos":[]},{"change":"add \"Walk dog\"","todos":[{"done":false,"id":1,"title":"Buy milk"}]},{"change":"done #1 \"Buy milk\"","todos":[{"done":false,"id":1,"title":"Buy milk"},{"done":false,"id":2,"title":"Walk dog"}]}]},"version":1}"#
        #expect(String(decoding: try #require(sandbox.bytes()), as: UTF8.self) == expected)
    }

    @Test func anEmptyListSaysSoAndDoneTwiceLeavesTheFileAlone() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["list"], prints: ["No todos."])
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        try await sandbox.expect(["done", "1"], prints: ["Done #1: Buy milk"])
        let before = try sandbox.identity()
        try await sandbox.expect(["done", "1"], prints: ["#1 was already done: Buy milk"])
        #expect(try sandbox.identity() == before)
    }

    @Test func listReadsTheFileWithoutWritingIt() async throws {
        let sandbox = try Sandbox()
        // No file: list creates none.
        try await sandbox.expect(["list"], prints: ["No todos."])
        #expect(sandbox.bytes() == nil)
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        // A file: list leaves the same file (same inode: not even rewritten with equal bytes).
        let before = try sandbox.identity()
        try await sandbox.expect(["list"], prints: ["1. [ ] Buy milk"])
        try await sandbox.expect(["--json", "list"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"}]}"#])
        #expect(try sandbox.identity() == before)
    }

    @Test func undoTakesBackTheLastChangeOneAtATime() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        try await sandbox.expect(["add", "Walk dog"], prints: ["Added #2: Walk dog"])
        try await sandbox.expect(["done", "2"], prints: ["Done #2: Walk dog"])
        try await sandbox.expect(["clear-done"], prints: ["Cleared 1 done todo"])
        try await sandbox.expect(["undo"], prints: [#"Undid clear-done (1 todo)"#])
        try await sandbox.expect(["list"], prints: ["1. [ ] Buy milk", "2. [x] Walk dog"])
        try await sandbox.expect(["undo"], prints: [#"Undid done #2 "Walk dog""#])
        try await sandbox.expect(["undo"], prints: [#"Undid add "Walk dog""#])
        try await sandbox.expect(["list"], prints: ["1. [ ] Buy milk"])
        try await sandbox.expect(["undo"], prints: [#"Undid add "Buy milk""#])
        // An empty history: refused by the validation, the file unchanged.
        let before = try sandbox.identity()
        try await sandbox.expect(["undo"], fails: 1, printing: ["nothing to undo"])
        #expect(try sandbox.identity() == before)
        // Ids are never reused, even after an undo.
        try await sandbox.expect(["--json", "add", "Buy bread"], prints: [#"{"todos":[{"done":false,"id":3,"number":1,"title":"Buy bread"}]}"#])
    }

    @Test func clearDoneRemovesTheDoneTodosAndRenumbersTheRest() async throws {
        let sandbox = try Sandbox()
        for (offset, title) in ["a", "b", "c"].enumerated() {
            try await sandbox.expect(["add", title], prints: ["Added #\(offset + 1): \(title)"])
        }
        try await sandbox.expect(["done", "1"], prints: ["Done #1: a"])
        try await sandbox.expect(["done", "3"], prints: ["Done #3: c"])
        try await sandbox.expect(["clear-done"], prints: ["Cleared 2 done todos"])
        try await sandbox.expect(["list"], prints: ["1. [ ] b"])
        // Nothing done: consumed by the validation, nothing saved.
        let before = try sandbox.identity()
        try await sandbox.expect(["clear-done"], prints: ["No done todos to clear"])
        #expect(try sandbox.identity() == before)
    }

    @Test(arguments: [["--help"], ["help"], ["-h"], ["list", "--help"]])
    func helpPrintsTheUsageOnStandardOutputAndTouchesNoFile(_ arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let run = try await sandbox.run(arguments)
        #expect(run.status == 0)
        #expect(run.standardError == [])
        #expect(run.standardOutput.first == "todos: a todo list kept in a file.")
        #expect(run.standardOutput.contains(Self.usage))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path) == [])
    }

    @Test func jsonPrintsTheResultingListForScripts() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["--json", "add", "Buy milk"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"}]}"#])
        try await sandbox.expect(["add", "Walk dog", "--json"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"},{"done":false,"id":2,"number":2,"title":"Walk dog"}]}"#])
        try await sandbox.expect(["--json", "done", "2"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"},{"done":true,"id":2,"number":2,"title":"Walk dog"}]}"#])
        try await sandbox.expect(["--json", "clear-done"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"}]}"#])
        try await sandbox.expect(["--json", "undo"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"},{"done":true,"id":2,"number":2,"title":"Walk dog"}]}"#])
        try await sandbox.expect(["list", "--json"], prints: [#"{"todos":[{"done":false,"id":1,"number":1,"title":"Buy milk"},{"done":true,"id":2,"number":2,"title":"Walk dog"}]}"#])
    }

    @Test func doneForAMissingTodoPrintsNoTodoOnStandardErrorWithStatusOneAndLeavesTheFileUnchanged() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        let bytes = try #require(sandbox.bytes())
        let before = try sandbox.identity()
        try await sandbox.expect(["done", "99"], fails: 1, printing: ["no todo #99"])
        try await sandbox.expect(["done", "0"], fails: 1, printing: ["no todo #0"])
        try await sandbox.expect(["--json", "done", "-1"], fails: 1, printing: ["no todo #-1"])
        #expect(sandbox.bytes() == bytes)
        #expect(try sandbox.identity() == before)
    }

    @Test func anEmptyTitleIsRefusedWithStatusOne() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", "   "], fails: 1, printing: ["a todo needs a title"])
        #expect(sandbox.bytes() == nil)
        // A title is trimmed before it is kept.
        try await sandbox.expect(["add", "  Buy milk "], prints: ["Added #1: Buy milk"])
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["list", "extra"], "unexpected argument 'extra' after list"),
        (["--verbose", "list"], "unknown option '--verbose'"),
        ([], "missing command"),
    ])
    func anUnknownCommandPrintsAUsageLineOnStandardErrorWithStatus64(_ arguments: [String], _ problem: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(arguments, fails: 64, printing: [problem, Self.usage])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path) == [])
    }

    @Test(arguments: [
        (["add"], "missing argument: add needs a title"),
        (["done"], "missing argument: done needs a todo number"),
        (["done", "two"], "not a todo number: 'two'"),
        (["list", "--lock-timeout"], "missing argument: --lock-timeout needs a value"),
    ])
    func aMissingArgumentPrintsAUsageLineOnStandardErrorWithStatus64(_ arguments: [String], _ problem: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(arguments, fails: 64, printing: [problem, Self.usage])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path) == [])
    }

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-2"])
    func aNumberThatNamesNoTodoPrintsNoTodoWithStatusOneAndLeavesTheFileUnchanged(_ number: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        let bytes = try #require(sandbox.bytes())
        let before = try sandbox.identity()
        try await sandbox.expect(["done", number], fails: 1, printing: ["no todo #\(number)"])
        #expect(sandbox.bytes() == bytes)
        #expect(try sandbox.identity() == before)
    }

    @Test(arguments: ["1e16", "1e300", "1000000001", "nan", "inf", "-inf", "-1", "-0.001", "soon", ""])
    func aBadLockTimeoutPrintsTheUsageLineWithStatus64(_ seconds: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["--lock-timeout", seconds, "list"], fails: 64, printing: [
            "not a number of seconds from 0 to 1000000000: '\(seconds)'", Self.usage,
        ])
        try await sandbox.expect(["--lock-timeout=\(seconds)", "add", "Buy milk"], fails: 64, printing: [
            "not a number of seconds from 0 to 1000000000: '\(seconds)'", Self.usage,
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path) == [])
        // The largest one is taken.
        try await sandbox.expect(["--lock-timeout", "1e9", "list"], prints: ["No todos."])
    }

    /// A hand-edited file whose highest id is the last `Int`: restored as it is (no command
    /// crashes), and only `add`, which would need a new id, is refused.
    @Test func aFileWhoseIdsCannotBeContinuedIsRestoredAndOnlyAddIsRefused() async throws {
        let sandbox = try Sandbox()
        let content = #"{"state":{"nextID":1,"todos":[{"done":false,"id":9223372036854775807,"title":"Buy milk"}],"undo":[]},"version":1}"#
        try Data(content.utf8).write(to: sandbox.file)
        try await sandbox.expect(["list"], prints: ["1. [ ] Buy milk"])
        try await sandbox.expect(["--json", "list"], prints: [#"{"todos":[{"done":false,"id":9223372036854775807,"number":1,"title":"Buy milk"}]}"#])
        let before = try sandbox.identity()
        try await sandbox.expect(["add", "Walk dog"], fails: 1, printing: ["no todo id left: the ids in the file reach 9223372036854775807"])
        #expect(try sandbox.identity() == before)
        #expect(sandbox.bytes() == Data(content.utf8))
        try await sandbox.expect(["done", "1"], prints: ["Done #1: Buy milk"])
        try await sandbox.expect(["undo"], prints: [#"Undid done #1 "Buy milk""#])
        try await sandbox.expect(["list"], prints: ["1. [ ] Buy milk"])
    }

    @Test func anExhaustedIdSpaceFailsAddWithStatusOneAndLeavesTheFileUnchanged() async throws {
        let sandbox = try Sandbox()
        let content = #"{"state":{"nextID":9223372036854775807,"todos":[],"undo":[]},"version":1}"#
        try Data(content.utf8).write(to: sandbox.file)
        try await sandbox.expect(["list"], prints: ["No todos."])
        let before = try sandbox.identity()
        try await sandbox.expect(["add", "Buy milk"], fails: 1, printing: ["no todo id left: the ids in the file reach 9223372036854775807"])
        try await sandbox.expect(["--json", "add", "Buy milk"], fails: 1, printing: ["no todo id left: the ids in the file reach 9223372036854775807"])
        #expect(try sandbox.identity() == before)
        #expect(sandbox.bytes() == Data(content.utf8))
        // The last id below it is still given.
        let last = #"{"state":{"nextID":9223372036854775806,"todos":[],"undo":[]},"version":1}"#
        try Data(last.utf8).write(to: sandbox.file)
        try await sandbox.expect(["--json", "add", "Buy milk"], prints: [#"{"todos":[{"done":false,"id":9223372036854775806,"number":1,"title":"Buy milk"}]}"#])
        try await sandbox.expect(["add", "Walk dog"], fails: 1, printing: ["no todo id left: the ids in the file reach 9223372036854775807"])
    }

    @Test(arguments: ["a\nb", "a\tb", "a\rb", "a\u{1B}[31mb", "a\u{7F}b", "a\u{2028}b"])
    func aTitleWithAControlCharacterIsRefusedWithStatusOneAndSavesNothing(_ title: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", title], fails: 1, printing: ["a todo title cannot hold control characters (newline, tab…)"])
        #expect(sandbox.bytes() == nil)
        // Surrounding newlines are trimmed, as spaces are: the title is one line.
        try await sandbox.expect(["add", "\nBuy milk\n"], prints: ["Added #1: Buy milk"])
        try await sandbox.expect(["list"], prints: ["1. [ ] Buy milk"])
    }

    @Test func aMissingFileArgumentPrintsAUsageLineWithStatus64() async throws {
        let run = try await runProbe(named: "todos", ["list", "--file"])
        #expect(run.status == 64)
        #expect(run.standardError == ["missing argument: --file needs a value", Self.usage])
        #expect(run.standardOutput == [])
    }

    /// Bad content: not JSON, 0 bytes, truncated, JSON of the wrong shape, and a version newer
    /// than the app's; each with the start of the error's first line (which names the file).
    @Test(arguments: [
        ("{not json", "corrupt file "),
        ("", "corrupt file "),
        (#"{"state":{"nextID":2,"todos":[{"done":false,"#, "corrupt file "),
        (#"{"state":{"todos":5},"version":1}"#, "corrupt file "),
        (#"{"state":{"nextID":1,"todos":[],"undo":[]},"version":2}"#, "file "),
    ])
    func aCorruptFileFailsWithStatus65NamingTheFileAndIsKeptAsideWithItsBytes(_ content: String, _ problem: String) async throws {
        let sandbox = try Sandbox()
        try Data(content.utf8).write(to: sandbox.file)
        let run = try await sandbox.run(["add", "Buy milk"])
        #expect(run.status == 65)
        #expect(run.standardOutput == [])
        #expect(run.standardError.count == 2, "\(run.standardError)")
        #expect(run.standardError.first?.hasPrefix(problem + sandbox.file.path) == true, "\(run.standardError)")
        // The bad file is renamed aside, not overwritten: the command did not run.
        #expect(sandbox.bytes() == nil)
        let keptAside = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)
            .filter { $0.hasPrefix("todos.json.corrupt-") }
        try #require(keptAside.count == 1, "\(keptAside)")
        #expect(run.standardError.last == "the file was kept aside as \(sandbox.directory.appendingPathComponent(keptAside[0]).path)")
        #expect(try fileContents(sandbox.directory.appendingPathComponent(keptAside[0])) == Data(content.utf8))
        // The next run starts a new list.
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
    }

    @Test func aFileLockedByAnotherProcessPastTheTimeoutFailsWithStatus75() async throws {
        let sandbox = try Sandbox()
        try await sandbox.expect(["add", "Buy milk"], prints: ["Added #1: Buy milk"])
        let bytes = try #require(sandbox.bytes())
        // This process holds the lock a `todos` would take.
        let descriptor = open(sandbox.file.path + ".lock", O_RDWR | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let lock: @convention(c) (Int32, Int32) -> Int32 = flock
        try #require(lock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let run = try await sandbox.run(["--lock-timeout", "0.2", "add", "Walk dog"])
        #expect(run.status == 75)
        #expect(run.standardOutput == [])
        #expect(run.standardError.count == 1 && run.standardError[0].hasPrefix("file \(sandbox.file.path) is in use"), "\(run.standardError)")
        #expect(sandbox.bytes() == bytes)
        // Released, the next run goes through.
        #expect(lock(descriptor, LOCK_UN) == 0)
        try await sandbox.expect(["--lock-timeout", "0", "add", "Walk dog"], prints: ["Added #2: Walk dog"])
    }

    @Test func withoutFileTheListIsKeptInTheHomeDirectory() async throws {
        let sandbox = try Sandbox()
        let home = ["HOME": sandbox.directory.path]
        let added = try await runProbe(named: "todos", ["add", "Buy milk"], environment: home)
        #expect(added.status == 0 && added.standardOutput == ["Added #1: Buy milk"], "\(added)")
        #expect(FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent(".todos.json").path))
        let listed = try await runProbe(named: "todos", ["list"], environment: home)
        #expect(listed.standardOutput == ["1. [ ] Buy milk"])
    }

    /// Each pair of processes adds at the same time; the file's lock makes the second wait for
    /// the first and start from its result, so no add is lost.
    @Test func twentyPairsOfConcurrentAddsGiveFortyTodos() async throws {
        let sandbox = try Sandbox()
        for pair in 0..<20 {
            async let first = sandbox.run(["add", "first \(pair)"])
            async let second = sandbox.run(["add", "second \(pair)"])
            let runs = try await [first, second]
            for run in runs {
                #expect(run.status == 0 && run.standardError.isEmpty, "pair \(pair): \(run)")
            }
        }
        let listed = try await sandbox.run(["--json", "list"])
        let rows = try JSONDecoder().decode(ListedTodos.self, from: Data(try #require(listed.standardOutput.first).utf8)).todos
        #expect(rows.count == 40)
        #expect(Set(rows.map(\.id)) == Set(1...40))
        #expect(Set(rows.map(\.title)) == Set((0..<20).flatMap { ["first \($0)", "second \($0)"] }))
        #expect(rows.map(\.number) == Array(1...40))
    }
}

/// `todos --json list`'s output.
private struct ListedTodos: Decodable {
    struct Row: Decodable {
        var number: Int
        var id: Int
        var title: String
        var done: Bool
    }

    var todos: [Row]
}

/// A temporary directory for one test, with the todos file (`todos.json`) in it; removed when
/// the sandbox goes away.
private final class Sandbox: Sendable {
    let directory: URL
    let file: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("todos.json")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `todos --file <file> arguments…`.
    func run(_ arguments: [String]) async throws -> ProbeRun {
        try await runProbe(named: "todos", ["--file", file.path] + arguments)
    }

    /// Runs `arguments` and expects status 0, `lines` on standard output and nothing on
    /// standard error.
    func expect(_ arguments: [String], prints lines: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let run = try await run(arguments)
        #expect(run.status == 0, "\(arguments): \(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.standardOutput == lines, "\(arguments)", sourceLocation: sourceLocation)
        #expect(run.standardError == [], "\(arguments)", sourceLocation: sourceLocation)
    }

    /// Runs `arguments` and expects `status`, `lines` on standard error and nothing on standard
    /// output.
    func expect(_ arguments: [String], fails status: Int32, printing lines: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let run = try await run(arguments)
        #expect(run.status == status, "\(arguments)", sourceLocation: sourceLocation)
        #expect(run.standardError == lines, "\(arguments)", sourceLocation: sourceLocation)
        #expect(run.standardOutput == [], "\(arguments)", sourceLocation: sourceLocation)
    }

    /// The file's bytes; `nil` when there is no file.
    func bytes() -> Data? {
        try? fileContents(file)
    }

    /// The file's inode and modification time: a save replaces the file (a new inode by
    /// rename), so an unchanged identity means nothing was written.
    func identity() throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return "\(attributes[.systemFileNumber] ?? "-") \(attributes[.modificationDate] ?? "-")"
    }
}

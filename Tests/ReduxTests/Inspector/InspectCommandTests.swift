import Foundation
import Redux
import ReduxDevTools
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `redux-inspect`, the built executable, run as a process in a scratch directory: where it writes
/// the page, what it prints, and its exit status and message for each kind of bad input, with no
/// page written (and an earlier page left as it was) whenever it fails.
@MainActor
@Suite("redux-inspect, run as a process", .timeLimit(.minutes(5)))
struct InspectCommandTests {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A scratch directory holding the shelf session's export as `name`.
    func scratchWithRecording(named name: String = "shelf.json") async throws -> (ScratchDirectory, Data) {
        let scratch = try ScratchDirectory()
        let export = try await InspectorFixtures.shelfRecording().exported()
        try export.write(to: scratch.file(name))
        return (scratch, export)
    }

    /// The page `redux-inspect` should write for `export`, titled `title`.
    func expectedPage(_ export: Data, title: String) throws -> Data {
        InspectorPage(recording: try Recording(importing: export), title: title).data()
    }

    @Test func thePageIsWrittenNextToTheFileByDefault() async throws {
        let (scratch, export) = try await scratchWithRecording()
        let run = try await runReduxInspect(["shelf.json"], in: scratch.url)
        let page = try expectedPage(export, title: "shelf.json")
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == "wrote shelf.html: 9 entries, \(page.count) bytes\n")
        #expect(run.errorText.isEmpty)
        #expect(try scratch.names() == ["shelf.html", "shelf.json"])
        #expect(try fileContents(scratch.file("shelf.html")) == page, "the page, titled with the file's name")

        // Given by an absolute path from elsewhere: still next to the file, not in the directory it ran in.
        let elsewhere = try ScratchDirectory()
        try FileManager.default.removeItem(at: scratch.file("shelf.html"))
        let far = try await runReduxInspect([scratch.file("shelf.json").path], in: elsewhere.url)
        #expect(far.status == 0, "\(far.errorText)")
        #expect(try scratch.names() == ["shelf.html", "shelf.json"])
        #expect(try elsewhere.names().isEmpty)
    }

    @Test(arguments: [("session", "session.html"), ("page.html", "page.html.html"), ("a.b.json", "a.b.html")])
    func theDefaultOutputReplacesTheExtensionWithHTML(input: String, output: String) async throws {
        let (scratch, _) = try await scratchWithRecording(named: input)
        let run = try await runReduxInspect([input], in: scratch.url)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText.hasPrefix("wrote \(output): 9 entries, "))
        #expect(try scratch.names() == [input, output].sorted())
    }

    @Test func dashOWritesTheOutputWhereAskedWithTheTitleGiven() async throws {
        let (scratch, export) = try await scratchWithRecording()
        try FileManager.default.createDirectory(at: scratch.file("pages"), withIntermediateDirectories: false)
        let run = try await runReduxInspect(["shelf.json", "-o", "pages/one.html", "--title", "Shelf <1>"], in: scratch.url)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(try scratch.names() == ["pages", "shelf.json"], "no page next to the file")
        #expect(try fileContents(scratch.file("pages/one.html")) == expectedPage(export, title: "Shelf <1>"))
        let long = try await runReduxInspect(["--output", "two.html", "shelf.json"], in: scratch.url)
        #expect(long.status == 0, "\(long.errorText)")
        #expect(try fileContents(scratch.file("two.html")) == expectedPage(export, title: "shelf.json"))
    }

    @Test func dashOMinusWritesThePageToStandardOutputOnly() async throws {
        let (scratch, export) = try await scratchWithRecording()
        let run = try await runReduxInspect(["shelf.json", "-o", "-"], in: scratch.url)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.output == (try expectedPage(export, title: "shelf.json")), "standard output is the page, byte for byte")
        #expect(run.errorText.isEmpty)
        #expect(try scratch.names() == ["shelf.json"])
    }

    /// Inputs that are not recordings, by name and bytes.
    nonisolated static let notRecordings: [(String, String)] = [
        ("notes.txt", "these are notes, not JSON"),
        ("empty.json", ""),
        ("object.json", "{}"),
        ("array.json", "[1,2,3]"),
    ]

    @Test(arguments: notRecordings)
    func aFileThatIsNotARecordingIs65WithTheProblemNamedAndNoPage(name: String, contents: String) async throws {
        try await expectNotARecording(name: name, contents: Data(contents.utf8))
    }

    @Test func aDemoSessionFileIs65WithTheProblemNamedAndNoPage() async throws {
        let session = try fileContents(Self.root.appendingPathComponent("Examples/Sessions/counter-login.jsonl"))
        #expect(!session.isEmpty)
        try await expectNotARecording(name: "counter-login.jsonl", contents: session)
    }

    /// Runs `redux-inspect name` on `contents`, then with `-o` over an existing page: 65, the
    /// importer's own error in the message, nothing written, the existing page untouched.
    func expectNotARecording(name: String, contents: Data, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let scratch = try ScratchDirectory()
        try contents.write(to: scratch.file(name))
        let error = try #require(importError(contents), "\(name) imports as a recording", sourceLocation: sourceLocation)
        let run = try await runReduxInspect([name], in: scratch.url)
        #expect(run.status == 65, sourceLocation: sourceLocation)
        #expect(run.errorText == "redux-inspect: \(name) is not a recording: \(error)\n", sourceLocation: sourceLocation)
        #expect(run.outputText.isEmpty, sourceLocation: sourceLocation)
        #expect(try scratch.names() == [name], "no page written", sourceLocation: sourceLocation)

        let old = Data("an earlier page".utf8)
        try old.write(to: scratch.file("kept.html"))
        let over = try await runReduxInspect([name, "-o", "kept.html"], in: scratch.url)
        #expect(over.status == 65, sourceLocation: sourceLocation)
        #expect(try fileContents(scratch.file("kept.html")) == old, "the existing output is untouched", sourceLocation: sourceLocation)
        #expect(try scratch.names() == ["kept.html", name].sorted(), sourceLocation: sourceLocation)
    }

    func importError(_ data: Data) -> RecordingFormatError? {
        do {
            _ = try Recording(importing: data)
            return nil
        } catch {
            return error
        }
    }

    @Test func theMessageNamesWhatIsWrong() async throws {
        let scratch = try ScratchDirectory()
        try Data().write(to: scratch.file("empty.json"))
        try Data("{}".utf8).write(to: scratch.file("object.json"))
        let empty = try await runReduxInspect(["empty.json"], in: scratch.url)
        #expect(empty.errorText.contains("empty.json is not a recording: not JSON at byte offset 0"), "\(empty.errorText)")
        let object = try await runReduxInspect(["object.json"], in: scratch.url)
        #expect(object.errorText.contains("object.json is not a recording: missing field actionsById"), "\(object.errorText)")
    }

    @Test func aMissingFileOrADirectoryIs66() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(at: scratch.file("folder"), withIntermediateDirectories: false)
        try Data("an earlier page".utf8).write(to: scratch.file("kept.html"))
        let missing = try await runReduxInspect(["missing.json", "-o", "kept.html"], in: scratch.url)
        #expect(missing.status == 66)
        #expect(missing.errorText == "redux-inspect: cannot read missing.json: no such file\n")
        let folder = try await runReduxInspect(["folder"], in: scratch.url)
        #expect(folder.status == 66)
        #expect(folder.errorText == "redux-inspect: cannot read folder: is a directory\n")
        #expect(try scratch.names() == ["folder", "kept.html"], "nothing written")
        #expect(try fileContents(scratch.file("kept.html")) == Data("an earlier page".utf8))
    }

    @Test(arguments: [
        (["--bogus", "shelf.json"], "unknown option --bogus"),
        (["shelf.json", "other.json"], "more than one FILE: shelf.json and other.json"),
        ([], "no FILE given"),
        (["shelf.json", "-o"], "-o needs a value"),
        (["shelf.json", "-o", ""], "-o needs a non-empty path"),
    ])
    func badArgumentsAre64WithTheProblemAndTheUsage(arguments: [String], problem: String) async throws {
        let (scratch, _) = try await scratchWithRecording()
        let run = try await runReduxInspect(arguments, in: scratch.url)
        #expect(run.status == 64)
        let lines = run.errorText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "redux-inspect: \(problem)", "\(run.errorText)")
        #expect(lines.dropFirst().first == "usage: redux-inspect FILE [-o OUT.html] [--title TEXT]")
        #expect(run.outputText.isEmpty)
        #expect(try scratch.names() == ["shelf.json"], "nothing written")
    }

    @Test func helpPrintsTheUsageAndWritesNothing() async throws {
        let (scratch, _) = try await scratchWithRecording()
        let run = try await runReduxInspect(["--help"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.outputText.hasPrefix("usage: redux-inspect FILE [-o OUT.html] [--title TEXT]\n"))
        #expect(try scratch.names() == ["shelf.json"])
    }

    @Test func anOutputThatCannotBeWrittenIs73() async throws {
        let (scratch, _) = try await scratchWithRecording()
        try Data("a file".utf8).write(to: scratch.file("plain.txt"))
        var outputs = ["no-such-folder/page.html", "plain.txt/page.html"]
        #if os(Linux)
        outputs.append("/proc/redux-inspect-\(UUID().uuidString).html")  // not writable, even by root
        #endif
        if geteuid() != 0 {
            try FileManager.default.createDirectory(at: scratch.file("locked"), withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: scratch.file("locked").path)
            outputs.append("locked/page.html")
        }
        for output in outputs {
            let run = try await runReduxInspect(["shelf.json", "-o", output], in: scratch.url)
            #expect(run.status == 73, "\(output): \(run.errorText)")
            #expect(run.errorText.hasPrefix("redux-inspect: cannot write \(output): "), "\(run.errorText)")
            #expect(run.outputText.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: output.hasPrefix("/") ? output : scratch.file(output).path))
        }
        #expect(try scratch.names().filter { $0 != "locked" } == ["plain.txt", "shelf.json"], "no page or temporary file left")
        #expect(try fileContents(scratch.file("plain.txt")) == Data("a file".utf8))
    }
}

import Foundation
import Testing

/// Every Swift block of the README and of the DocC articles is compiled by this target (see
/// DocBlocks.swift for the convention); these tests fail, naming the document and the line, on
/// any block that is neither in its mirror file nor marked `<!-- no-compile: reason -->`.
@Suite("Documentation code blocks")
struct DocBlocksCompiledTests {
    /// The package root, found from this file's path (Tests/ReduxTests/Docs/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let mirrorDirectory = "Tests/ReduxTests/Docs/Mirrors"
    /// Where the blocks that use the macros are compiled (the ReduxMacrosTests target).
    static let macroMirrorDirectory = "Tests/ReduxMacrosTests/Mirrors"
    static let catalog = "Sources/Redux/Redux.docc"

    /// README.md and every Markdown file of the DocC catalog, at any depth, as package-relative paths.
    static func documentPaths() throws -> [String] {
        let catalogURL = root.appendingPathComponent(catalog)
        guard let walker = FileManager.default.enumerator(at: catalogURL, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        let articles = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
            .map { catalog + String($0.standardizedFileURL.path.dropFirst(catalogURL.standardizedFileURL.path.count)) }
        return ["README.md"] + articles.sorted()
    }

    static func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Where a `path:line: message` problem points, so the failure is reported at the
    /// document's line rather than at this file's.
    static func location(of problem: String) -> SourceLocation? {
        let parts = problem.split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let line = Int(parts[1]), line > 0 else { return nil }
        let path = String(parts[0])
        let file = (path as NSString).lastPathComponent
        return SourceLocation(fileID: "ReduxTests/\(file)", filePath: root.appendingPathComponent(path).path, line: line, column: 1)
    }

    @Test func everySwiftBlockIsCompiledOrMarked() throws {
        let paths = try Self.documentPaths()
        #expect(paths.count >= 9, "expected README.md and the DocC articles, found \(paths)")
        let documents = paths.map { path in
            let mirror = Self.mirrorDirectory + "/" + DocBlocks.mirrorName(forDocument: path)
            let macroMirror = Self.macroMirrorDirectory + "/" + DocBlocks.mirrorName(forDocument: path)
            return MirroredDocument(path: path, text: Self.read(path) ?? "", mirrorPath: mirror, mirrorText: Self.read(mirror),
                                    macroMirrorPath: macroMirror, macroMirrorText: Self.read(macroMirror))
        }
        for problem in DocBlocks.problems(in: documents) {
            if let location = Self.location(of: problem) {
                Issue.record(Comment(rawValue: problem), sourceLocation: location)
            } else {
                Issue.record(Comment(rawValue: problem))
            }
        }
        let compiled = documents.flatMap { DocBlocks.blocks(in: $0.text, path: $0.path).blocks }
            .filter { $0.language == "swift" && $0.noCompileReason == nil }
        #expect(compiled.count >= 15, "suspiciously few compiled blocks: \(compiled.count)")
    }

    /// A mirror file whose document was renamed or deleted would keep compiling stale code.
    @Test func everyMirrorFileHasItsDocument() throws {
        let paths = try Self.documentPaths()
        let expected = Set(paths.map(DocBlocks.mirrorName(forDocument:)))
        for directory in [Self.mirrorDirectory, Self.macroMirrorDirectory] {
            let present = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(directory).path)
                .filter { $0.hasSuffix(".swift") }
            for file in present where !expected.contains(file) {
                Issue.record("\(directory)/\(file) mirrors no document (expected one of \(expected.sorted()))")
            }
        }
    }

    // MARK: The check itself

    static func problems(_ markdown: String, mirror: String?) -> [String] {
        DocBlocks.problems(in: [MirroredDocument(path: "Doc.md", text: markdown, mirrorPath: "DocBlocks.swift", mirrorText: mirror)])
    }

    @Test func anUnmarkedBlockMissingFromTheMirrorIsReportedWithItsLine() {
        let markdown = "# Title\n\n```swift\nlet a = 1\nlet b = 2\n```\n"
        let problems = Self.problems(markdown, mirror: "let a = 1\nlet c = 3\n")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Doc.md:3: swift block is not compiled") == true)
        #expect(problems.first?.contains("Doc.md:5 `let b = 2`") == true)
    }

    @Test func aBlockMayBeIndentedAsAWholeInTheMirror() {
        let markdown = "```swift\nstruct S {\n    var x = 0\n}\n\nlet s = S()  \n```\n"
        let mirror = "enum Namespace {\n    struct S {\n        var x = 0\n    }\n\n    let s = S()\n}\n"
        #expect(Self.problems(markdown, mirror: mirror).isEmpty)
    }

    @Test func linesMustStayContiguousAndKeepTheirRelativeIndentation() {
        let markdown = "```swift\nfunc f() {\n    g()\n}\n```\n"
        #expect(Self.problems(markdown, mirror: "func f() {\n    h()\n    g()\n}\n").count == 1)
        #expect(Self.problems(markdown, mirror: "func f() {\ng()\n}\n").count == 1)
    }

    @Test func aMarkedBlockIsSkippedButNeedsAReason() {
        let marked = "<!-- no-compile: a Package.swift manifest -->\n```swift\nlet package = Package()\n```\n"
        #expect(Self.problems(marked, mirror: nil).isEmpty)
        let bare = "<!-- no-compile: -->\n```swift\nlet package = Package()\n```\n"
        #expect(Self.problems(bare, mirror: nil) == ["Doc.md:1: a no-compile marker needs a reason: <!-- no-compile: why -->"])
    }

    @Test func aMarkerAwayFromASwiftFenceIsReported() {
        let markdown = "<!-- no-compile: stray -->\n\n```swift\nlet a = 1\n```\n"
        let problems = Self.problems(markdown, mirror: "let a = 1\n")
        #expect(problems == ["Doc.md:1: a no-compile marker must be the line right before a ```swift fence"])
    }

    @Test func otherLanguagesAreIgnoredButAFenceMustNameOne() {
        let markdown = "```sh\nswift test\n```\n\n```\nlet hidden = 1\n```\n"
        #expect(Self.problems(markdown, mirror: nil) == ["Doc.md:5: code block names no language (write ```swift, ```sh, ...)"])
    }

    @Test func aMissingMirrorAndAnUnclosedFenceAreReported() {
        let missing = Self.problems("```swift\nlet a = 1\n```\n", mirror: nil)
        #expect(missing.count == 1 && missing[0].contains("DocBlocks.swift does not exist"))
        #expect(Self.problems("```swift\nlet a = 1\n", mirror: "let a = 1") == ["Doc.md:1: code block is never closed"])
    }

    @Test func aMirrorMayNotHideLinesBehindConditionalCompilation() {
        let problems = Self.problems("```swift\nlet a = 1\n```\n", mirror: "#if false\nlet a = 1\n#endif\n")
        #expect(problems == ["DocBlocks.swift:1: a mirror file compiles every line: no #if"])
    }

    static func problems(_ markdown: String, mirror: String?, macroMirror: String?) -> [String] {
        DocBlocks.problems(in: [MirroredDocument(path: "Doc.md", text: markdown, mirrorPath: "DocBlocks.swift", mirrorText: mirror,
                                                 macroMirrorPath: "MacroDocBlocks.swift", macroMirrorText: macroMirror)])
    }

    @Test func aBlockThatUsesTheMacrosMayLiveInTheMacroMirrorInstead() {
        let markdown = "```swift\nlet a = 1\n```\n\n```swift\n@ReduxAction\nenum E { case a }\n```\n"
        #expect(Self.problems(markdown, mirror: "let a = 1\n", macroMirror: "@ReduxAction\nenum E { case a }\n").isEmpty)
        #expect(Self.problems(markdown, mirror: nil, macroMirror: "let a = 1\n\n@ReduxAction\nenum E { case a }\n").isEmpty)
        let missing = Self.problems(markdown, mirror: "let a = 1\n", macroMirror: "@ReduxAction\nenum E { case b }\n")
        #expect(missing.count == 1 && missing[0].contains("DocBlocks.swift or MacroDocBlocks.swift; its best match there stops at Doc.md:7"))
        let neither = Self.problems(markdown, mirror: nil, macroMirror: nil)
        #expect(neither.count == 2 && neither[0].contains("DocBlocks.swift or MacroDocBlocks.swift does not exist"))
    }

    @Test func aMacroMirrorMayNotHideLinesBehindConditionalCompilationEither() {
        let problems = Self.problems("```swift\nlet a = 1\n```\n", mirror: "let a = 1\n", macroMirror: "#if canImport(ReduxMacros)\n#endif\n")
        #expect(problems == ["MacroDocBlocks.swift:1: a mirror file compiles every line: no #if"])
    }

    @Test func mirrorNamesFollowTheDocumentName() {
        #expect(DocBlocks.mirrorName(forDocument: "README.md") == "ReadmeBlocks.swift")
        #expect(DocBlocks.mirrorName(forDocument: "Sources/Redux/Redux.docc/Dispatch.md") == "DispatchBlocks.swift")
    }
}

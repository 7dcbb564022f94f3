import Foundation
import Redux
import Testing

@Suite("README examples")
@MainActor
struct ReadmeExamplesTests {
    @Test func quickStartRunsAsTheReadmeSays() async throws {
        let store = try await quickStart()
        #expect(store.count == 2)
        #expect(store.isLoggedIn == false)
        let outcome = try await store.dispatchTracked(.login(password: "secret")).outcome
        guard case .reduced = outcome else {
            Issue.record("expected .reduced, got \(outcome)")
            return
        }
        #expect(store.isLoggedIn)
    }

    /// Every Swift block in README.md that follows a `<!-- compiled: FILE -->` marker must appear,
    /// line for line and in order, in FILE: the README cannot drift from code that compiles.
    @Test func readmeCodeBlocksAreCompiledVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var checked = 0
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("<!-- compiled: "), let end = line.range(of: " -->") else {
                index += 1
                continue
            }
            let path = String(line[line.index(line.startIndex, offsetBy: 15)..<end.lowerBound])
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            index += 1
            #expect(lines[index] == "```swift", "a compiled marker must precede a swift block")
            index += 1
            var cursor = 0
            while index < lines.count, lines[index] != "```" {
                let wanted = lines[index].trimmingCharacters(in: .whitespaces)
                if !wanted.isEmpty {
                    guard let found = source[cursor...].firstIndex(of: wanted) else {
                        Issue.record("README line \(index + 1) is not in \(path) (in order): \(wanted)")
                        return
                    }
                    cursor = found + 1
                }
                index += 1
            }
            checked += 1
        }
        #expect(checked >= 1, "README.md has no compiled code block")
    }
}

import Foundation

// The check behind "every Swift code block in the README and in the DocC articles is compiled".
//
// Convention (README.md, "Documentation"):
// - Every ```swift block of README.md and of Sources/Redux/Redux.docc (any depth) appears
//   verbatim in its document's mirror file, Tests/ReduxTests/Docs/Mirrors/<Name>Blocks.swift
//   (README.md → ReadmeBlocks.swift, Dispatch.md → DispatchBlocks.swift): the same lines, in
//   one contiguous run, trailing whitespace ignored, shifted right by any one indentation (so a
//   block may sit inside a namespace type or a function of the mirror). The mirror is part of
//   the test target, so the block compiles; DocExamplesTests runs it where that says something.
// - A block that uses the macros (`import ReduxMacros`) appears instead in the document's macro
//   mirror, Tests/ReduxMacrosTests/Mirrors/<Name>Blocks.swift, compiled by the ReduxMacrosTests
//   target (which exists only when the macros are on); this check reads both files either way.
// - A block that cannot compile here (a Package.swift manifest, Apple-only SwiftUI) carries
//   `<!-- no-compile: reason -->` on the line right before its opening fence. DocC and GitHub
//   render nothing for the comment; the reason is mandatory.
// - Every fence names its language, so Swift cannot hide in an untagged block.

/// One fenced code block of a Markdown document.
struct FencedBlock: Sendable {
    /// 1-based line of the opening fence.
    let line: Int
    /// The first word of the info string, lowercased; empty when the fence names none.
    let language: String
    /// The lines between the fences, as written.
    let lines: [String]
    /// The reason of a `<!-- no-compile: reason -->` marker on the line before the fence.
    let noCompileReason: String?
}

/// A Markdown document to check and the Swift source that mirrors it.
struct MirroredDocument: Sendable {
    /// The document's path as reported in problems (relative to the package root).
    let path: String
    let text: String
    /// The mirror's path as reported in problems.
    let mirrorPath: String
    /// The mirror's text; `nil` when the file does not exist.
    let mirrorText: String?
    /// The macro mirror's path as reported in problems (a block that uses the macros lives there).
    var macroMirrorPath: String? = nil
    /// The macro mirror's text; `nil` when the file does not exist.
    var macroMirrorText: String? = nil
}

enum DocBlocks {
    static let markerPrefix = "<!-- no-compile:"
    static let markerSuffix = "-->"

    /// The mirror file name for a document: README.md → ReadmeBlocks.swift, Foo.md → FooBlocks.swift.
    static func mirrorName(forDocument path: String) -> String {
        let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
        return (stem == "README" ? "Readme" : stem) + "Blocks.swift"
    }

    /// The fenced blocks of `text`, and what is wrong with its fences and markers (each problem
    /// starts with `path:line:`).
    static func blocks(in text: String, path: String) -> (blocks: [FencedBlock], problems: [String]) {
        let lines = text.components(separatedBy: "\n")
        var blocks: [FencedBlock] = []
        var problems: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(markerPrefix) {
                let next = index + 1 < lines.count ? fence(lines[index + 1]) : nil
                if next?.language != "swift" {
                    problems.append("\(path):\(index + 1): a no-compile marker must be the line right before a ```swift fence")
                }
            }
            guard let opening = fence(line) else {
                index += 1
                continue
            }
            var body: [String] = []
            var closing = index + 1
            while closing < lines.count, !isClosing(lines[closing], for: opening) {
                body.append(lines[closing])
                closing += 1
            }
            guard closing < lines.count else {
                problems.append("\(path):\(index + 1): code block is never closed")
                break
            }
            let reason = index > 0 ? markerReason(lines[index - 1]) : nil
            if opening.language.isEmpty {
                problems.append("\(path):\(index + 1): code block names no language (write ```swift, ```sh, ...)")
            }
            if let reason, reason.isEmpty {
                problems.append("\(path):\(index): a no-compile marker needs a reason: <!-- no-compile: why -->")
            }
            blocks.append(FencedBlock(line: index + 1, language: opening.language, lines: body, noCompileReason: reason))
            index = closing + 1
        }
        return (blocks, problems)
    }

    /// Every problem with `documents`: fence and marker mistakes, and each unmarked Swift block
    /// that its mirror does not contain.
    static func problems(in documents: [MirroredDocument]) -> [String] {
        var problems: [String] = []
        for document in documents {
            let (blocks, fenceProblems) = Self.blocks(in: document.text, path: document.path)
            problems += fenceProblems
            // Each existing mirror, with its path: the core one first, then the macro one.
            var mirrors: [(path: String, lines: [String])] = []
            if let text = document.mirrorText { mirrors.append((document.mirrorPath, lines(of: text))) }
            if let path = document.macroMirrorPath, let text = document.macroMirrorText { mirrors.append((path, lines(of: text))) }
            for mirror in mirrors {
                if let line = mirror.lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#if") }) {
                    problems.append("\(mirror.path):\(line + 1): a mirror file compiles every line: no #if")
                }
            }
            let mirrorNames = ([document.mirrorPath] + (document.macroMirrorPath.map { [$0] } ?? [])).joined(separator: " or ")
            for block in blocks where block.language == "swift" && block.noCompileReason == nil {
                var wanted = dedented(block.lines)
                let leading = wanted.prefix { $0.isEmpty }.count
                wanted.removeFirst(leading)
                while wanted.last?.isEmpty == true { wanted.removeLast() }
                let head = "\(document.path):\(block.line): swift block"
                guard !wanted.isEmpty else {
                    problems.append("\(head) is empty")
                    continue
                }
                guard !mirrors.isEmpty else {
                    problems.append("\(head) is not compiled: \(mirrorNames) does not exist (copy the block there, or mark it <!-- no-compile: reason -->)")
                    continue
                }
                let length = mirrors.map { matchedLength(of: wanted, in: $0.lines) }.max() ?? 0
                if length < wanted.count {
                    let docLine = block.line + 1 + leading + length
                    let text = wanted[length].trimmingCharacters(in: .whitespaces)
                    problems.append("\(head) is not compiled: not found verbatim in \(mirrorNames); its best match there stops at \(document.path):\(docLine) `\(text)` (copy the block there, or mark it <!-- no-compile: reason -->)")
                }
            }
        }
        return problems
    }

    // MARK: Matching

    /// `lines` without trailing whitespace and without the indentation they all share.
    static func dedented(_ lines: [String]) -> [String] {
        let trimmed = lines.map(trimTrailing)
        let indent = trimmed.filter { !$0.isEmpty }.map(indentation).min() ?? 0
        return trimmed.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
    }

    /// How many leading lines of `block` appear as one contiguous run of `source`, each line
    /// shifted right by the same indentation: `block.count` means the block is there. The
    /// block's first line must not be blank.
    static func matchedLength(of block: [String], in source: [String]) -> Int {
        guard let first = block.first else { return 0 }
        var best = 0
        for start in source.indices {
            let candidate = trimTrailing(source[start])
            let shift = indentation(candidate) - indentation(first)
            guard shift >= 0, String(candidate.dropFirst(shift)) == first else { continue }
            let prefix = String(repeating: " ", count: shift)
            var length = 0
            while length < block.count, start + length < source.count {
                let wanted = block[length]
                let have = trimTrailing(source[start + length])
                guard wanted.isEmpty ? have.isEmpty : have == prefix + wanted else { break }
                length += 1
            }
            best = max(best, length)
            if best == block.count { break }
        }
        return best
    }

    // MARK: Lines

    static func lines(of text: String) -> [String] { text.components(separatedBy: "\n") }

    private static func trimTrailing(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
        return String(line)
    }

    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// An opening fence: optional indentation, three or more backticks or tildes, an info string.
    private static func fence(_ line: String) -> (character: Character, count: Int, indent: Int, language: String)? {
        let indent = indentation(line)
        let rest = line.dropFirst(indent)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let count = rest.prefix { $0 == character }.count
        guard count >= 3 else { return nil }
        let info = rest.dropFirst(count).trimmingCharacters(in: .whitespaces)
        if character == "`", info.contains("`") { return nil }  // an inline code span, not a fence
        let language = info.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return (character, count, indent, language)
    }

    private static func isClosing(_ line: String, for opening: (character: Character, count: Int, indent: Int, language: String)) -> Bool {
        let rest = line.drop { $0 == " " }
        let count = rest.prefix { $0 == opening.character }.count
        return count >= opening.count && rest.dropFirst(count).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    /// The reason of a `<!-- no-compile: reason -->` line, `""` when it gives none, `nil` when
    /// the line is no marker.
    private static func markerReason(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(markerPrefix), trimmed.hasSuffix(markerSuffix) else { return nil }
        return String(trimmed.dropFirst(markerPrefix.count).dropLast(markerSuffix.count))
            .trimmingCharacters(in: .whitespaces)
    }
}

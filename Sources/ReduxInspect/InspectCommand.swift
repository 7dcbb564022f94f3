import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Redux
import ReduxDevTools

/// One `redux-inspect` run: which recording to read, where to write its page, and its title.
struct InspectCommand {
    /// The recording file, as given.
    var input: String
    /// Where the page goes: a path, or `-` for standard output.
    var output: String
    /// The page's title: the input's file name unless `--title` gives one.
    var title: String

    static let usage = """
        usage: redux-inspect FILE [-o OUT.html] [--title TEXT]

        Renders a recording (Redux DevTools' lifted state, as a store's recorder exports it) to
        one self-contained HTML page: a timeline, the action list with outcomes and times, each
        step's state as a collapsible tree and its changes from the step before, a filter by
        action identity. Open a step directly with the fragment #step=N, and with a filter too
        with #step=N&filter=TEXT.

          -o, --output OUT.html   where to write the page (default: FILE with the extension
                                  .html; - for standard output)
          --title TEXT            the page's title (default: FILE's name)
          -h, --help              this text

        Exit status: 0 when the page is written; 64 for bad arguments (an output that is FILE
        itself included); 65 when FILE is not a recording (nothing is written); 66 when FILE
        cannot be read; 73 when the page cannot be written.
        """

    /// Reads the arguments (without the program's name); nil for `--help`.
    ///
    /// - Throws: ``InspectFailure/usage(reason:)`` naming the argument that is wrong.
    static func parse(_ arguments: [String]) throws(InspectFailure) -> InspectCommand? {
        var input: String?, output: String?, title: String?
        var remaining = arguments[...]
        func value(for option: String) throws(InspectFailure) -> String {
            guard let value = remaining.popFirst() else {
                throw .usage(reason: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "-o", "--output":
                guard output == nil else { throw .usage(reason: "\(argument) given twice") }
                output = try value(for: argument)
                if output == "" { throw .usage(reason: "\(argument) needs a non-empty path") }
            case "--title":
                guard title == nil else { throw .usage(reason: "--title given twice") }
                title = try value(for: argument)
            case "--":
                guard let file = remaining.popFirst(), input == nil, remaining.isEmpty else {
                    throw .usage(reason: "expected one FILE")
                }
                input = file
            default:
                if argument.hasPrefix("-"), argument != "-", argument.count > 1 {
                    throw .usage(reason: "unknown option \(argument)")
                }
                guard input == nil else { throw .usage(reason: "more than one FILE: \(input!) and \(argument)") }
                input = argument
            }
        }
        guard let input, !input.isEmpty else { throw .usage(reason: "no FILE given") }
        let name = URL(fileURLWithPath: input).lastPathComponent
        return InspectCommand(
            input: input,
            output: output ?? Self.defaultOutput(for: input),
            title: title ?? name
        )
    }

    /// The input's path with its extension replaced by `.html` (`session.json` →
    /// `session.html`), or `.html` appended when it has none or is already `.html`.
    static func defaultOutput(for input: String) -> String {
        let url = URL(fileURLWithPath: input)
        let ext = url.pathExtension
        guard !ext.isEmpty, ext.lowercased() != "html" else { return input + ".html" }
        return String(input.dropLast(ext.count)) + "html"
    }

    /// Reads the recording, renders its page and writes it; returns the page's size in bytes,
    /// the entries it holds, and whether it went to a file (not a device, a FIFO or standard
    /// output). Nothing is written unless every step before succeeded; a regular file is
    /// replaced in one step (see `PageWriter`), so a failure leaves an earlier page untouched.
    func run() throws(InspectFailure) -> (bytes: Int, entries: Int, toFile: Bool) {
        let contents = try readInput()
        let recording: Recording
        do {
            recording = try Recording(importing: contents)
        } catch {
            throw .notARecording(path: input, error)
        }
        let target = try PageWriter.target(output)
        if case .file(let path) = target, PageWriter.sameFile(path, input) {
            throw .usage(reason: "the output \(output) is the recording itself: give another path with -o")
        }
        let page = InspectorPage(recording: recording, title: title).data()
        try PageWriter.writePage(page, to: target, output: output)
        return (page.count, recording.steps.count, toFile: target.isFile)
    }

    private func readInput() throws(InspectFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw .unreadable(path: input, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: input, reason: "is a directory") }
        // open/read rather than Data(contentsOf:), which on this toolchain's Foundation leaks its
        // buffer when the file is empty (an empty file is bad input, exit 65, not a crash under
        // LeakSanitizer).
        let descriptor = open(input, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadable(path: input, reason: PageWriter.systemReason())
        }
        defer { close(descriptor) }
        var contents = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: input, reason: PageWriter.systemReason())
            }
            if count == 0 { return contents }
            contents.append(contentsOf: buffer[0..<count])
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Headless Chromium as P14-inspect-browser runs it: one process per page load, which loads a
/// file, runs its script and prints the resulting DOM (`--dump-dom`), then exits.
///
/// Run as CI runs it (as root, hence `--no-sandbox`): `<browser> --no-sandbox --headless
/// --disable-gpu --dump-dom <url>`. The DOM goes to a file rather than a pipe (a 10,000-row
/// page dumps megabytes, and a file needs no reader running beside the wait); standard error,
/// where Chromium logs its complaints about the missing D-Bus, to another.
struct HeadlessBrowser {
    /// The executables looked for on `PATH`, in order.
    static let names = ["chromium-headless-shell", "chromium"]

    /// The browser's executable.
    let path: String
    /// How long one load may take before the process is killed and the case fails.
    let timeoutSeconds: Int

    /// The executable's file name, for the report.
    var name: String { URL(fileURLWithPath: path).lastPathComponent }

    /// The first of ``names`` found in a directory of `PATH`, or `nil`.
    static func find(timeoutSeconds: Int = 60) -> HeadlessBrowser? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for directory in directories where !directory.isEmpty {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) {
                    return HeadlessBrowser(path: candidate, timeoutSeconds: timeoutSeconds)
                }
            }
        }
        return nil
    }

    /// One load: the DOM printed and the wall time from launch to exit.
    struct Load {
        let dom: String
        let seconds: Double
    }

    /// Loads `url` (a `file://` address, with its fragment) and returns the dumped DOM and the
    /// time the process took. `scratch` is a directory for the output files. Throws when the
    /// process cannot start, exits other than 0, or outlives ``timeoutSeconds`` (then its
    /// process group is killed: SIGTERM, and SIGKILL 5 s later).
    func dumpDOM(_ url: String, scratch: URL) throws -> Load {
        let domFile = scratch.appendingPathComponent("dom.html")
        let errorFile = scratch.appendingPathComponent("stderr.txt")
        for file in [domFile, errorFile] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw BenchFailure(description: "P14-inspect-browser: cannot create \(file.path)")
            }
        }
        let domHandle = try FileHandle(forWritingTo: domFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer {
            try? domHandle.close()
            try? errorHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--no-sandbox", "--headless", "--disable-gpu", "--dump-dom", url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = domHandle
        process.standardError = errorHandle
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }

        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let finished = exited.wait(timeout: .now() + .seconds(timeoutSeconds)) == .success
        let elapsed = start.duration(to: clock.now)
        guard finished else {
            // Foundation starts the child as the leader of a process group of its own: signal the
            // group, which reaches the real browser behind Debian's wrapper script (a shell that
            // runs it as a child) and its helper processes. Where the child leads no group of its
            // own, no group has its id: the process alone is signalled.
            let group = process.processIdentifier
            if kill(-group, SIGTERM) != 0 { process.terminate() }
            _ = exited.wait(timeout: .now() + .seconds(5))
            kill(-group, SIGKILL)
            throw BenchFailure(description: "P14-inspect-browser: \(name) did not finish loading \(url) within \(timeoutSeconds) s and was killed\(Self.tail(of: errorFile))")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            throw BenchFailure(description: "P14-inspect-browser: \(name) \(how) loading \(url)\(Self.tail(of: errorFile))")
        }
        let dom = String(decoding: try Data(contentsOf: domFile), as: UTF8.self)
        return Load(dom: dom, seconds: elapsed.nanoseconds / 1e9)
    }

    /// The last lines of the browser's standard error, for a failure's message.
    private static func tail(of file: URL) -> String {
        guard let data = try? Data(contentsOf: file), !data.isEmpty else { return "" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(8)
        return "; its standard error ends:\n" + lines.joined(separator: "\n")
    }

    /// The start tag (`<element …>`) of the first `element` whose `id` is `id` in `dom`, or `nil`.
    static func startTag(_ element: String, id: String, in dom: String) -> Substring? {
        let attribute = " id=\"\(id)\""
        for opening in dom.ranges(of: "<\(element) ") {
            guard let end = dom[opening.upperBound...].firstIndex(of: ">") else { return nil }
            let tag = dom[opening.lowerBound...end]
            if tag.contains(attribute) { return tag }
        }
        return nil
    }
}

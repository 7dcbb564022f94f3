import Foundation
import Testing

/// Headless Chromium, for the tests that load a page in a real browser: the DOM after the page's
/// script ran (`--dump-dom`) and a screenshot (`--screenshot`).
///
/// The browser is looked up on `PATH`: `chromium-headless-shell` (Debian's smaller package), then
/// `chromium`. It runs as root in CI, hence `--no-sandbox`; each run gets its own profile
/// directory, so runs side by side never share one. Without a browser a test that needs one is
/// skipped with a printed reason, except when `REDUX_REQUIRE_BROWSER=1` (as `.ci/run` sets): then
/// a missing browser is a failure, so CI cannot pass without running these tests.
struct HeadlessBrowser: Sendable {
    /// The browser's executable.
    let executable: URL

    /// How long one load may take before it counts as a hang: far beyond the second or two a
    /// load takes here, so a slow or loaded machine is not a failure.
    static let timeout: Duration = .seconds(120)

    /// The names looked up on `PATH`, in order.
    static let names = ["chromium-headless-shell", "chromium"]

    /// Whether the environment demands the browser tests run (`REDUX_REQUIRE_BROWSER=1`).
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["REDUX_REQUIRE_BROWSER"] == "1"
    }

    /// The first of ``names`` found as an executable on `PATH`, or nil.
    static func find() -> HeadlessBrowser? {
        for name in names {
            if let url = executableOnPath(named: name) { return HeadlessBrowser(executable: url) }
        }
        return nil
    }

    /// The browser for a test, or nil when there is none: the test is then skipped with the reason
    /// printed, or fails when ``isRequired``. Use as `guard let browser = HeadlessBrowser.forTest() else { return }`.
    static func forTest(_ test: String = #function, sourceLocation: SourceLocation = #_sourceLocation) -> HeadlessBrowser? {
        if let browser = find() { return browser }
        let reason = "no headless browser (\(names.joined(separator: " or "))) on PATH"
        if isRequired {
            Issue.record("REDUX_REQUIRE_BROWSER=1 but \(reason)", sourceLocation: sourceLocation)
        } else {
            print("Skipped \(test): \(reason); install chromium-headless-shell, or set REDUX_REQUIRE_BROWSER=1 to make this a failure")
        }
        return nil
    }

    /// The flags every run gets, `--no-sandbox --headless --disable-gpu` among them.
    private func flags(profile: URL) -> [String] {
        [
            "--no-sandbox", "--headless", "--disable-gpu",
            "--user-data-dir=\(profile.path)", "--no-first-run", "--disable-dev-shm-usage",
        ]
    }

    /// Loads `address` (a `file://` URL with its fragment) and returns the document as serialized
    /// after its load event: what the page's script left in the DOM.
    func dumpDOM(_ address: String) async throws -> String {
        let scratch = try BrowserScratch()
        let run = try await runChildProcess(executable, flags(profile: scratch.profile) + ["--dump-dom", address], timeout: Self.timeout)
        try Self.check(run, "--dump-dom \(address)")
        return run.outputText
    }

    /// Loads `address` in a `width`×`height` window and writes a PNG screenshot of it to `file`.
    func screenshot(_ address: String, to file: URL, width: Int = 800, height: Int = 600) async throws {
        let scratch = try BrowserScratch()
        try? FileManager.default.removeItem(at: file)
        let arguments = flags(profile: scratch.profile) + [
            "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(file.path)", address,
        ]
        let run = try await runChildProcess(executable, arguments, timeout: Self.timeout)
        try Self.check(run, "--screenshot \(address)")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw BrowserFailure(description: "\(executable.lastPathComponent) --screenshot wrote no file at \(file.path); stderr:\n\(run.errorText.suffix(2_000))")
        }
    }

    private static func check(_ run: ChildProcessRun, _ what: String) throws {
        guard run.status == 0 else {
            throw BrowserFailure(description: "browser \(what) exited \(run.status); stderr:\n\(run.errorText.suffix(2_000))")
        }
    }

    /// The `file://` address of `file`, with `fragment` (without its `#`) when given.
    static func address(of file: URL, fragment: String? = nil) -> String {
        let base = URL(fileURLWithPath: file.path).absoluteString
        return fragment.map { "\(base)#\($0)" } ?? base
    }
}

/// A browser run that did not do its job.
struct BrowserFailure: Error, CustomStringConvertible {
    var description: String
}

/// The executable `name` in one of `PATH`'s directories, or nil.
func executableOnPath(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") where !directory.isEmpty {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}

/// A browser profile directory for one run, removed afterwards.
private final class BrowserScratch {
    let profile: URL

    init() throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("redux-browser-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: profile)
    }
}

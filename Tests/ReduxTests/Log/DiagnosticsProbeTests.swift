import Foundation
import Testing

/// Issue 5, section 4, once against the real standard error: redirecting it inside a parallel
/// test run would race other tests, so a child process (the `DiagnosticsProbe` executable, built
/// next to the test bundle because the test target depends on it) makes a middleware throw with
/// no resolver and no log handler, and this test reads what it wrote. Old core: nothing was
/// written.
@Suite("Diagnostics reach the real standard error", .timeLimit(.minutes(1)))
struct DiagnosticsProbeTests {
    /// The probe's path: next to the test binary (`CommandLine.arguments[0]`), else in
    /// `Bundle.main`'s directory; the same build directory under any `--scratch-path`.
    private func probeURL() -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("DiagnosticsProbe") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test func unhandledFailureWritesOneLineToTheRealStandardError() throws {
        let probe = try #require(probeURL(), "DiagnosticsProbe not found next to \(CommandLine.arguments[0])")
        let process = Process()
        process.executableURL = probe
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let written = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n")
        #expect(process.terminationStatus == 0)
        #if DEBUG
        let expected = 1
        #else
        let expected = 0  // release builds never print
        #endif
        let diagnostics = lines.filter { $0.hasPrefix("swift-redux:") }
        #expect(diagnostics.count == expected, "\(lines)")
        #expect(diagnostics.allSatisfy { $0.contains("action save") && $0.contains("diskFull") && $0.contains("main.swift:") })
    }
}

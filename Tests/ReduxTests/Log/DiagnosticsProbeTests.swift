import Foundation
import Testing

/// Issue 5, section 4, once against the real standard error: redirecting it inside a parallel
/// test run would race other tests, so a child process (the `DiagnosticsProbe` executable, built
/// next to the test bundle because the test target depends on it) makes a middleware throw with
/// no resolver and no log handler, and this test reads what it wrote. Old core: nothing was
/// written.
@Suite("Diagnostics reach the real standard error", .timeLimit(.minutes(5)))
struct DiagnosticsProbeTests {
    @Test func unhandledFailureWritesOneLineToTheRealStandardError() async throws {
        let run = try await runDiagnosticsProbe()
        #expect(run.status == 0)
        #if DEBUG
        let expected = 1
        #else
        let expected = 0  // release builds never print
        #endif
        let diagnostics = run.standardError.filter { $0.hasPrefix("swift-redux:") }
        #expect(diagnostics.count == expected, "\(run.standardError)")
        #expect(diagnostics.allSatisfy { $0.contains("action save") && $0.contains("diskFull") && $0.contains("main.swift:") })
    }

    /// An action for a `nil` child, skipped by a lifted reducer and a lifted middleware, writes
    /// one line; a dispatch after `invalidate()` writes one.
    @Test func anAbsentChildAndARefusedDispatchWriteOneLineEachToTheRealStandardError() async throws {
        let run = try await runDiagnosticsProbe(["absent-child"])
        #expect(run.status == 0)
        let diagnostics = run.standardError.filter { $0.hasPrefix("swift-redux:") }
        #if DEBUG
        #expect(diagnostics.count == 2, "\(run.standardError)")
        #expect(diagnostics.first?.contains("action child.tap reached an absent child and was skipped: child is nil (middleware watches#0; dispatched at DiagnosticsProbe/main.swift:") == true, "\(diagnostics)")
        #expect(diagnostics.last?.contains("action late was refused: the store is invalidated (dispatched at DiagnosticsProbe/main.swift:") == true, "\(diagnostics)")
        #else
        #expect(diagnostics.isEmpty, "\(run.standardError)")  // release builds never print
        #endif
    }
}

/// What one run of the probe wrote and how it ended.
struct ProbeRun: Sendable {
    var status: Int32
    var standardOutput: [String]
    var standardError: [String]
}

/// Runs `DiagnosticsProbe` with `arguments` (and `environment` added to this process's) and
/// returns its status and output lines. The probe is looked for next to the test binary
/// (`CommandLine.arguments[0]`), else in `Bundle.main`'s directory: the same build directory
/// under any `--scratch-path`. The blocking waits run on a Foundation thread, so no Swift
/// concurrency thread is held while the child works.
func runDiagnosticsProbe(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> ProbeRun {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL,
        Bundle.main.bundleURL.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent("DiagnosticsProbe") }
    let probe = try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "DiagnosticsProbe not found next to \(CommandLine.arguments[0])"
    )
    return try await withCheckedThrowingContinuation { continuation in
        startThread {
            do {
                let process = Process()
                process.executableURL = probe
                process.arguments = arguments
                if !environment.isEmpty {
                    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
                }
                let output = Pipe(), errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                try process.run()
                let written = errors.fileHandleForReading.readDataToEndOfFile()  // small: no pipe can fill up
                let printed = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let lines = { (data: Data) in String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
                continuation.resume(returning: ProbeRun(status: process.terminationStatus, standardOutput: lines(printed), standardError: lines(written)))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

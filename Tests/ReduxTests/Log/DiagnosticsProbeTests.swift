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

/// Runs `DiagnosticsProbe` with `arguments` (and `environment` added to this process's); see
/// `runProbe(named:_:environment:removing:standardInput:)`.
func runDiagnosticsProbe(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> ProbeRun {
    try await runProbe(named: "DiagnosticsProbe", arguments, environment: environment)
}

import Testing

/// Issue 6, section 2: an effect returned together with `.defaultNext` ("not my action") is a
/// programming error: a debug build stops at an assertion; a release build drops the effect.
///
/// The assertion kills the process, so it runs in the `DiagnosticsProbe` child process (mode
/// `effect-default-next`: reducer "declines" returns `Reduction(.defaultNext, .send("sent"))` for
/// one dispatch, then reducer "records" records what it sees), with the runtime's backtracer off
/// so the child dies at once.
@Suite("Effect with .defaultNext", .timeLimit(.minutes(5)))
struct EffectDefaultNextAssertionTests {
    @Test func effectReturnedWithDefaultNextIsADebugAssertionAndIsDropped() async throws {
        let run = try await runDiagnosticsProbe(["effect-default-next"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #if DEBUG
        #expect(run.status != 0, "the child stopped at the assertion")
        #expect(run.standardOutput.isEmpty, "it never got past the dispatch: \(run.standardOutput)")
        #expect(
            run.standardError.contains { $0.contains("Reducer declines#0 returned an effect with .defaultNext; the effect is dropped.") },
            "\(run.standardError)"
        )
        #else
        #expect(run.status == 0)
        #expect(run.standardOutput == ["reduced start"], "the effect was dropped: \"sent\" never arrived")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        #endif
    }
}

import Redux
import Testing

/// `DispatchOutcome` and `Recovery` are `Equatable` when `Action` is: a test compares an outcome
/// with `==`; two failures are equal when their errors have the same dynamic type and the same
/// `String(describing:)` text.
@Suite("Outcome equality")
@MainActor
struct DispatchOutcomeEquatableTests {
    /// Two error types that print the same text.
    private struct Refusal: Error, CustomStringConvertible { var description: String { "no" } }
    private struct OtherRefusal: Error, CustomStringConvertible { var description: String { "no" } }

    @Test func ticketOutcomeComparesWithEquals() async throws {
        let diagnostics = DiagnosticLines()
        let store = makePipeStore(middlewares: [pipeRouterMiddleware()], diagnostics: diagnostics)
        #expect(try await store.dispatchTracked(.increment).outcome == .reduced)
        #expect(try await store.dispatchTracked(.tag("done")).outcome == .consumed)
        #expect(try await store.dispatchTracked(.ignored).outcome == .unhandled)
        #expect(try await store.dispatchTracked(.tag("throw")).outcome == .failed(PipeError.boom))
        #expect(try await store.dispatchTracked(.tag("throw")).outcome != .failed(PipeError.other))
        // The two throws fail with no resolver handling them, each reported once (captured).
        diagnostics.expect([
            "action tag(throw) failed with no resolver handling it: boom",
            "action tag(throw) failed with no resolver handling it: boom",
        ])
    }

    @Test func recoveredOutcomesCompareTheirRecoveryAndReducedFlag() async throws {
        let store = makePipeStore(
            middlewares: [pipeRouterMiddleware()],
            resolvers: [Resolver(id: "recovers") { _ in .exit(.reduceAs(.add(5))) }]
        )
        let outcome = try await store.dispatchTracked(.tag("throw")).outcome
        #expect(outcome == .recovered(.reduceAs(.add(5)), reduced: true))
        #expect(outcome != .recovered(.reduceAs(.add(5)), reduced: false))
        #expect(outcome != .recovered(.reduceAs(.add(6)), reduced: true))
        #expect(outcome != .recovered(.reduce, reduced: true))
        #expect(Recovery<PipeAction>.done == .done)
        #expect(Recovery<PipeAction>.reduce != .done)
    }

    @Test func failuresAreEqualWhenErrorTypeAndDescriptionMatch() {
        #expect(DispatchOutcome<PipeAction>.failed(Refusal()) == .failed(Refusal()))
        #expect(DispatchOutcome<PipeAction>.failed(PipeError.boom) == .failed(PipeError.boom))
    }

    @Test func failuresDifferWhenErrorTypesDifferEvenWithTheSameDescription() {
        #expect("\(Refusal())" == "\(OtherRefusal())")
        #expect(DispatchOutcome<PipeAction>.failed(Refusal()) != .failed(OtherRefusal()))
    }

    @Test func failuresDifferWhenDescriptionsDiffer() {
        #expect(DispatchOutcome<PipeAction>.failed(PipeError.boom) != .failed(PipeError.other))
    }

    @Test func refusedOutcomesCompareTheirReason() {
        #expect(DispatchOutcome<PipeAction>.refused(.invalidated) == .refused(.invalidated))
        #expect(DispatchOutcome<PipeAction>.refused(.invalidated) != .refused(.storeReleased))
        #expect(DispatchOutcome<PipeAction>.refused(.invalidated) != .cancelled)
        #expect("\(DispatchOutcome<PipeAction>.refused(.storeReleased))" == "refused(storeReleased)")
    }

    @Test func differentCasesAreNeverEqual() {
        let outcomes: [DispatchOutcome<PipeAction>] = [
            .reduced, .consumed, .recovered(.done, reduced: false), .failed(PipeError.boom), .unhandled,
            .cancelled, .refused(.invalidated),
        ]
        for (index, outcome) in outcomes.enumerated() {
            for (otherIndex, other) in outcomes.enumerated() {
                #expect((outcome == other) == (index == otherIndex), "\(outcome) vs \(other)")
            }
        }
    }

    /// The hidden case exists so that a `switch` needs `default:`; this one compiles only with it.
    @Test func aSwitchOverAnOutcomeNeedsADefaultBranch() {
        func summary(_ outcome: DispatchOutcome<PipeAction>) -> String {
            switch outcome {
            case .reduced: "reduced"
            case .failed: "failed"
            default: "other"
            }
        }
        #expect(summary(.reduced) == "reduced")
        #expect(summary(.refused(.invalidated)) == "other")
    }
}

import Foundation
@testable import Redux
import Testing

/// Issue 5, section 1: a main-actor observer or middleware that re-dispatches on every change
/// never lets its call return; a debug build warns once, through the diagnostics sink, after a
/// single call has processed 100,000 re-entrant actions. (`@testable`: the sink is internal.)
@Suite("Runaway call warning", .timeLimit(.minutes(2)))
@MainActor
struct RunawayCallWarningTests {
    /// A store whose middleware re-dispatches `.increment` while `count < reentrant`: one
    /// `dispatch(.increment)` processes `reentrant` re-entrant actions after its own.
    private func loopingStore(reentrant: Int, sink: DiagnosticSink) -> CounterStore {
        var options = StoreOptions()
        options.diagnosticSink = sink
        return Store(
            initialState: CounterState(),
            reducers: [Reducer(id: "counts") { state, _ in
                state.count += 1
                return .next
            }],
            middlewares: [Middleware(id: "loops") { context in
                if context.count < reentrant { context.dispatch(.increment) }
                return .next
            }],
            options: options
        )
    }

    /// One warning once a call has processed 100,000 re-entrant actions, however many more it
    /// processes; none below. Old core: no diagnostics at all (the rule is new).
    @Test(arguments: zip([99_999, 100_000, 100_001, 150_000], [0, 1, 1, 1]))
    func runawayCallWarnsOnceAfterOneHundredThousandReentrantActions(reentrant: Int, warnings: Int) {
        let lines = SharedList<String>()
        let store = loopingStore(reentrant: reentrant, sink: DiagnosticSink { lines.append($0) })
        store.dispatch(.increment)
        #expect(store.count == reentrant + 1, "the loop ran to its end in the one call")
        #expect(lines.values.count == warnings, "\(lines.values)")
        #expect(lines.values.allSatisfy { $0.hasPrefix("swift-redux: warning:") && $0.contains("100000") })
    }
}

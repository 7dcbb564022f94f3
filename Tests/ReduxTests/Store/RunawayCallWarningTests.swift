import Foundation
@testable import Redux
import Testing

/// Issue 5, section 1: a main-actor observer or middleware that re-dispatches on every change
/// never lets its call return; a debug build warns once, through the diagnostics sink, after a
/// single call has processed 100,000 re-entrant actions. (`@testable`: the sink is internal.)
///
/// Cost: the long call holds the main actor for one call of 100,001 re-entrant actions (about
/// 0.7 s in a debug build), once; the boundary is read from inside that call rather than from
/// several calls, so other suites' main-actor work is held up once only.
@Suite("Runaway call warning", .timeLimit(.minutes(1)))
@MainActor
struct RunawayCallWarningTests {
    /// A store whose middleware re-dispatches `.increment` while `count < reentrant`: one
    /// `dispatch(.increment)` processes `reentrant` re-entrant actions after its own. The
    /// middleware of the `k`-th re-entrant action sees `count == k`, so it reads how many
    /// warnings were written once `k - 1` re-entrant actions were processed; `watch` receives
    /// `(k, warnings so far)` for every `k` in `watched`.
    private func loopingStore(
        reentrant: Int,
        lines: SharedList<String>,
        watched: Set<Int> = [],
        watch: SharedList<[Int]>? = nil
    ) -> CounterStore {
        var options = StoreOptions()
        options.diagnosticSink = DiagnosticSink { lines.append($0) }
        return Store(
            initialState: CounterState(),
            reducers: [Reducer(id: "counts") { state, _ in
                state.count += 1
                return .next
            }],
            middlewares: [Middleware(id: "loops") { context in
                let count = context.count
                if watched.contains(count) { watch?.append([count, lines.values.count]) }
                if count < reentrant { context.dispatch(.increment) }
                return .next
            }],
            options: options
        )
    }

    /// Nothing is written while fewer than 100,000 re-entrant actions have been processed, one
    /// warning once the 100,000th has, and no second one after. Current core: fails — on the
    /// fast path (the call's own action ran without the pipeline queue) the first re-entrant
    /// action is counted as the call's own, so the warning comes one action late, after the
    /// 100,001st (the read at k = 100,001 sees 0). Old core: no diagnostics at all (new rule).
    @Test func runawayCallWarnsOnceAfterOneHundredThousandReentrantActions() {
        let lines = SharedList<String>()
        let watch = SharedList<[Int]>()
        let store = loopingStore(reentrant: 100_002, lines: lines, watched: [100_000, 100_001, 100_002], watch: watch)
        store.dispatch(.increment)
        #expect(store.count == 100_003, "the loop ran to its end in the one call")
        #expect(watch.values == [[100_000, 0], [100_001, 1], [100_002, 1]],
                "[k, warnings written when re-entrant action k began]: none after 99,999, one after 100,000")
        #expect(lines.values.count == 1, "exactly one warning: \(lines.values)")
        #expect(lines.values.allSatisfy { $0.hasPrefix("swift-redux: warning:") && $0.contains("100000") })
    }

    /// A call of fewer re-entrant actions writes nothing, up to its end.
    @Test func callOfFewerReentrantActionsWritesNoWarning() {
        let lines = SharedList<String>()
        let store = loopingStore(reentrant: 10_000, lines: lines)
        store.dispatch(.increment)
        #expect(store.count == 10_001)
        #expect(lines.values.isEmpty, "\(lines.values)")
    }
}

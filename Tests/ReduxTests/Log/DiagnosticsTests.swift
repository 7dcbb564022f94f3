import Foundation
@testable import Redux
import Testing

/// Issue 5, section 4: failures are loud by default in debug builds. With no log handler, an
/// action that fails with no resolver handling it, and an effect error nobody resolved, each
/// write one line (action, error, origin, call site) through the diagnostics sink; a log
/// handler, `printsDiagnostics: false` or a resolver that handles the error silence it.
/// (`@testable`: the sink is internal; tests replace it to capture the lines.) Old core: no
/// diagnostics at all, the failure was silent (the rule is new).
@Suite("Loud failures in debug builds", .timeLimit(.minutes(5)))
@MainActor
struct DiagnosticsTests {
    enum LoudFailure: Error {
        case diskFull
    }

    /// `thrower` (position 0) throws `diskFull` for `.mark("save")`; `fx` (position 1) starts a
    /// `.task` that throws `diskFull` for `.mark("load")`; with `suspends`, `suspends` (position 2)
    /// keeps `.mark("load")` in `.deferred` until `gate` opens, so its task error is parked first.
    private func failingStore(
        _ lines: SharedList<String>,
        resolvers: [Resolver<CounterState, CounterAction>] = [],
        printsDiagnostics: Bool = true,
        recorder: LogRecorder<CounterAction>? = nil,
        suspendsUntil gate: Gate? = nil
    ) -> CounterStore {
        var options = StoreOptions(printsDiagnostics: printsDiagnostics)
        options.diagnosticSink = DiagnosticSink { lines.append($0) }
        var middlewares: [Middleware<CounterState, CounterAction>] = [
            Middleware(id: "thrower") { context in
                if context.action == .mark("save") { throw LoudFailure.diskFull }
                return .next
            },
            Middleware(id: "fx") { context in
                context.action == .mark("load") ? .task { _ in throw LoudFailure.diskFull } : .next
            },
        ]
        if let gate {
            middlewares.append(deferringMiddleware("load", until: gate))
        }
        return Store(
            initialState: CounterState(),
            reducers: [counterReducer()],
            middlewares: middlewares,
            resolvers: resolvers,
            options: options,
            onLog: recorder?.handler
        )
    }

    // MARK: - Rule: an unhandled middleware failure writes one line

    /// Dispatched on the main actor or from a thread, with no resolver or one that declines:
    /// exactly one line naming the action, the error, the origin and the dispatch's file:line.
    @Test(arguments: ["main actor", "thread", "declining resolver"])
    func unhandledMiddlewareFailureWritesOneLineNamingActionErrorOriginAndCallSite(variant: String) async throws {
        let lines = SharedList<String>()
        let declines = Resolver<CounterState, CounterAction>(id: "declines") { _ in .defaultNext }
        let store = failingStore(lines, resolvers: variant == "declining resolver" ? [declines] : [])
        var line: UInt = 0
        if variant == "thread" {
            let sent = SharedValue<UInt>(0)
            #expect(runOnThreadAndWait { store.dispatch(.mark("save")); sent.value = #line })
            try await store.settled(timeout: patience)
            line = sent.value
        } else {
            store.dispatch(.mark("save")); line = #line
        }
        #expect(store.record.isEmpty, "the action failed")
        #expect(lines.values.count == 1, "\(lines.values)")
        let text = lines.values.first ?? ""
        #expect(text.hasPrefix("swift-redux: "))
        #expect(text.contains("action save"), "the action: \(text)")
        #expect(text.contains("diskFull"), "the error: \(text)")
        #expect(text.contains("origin: middleware thrower#0"), "the origin: \(text)")
        #expect(text.contains("\(#fileID):\(line)"), "the call site: \(text)")
    }

    /// A log handler sees the failure in the log; `printsDiagnostics: false` turns the line off;
    /// a resolver that recovers handled the error. Each time: the action did fail (or was
    /// recovered), and nothing is written.
    @Test(arguments: ["log handler", "printsDiagnostics false", "recovering resolver"])
    func handledOrSilencedMiddlewareFailureWritesNothing(variant: String) {
        let lines = SharedList<String>()
        let recovers = Resolver<CounterState, CounterAction>(id: "recovers") { _ in .exit(.done) }
        let store = failingStore(
            lines,
            resolvers: variant == "recovering resolver" ? [recovers] : [],
            printsDiagnostics: variant != "printsDiagnostics false",
            recorder: variant == "log handler" ? LogRecorder<CounterAction>() : nil
        )
        let ticket = store.dispatchTracked(.mark("save"))
        let expected = variant == "recovering resolver" ? "recovered(done, reduced: false)" : "failed(diskFull)"
        #expect(ticket.outcomeIfFinished?.description == expected, "the error was raised")
        #expect(lines.values.isEmpty, "\(lines.values)")
    }

    // MARK: - Rule: an effect error nobody resolved writes one line

    /// A `.task` error nobody resolves — thrown after its action ended, or parked on the
    /// suspended action first — writes exactly one line naming the action, the error, the origin
    /// and the call site of the dispatch that started the task.
    @Test(arguments: ["after the terminal", "parked on a suspended action"])
    func unresolvedTaskErrorWritesOneLineNamingActionErrorOriginAndCallSite(variant: String) async throws {
        let lines = SharedList<String>()
        let gate = Gate()
        defer { gate.open() }
        let store = failingStore(lines, suspendsUntil: variant == "parked on a suspended action" ? gate : nil)
        store.dispatch(.mark("load")); let line: UInt = #line
        if variant == "parked on a suspended action" {
            #expect(blockUntil { store.queueHighWaterMark >= 1 }, "the error waits in the inbox")
            store.dispatch(.mark("parks it"))  // takes the inbox backlog: the error is parked
            #expect(lines.values.isEmpty, "parked, not resolved yet")
            gate.open()
        }
        try await store.settled(timeout: patience)
        #expect(store.record.contains(.mark("load")), "the action itself was reduced")
        #expect(lines.values.count == 1, "\(lines.values)")
        let text = lines.values.first ?? ""
        #expect(text.hasPrefix("swift-redux: "))
        #expect(text.contains("action load"), "the action: \(text)")
        #expect(text.contains("diskFull"), "the error: \(text)")
        #expect(text.contains("origin: effect of middleware fx#1"), "the origin: \(text)")
        #expect(text.contains("\(#fileID):\(line)"), "the call site of the action that started the task: \(text)")
    }

    /// A resolver that handles the task error, or a log handler: nothing is written.
    @Test(arguments: ["resolver handles it", "log handler"])
    func resolvedOrLoggedTaskErrorWritesNothing(variant: String) async throws {
        let lines = SharedList<String>()
        let resolved = SharedValue(false)
        let handles = Resolver<CounterState, CounterAction>(id: "handles effect errors") { context in
            guard case .effect = context.origin else { return .defaultNext }
            resolved.value = true
            return .exit(.done)
        }
        let recorder = LogRecorder<CounterAction>()
        let store = failingStore(
            lines,
            resolvers: variant == "resolver handles it" ? [handles] : [],
            recorder: variant == "log handler" ? recorder : nil
        )
        store.dispatch(.mark("load"))
        try await store.settled(timeout: patience)
        if variant == "resolver handles it" {
            #expect(resolved.value, "the error reached the resolver")
        } else {
            #expect(recorder.labels.contains { $0.hasPrefix("load: effect failed") }, "the error is in the log")
        }
        #expect(lines.values.isEmpty, "\(lines.values)")
    }
}

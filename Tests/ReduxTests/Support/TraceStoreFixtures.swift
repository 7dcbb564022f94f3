import Foundation
@testable import Redux
import Testing

// Support for the edge-case tests of the store's core: String actions, a state that records, a log recorder.

struct TraceState: Sendable {
    var count = 0
    var seen: [String] = []
}

typealias TraceStore = Store<TraceState, String>

struct TraceError: Error, CustomStringConvertible {
    let name: String
    var description: String { "TraceError(\(name))" }
}

/// An error with a class payload, so a weak reference can show it freed.
final class TraceBoxedError: Error, @unchecked Sendable {}

func traceReducer() -> Reducer<TraceState, String> {
    Reducer(id: "rec") { state, action in
        if action == "ignored" { return .defaultNext }
        if action.hasPrefix("inc") { state.count += 1 }
        state.seen.append(action)
        return .next
    }
}

final class TraceRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LogEvent<String>] = []
    func record(_ event: LogEvent<String>) { lock.withLock { stored.append(event) } }
    var events: [LogEvent<String>] { lock.withLock { stored } }
    var lines: [String] {
        events.compactMap { event in
            let kind: String
            switch event.kind {
            case .enqueued: kind = "enqueued"
            case .refused(let reason, _): kind = "refused \(reason)"
            case let .middleware(step, exit): kind = "mw \(step.id) \(exit)"
            case let .resumed(step, exit): kind = "resumed \(step.id) \(exit)"
            case let .resolver(step, exit): kind = "res \(step.id) \(exit)"
            case let .reducer(step, exit): kind = "red \(step.id) \(exit)"
            case .terminal(let outcome): kind = "terminal \(outcome)"
            case .effectFailed: kind = "effectFailed"
            case .effectErrorResolved(let resolution): kind = "effectErrorResolved \(resolution)"
            case .queueHighWaterMark: return nil
            default: kind = "other"
            }
            return "\(event.action): \(kind)"
        }
    }
    /// Terminal-like events per sequence number (a `.refused` event is a terminal too).
    func terminals(sequence: UInt64) -> Int {
        events.filter { event in
            guard event.sequence == sequence else { return false }
            switch event.kind {
            case .terminal, .refused: return true
            default: return false
            }
        }.count
    }
}

/// Polls `condition` on the main actor until it holds or `timeout` passes (a guard against a
/// hang, by default `patience`: the wait ends as soon as the condition holds).
@MainActor
func eventually(_ timeout: Duration = patience, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}

/// Collects diagnostic lines (the internal sink), so a test that provokes one on purpose neither
/// prints it among the test runner's lines nor leaves it unchecked.
final class DiagnosticLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    var options: StoreOptions { options(clock: ContinuousClock()) }

    /// Store options on `clock` whose diagnostics come here.
    func options(clock: any Clock<Duration>) -> StoreOptions {
        var options = StoreOptions(clock: clock)
        options.diagnosticSink = DiagnosticSink { [self] line in lock.withLock { stored.append(line) } }
        return options
    }

    /// Runs `body` with the diagnostics of every store it creates without options of its own
    /// (and every `StoreOptions()` it makes) coming here.
    func capturing<Result>(_ body: () throws -> Result) rethrows -> Result {
        try DiagnosticSink.$forNewOptions.withValue(sink, operation: body)
    }

    /// The async form of ``capturing(_:)``.
    func capturing<Result>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result) async rethrows -> Result {
        try await DiagnosticSink.$forNewOptions.withValue(sink, operation: body)
    }

    /// The capturing sink.
    var sink: DiagnosticSink {
        DiagnosticSink { [self] line in lock.withLock { stored.append(line) } }
    }

    /// Expects every line (in a debug build: a release build writes none) to contain one of
    /// `fragments`, and at least one line when `nonEmpty`.
    func expectAll(containingOneOf fragments: [String], nonEmpty: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = lines
        #if DEBUG
        if nonEmpty { #expect(!lines.isEmpty, sourceLocation: sourceLocation) }
        for line in lines {
            #expect(fragments.contains { line.contains($0) }, "\(line)", sourceLocation: sourceLocation)
        }
        #else
        #expect(lines.isEmpty, "\(lines)", sourceLocation: sourceLocation)
        #endif
    }

    /// Expects, in a debug build, one line per fragment, in order, each containing its fragment;
    /// in a release build (which never writes diagnostics), none.
    func expect(_ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = lines
        #if DEBUG
        #expect(lines.count == fragments.count, "\(lines)", sourceLocation: sourceLocation)
        for (line, fragment) in zip(lines, fragments) {
            #expect(line.contains(fragment), "\(line)", sourceLocation: sourceLocation)
        }
        #else
        #expect(lines.isEmpty, "\(lines)", sourceLocation: sourceLocation)
        #endif
    }
}

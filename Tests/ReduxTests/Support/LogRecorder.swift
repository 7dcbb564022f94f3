import Foundation
import Redux

// The recorder of log events, for the tests of every store type.

/// Records every log event a store delivers, in delivery order. Thread-safe: the store calls the
/// handler on the main actor; a test may read the recorder from anywhere.
///
/// Two text forms (see `LogText.swift`): `lines` are the pipeline tests' form (`1 increment:
/// middleware first#0 next`, sequence number and step position, high-water marks left out);
/// `labels` are the dispatch tests' form (`increment: middleware first next`, every event).
final class LogRecorder<Action: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LogEvent<Action>] = []

    /// The log handler to give the store (`onLog:`).
    var handler: @MainActor @Sendable (LogEvent<Action>) -> Void {
        { [self] event in record(event) }
    }

    func record(_ event: LogEvent<Action>) {
        lock.withLock { stored.append(event) }
    }

    var events: [LogEvent<Action>] { lock.withLock { stored } }

    // MARK: The pipeline tests' form

    /// Every event but `.queueHighWaterMark` as "sequence action: kind". The high-water mark
    /// depends on how remote work happened to batch up, so pipeline tests leave it out.
    var lines: [String] { pipelineEvents.map(\.eventLine) }

    /// The pipeline events of dispatch `sequence`, as lines.
    func lines(sequence: UInt64) -> [String] {
        pipelineEvents.filter { $0.sequence == sequence }.map(\.eventLine)
    }

    private var pipelineEvents: [LogEvent<Action>] {
        events.filter { event in
            if case .queueHighWaterMark = event.kind { false } else { true }
        }
    }

    // MARK: The dispatch tests' form

    /// Every event as "action: kind", in delivery order.
    var labels: [String] { events.map(\.eventLabel) }

    /// The events of dispatch `sequence`, as labels.
    func labels(sequence: UInt64) -> [String] {
        events.filter { $0.sequence == sequence }.map(\.eventLabel)
    }

    /// The processing events (everything but `.enqueued` and `.queueHighWaterMark`) as labels.
    var processingLabels: [String] { events.filter(\.isProcessingEvent).map(\.eventLabel) }

    // MARK: Order and queue

    /// The sequence numbers of the processing events, consecutive repeats collapsed: one entry per
    /// uninterrupted run of one dispatch's events. `[1, 2, 3]` means dispatch 1's events all came
    /// before dispatch 2's, which all came before dispatch 3's.
    var processingRuns: [UInt64] {
        var runs: [UInt64] = []
        for event in events where event.isProcessingEvent && runs.last != event.sequence {
            runs.append(event.sequence)
        }
        return runs
    }

    /// The queue high-water marks logged, in order.
    var highWaterMarks: [Int] {
        events.compactMap { event in
            if case .queueHighWaterMark(let mark) = event.kind { mark } else { nil }
        }
    }
}

extension LogRecorder where Action: Equatable {
    /// The sequence number of the first event about `action` (its `.enqueued` event, normally).
    func sequence(of action: Action) -> UInt64? {
        events.first { $0.action == action }?.sequence
    }
}

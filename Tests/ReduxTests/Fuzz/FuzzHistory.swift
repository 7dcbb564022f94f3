/// What kind of stretch an observed segment is, from its first event.
enum SegmentKind: Sendable {
    /// Middleware, resumed, resolver and reducer events up to a terminal or a suspension.
    case pipeline
    /// A task error: `effectFailed`, resolvers, `effectErrorResolved`.
    case effect
    /// A lone cancelled terminal (a queued or suspended action dropped by invalidation).
    case cancel
    /// A lone `.refused` event.
    case refused
    /// `effectErrorResolved(.dropped)` (after its `effectFailed`, if logged): a queued task error
    /// dropped by invalidation.
    case dropped
}

/// One uninterrupted stretch of one sequence number's processing events, as logged.
struct ObservedSegment: Sendable {
    var sequence: UInt64
    var kind: SegmentKind
    /// Trace indices of its first and last events.
    var start: Int
    var end: Int
    var events: [FEvent]
    /// The trace index of each event.
    var positions: [Int]
}

/// Everything logged under one sequence number.
struct SequenceLog: Sendable {
    var sequence: UInt64
    /// The action of its first event: the dispatched action.
    var dispatched: Int
    /// Trace indices of its `.enqueued` events and whether each said "on the main actor".
    var enqueued: [(position: Int, mainActor: Bool)] = []
    /// Indices into `FuzzHistory.segments`, in order.
    var segments: [Int] = []
}

/// The log cut into segments, with the violations of the log's own shape: another action's
/// processing event inside a segment, an unknown kind, a segment that never ends.
struct FuzzHistory {
    private(set) var segments: [ObservedSegment] = []
    private(set) var logs: [UInt64: SequenceLog] = [:]
    /// Sequence numbers by dispatched action, in order of first appearance.
    private(set) var sequences: [Int: [UInt64]] = [:]
    private(set) var violations: [String] = []
    /// Trace indices of the first invalidation, its action (nil from the driver) and the release.
    private(set) var invalidation: Int?
    private(set) var invalidatedBy: Int?
    private(set) var release: Int?
    /// The segment open when `invalidate()` ran (the pass that called it).
    private(set) var openAtInvalidation: Int?
    private(set) var calls: [Int: (begin: Int, end: Int)] = [:]
    private(set) var observerInstalled: Int?

    /// Set when a middleware invalidated the store before its pass logged anything: that pass is
    /// running, so nothing else may be logged until its first event.
    private var passBeforeItsFirstEvent: Int?

    init(_ items: [TraceItem]) {
        var open: Int?
        var begins: [Int: Int] = [:]
        for (position, item) in items.enumerated() {
            switch item {
            case .invalidate(let action):
                if invalidation == nil {
                    invalidation = position
                    invalidatedBy = action
                    openAtInvalidation = open
                    if open == nil { passBeforeItsFirstEvent = action }
                }
            case .released: release = position
            case .callBegin(let call): begins[call] = position
            case .callEnd(let call): if let begin = begins[call] { calls[call] = (begin, position) }
            case .observerInstalled: observerInstalled = position
            case let .event(sequence, event):
                add(event, sequence, at: position, open: &open)
            default: break
            }
        }
        if let open {
            let segment = segments[open]
            violations.append("[log] #\(segment.sequence)'s segment never ended: \(segment.events)")
        }
    }

    private mutating func add(_ event: FEvent, _ sequence: UInt64, at position: Int, open: inout Int?) {
        if logs[sequence] == nil {
            logs[sequence] = SequenceLog(sequence: sequence, dispatched: event.action)
            sequences[event.action, default: []].append(sequence)
        }
        if case .enqueued(let main) = event.kind {
            logs[sequence]?.enqueued.append((position, main))
            return
        }
        guard event.kind.isProcessing else { return }
        if case .unknown(let text) = event.kind {
            violations.append("[log] #\(sequence) a\(event.action): a log kind the fuzzer does not know: \(text) (update FuzzText)")
        }
        let kind = Self.kind(of: event)
        if let running = passBeforeItsFirstEvent {
            if event.action == running, kind == .pipeline {
                passBeforeItsFirstEvent = nil
            } else {
                violations.append("[interleaved] #\(sequence)'s \(event) (trace \(position)) was logged inside a\(running)'s pass, whose middleware had called invalidate() before the pass logged its first event")
            }
        }
        if let current = open, segments[current].sequence != sequence {
            let intruded = segments[current]
            violations.append("[interleaved] #\(sequence)'s \(event) (trace \(position)) was logged inside #\(intruded.sequence)'s processing, which began at trace \(intruded.start) with \(intruded.events.first.map { "\($0)" } ?? "?")")
            if kind == .pipeline || kind == .effect {
                open = nil
            } else {
                // A lone terminal: keep the intruded segment open, so it is not reported twice.
                append(ObservedSegment(sequence: sequence, kind: kind, start: position, end: position, events: [event], positions: [position]))
                return
            }
        }
        if let current = open, kind == .cancel {
            // Its own stretch is still running (a dropped task-error entry logged as a terminal):
            // a stray terminal, kept apart so the stretch itself is still compared whole.
            violations.append("[terminal] #\(sequence)'s \(event) (trace \(position)) was logged in the middle of its own processing, after \(segments[current].events.last.map { "\($0)" } ?? "?")")
            append(ObservedSegment(sequence: sequence, kind: kind, start: position, end: position, events: [event], positions: [position]))
            return
        }
        if let current = open {
            segments[current].events.append(event)
            segments[current].positions.append(position)
            segments[current].end = position
        } else {
            append(ObservedSegment(sequence: sequence, kind: kind, start: position, end: position, events: [event], positions: [position]))
            open = segments.count - 1
        }
        if event.kind.endsSegment, let current = open {
            // `effectFailed` then `effectErrorResolved(.dropped)`, no resolver: a dropped error too.
            if case .effectResolved(.dropped) = event.kind, segments[current].events.allSatisfy({ event in
                switch event.kind {
                case .effectFailed, .effectResolved: true
                default: false
                }
            }) {
                segments[current].kind = .dropped
            }
            open = nil
        }
    }

    private mutating func append(_ segment: ObservedSegment) {
        segments.append(segment)
        logs[segment.sequence]?.segments.append(segments.count - 1)
    }

    private static func kind(of event: FEvent) -> SegmentKind {
        switch event.kind {
        case .effectFailed: .effect
        case .effectResolved(.dropped): .dropped
        case .effectResolved: .effect
        case .refused: .refused
        case .terminal(.cancelled): .cancel
        default: .pipeline
        }
    }

    /// The segments of one sequence number.
    func segments(of sequence: UInt64) -> [ObservedSegment] {
        (logs[sequence]?.segments ?? []).map { segments[$0] }
    }

    /// The call window that contains trace index `position`, if any.
    func call(containing position: Int) -> (id: Int, begin: Int, end: Int)? {
        for (id, window) in calls where window.begin < position && position < window.end {
            return (id, window.begin, window.end)
        }
        return nil
    }
}

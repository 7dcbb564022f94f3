/// How one dispatch ended up, for the order checks.
enum DispatchFate {
    /// Its first segment began at this index of `FuzzHistory.segments` (trace index `start`).
    case processed(segment: Int, start: Int)
    case cancelledQueued
    /// A reducer effect's send that left no log at all: dropped at once (its effect cancelled).
    case droppedSilently
    case refused
    /// Nothing observable (no log, or not a dispatch the order checks can place).
    case unknown

    /// Within one producer, a later dispatch never has a lower rank than an earlier one. A
    /// cancelled effect's sends are dropped silently from then on, so that rank comes last.
    var rank: Int? {
        switch self {
        case .processed: 0
        case .cancelledQueued: 1
        case .refused: 2
        case .droppedSilently: 3
        case .unknown: nil
        }
    }

    static func describe(rank: Int) -> String {
        switch rank {
        case 0: "processed"
        case 1: "dropped while queued"
        case 2: "refused"
        default: "dropped without a trace"
        }
    }
}

/// Compares what a run observed with what the model predicts. Each violation names its check in
/// brackets: [history] [terminal] [refused] [enqueued] [outcome] [ticket] [effect] [complete]
/// [fifo] [batch] [after-invalidate] [bounded] [reductions] [observer] [resolver] [work] [freed]
/// [leak] [hang] [interleaved] [log], and for reducer effects (FuzzChecks+Effects) [same-call]
/// [cancel] [conservation] [run] [effect-order] [runtime] [model].
///
/// Timing is never guessed: where a run with an invalidation or a release may legally cut a
/// dispatch short (still queued, or suspended in `.deferred`), the check accepts exactly those
/// cuts, placed against the invalidation in the trace, and the outcome that goes with them.
struct FuzzChecker {
    let program: FuzzProgram
    let model: FuzzModel
    let observation: FuzzObservation
    let history: FuzzHistory
    private(set) var violations: [String] = []
    /// Every dispatch (the library's own included) with its fate.
    private(set) var fates: [(record: ObservedRecord, fate: DispatchFate)] = []
    /// What the trace says about the passes that started and cancelled effects.
    private(set) var effectFacts = EffectFacts()

    var lifecycle: Bool { observation.invalidated || observation.released }

    static func check(_ program: FuzzProgram, _ model: FuzzModel, _ observation: FuzzObservation) -> [String] {
        var checker = FuzzChecker(program: program, model: model, observation: observation, history: FuzzHistory(observation.items))
        checker.run()
        return checker.violations
    }

    /// The violations, and coverage counts of what reducer effects did (for `REDUX_FUZZ_STATS`).
    static func checkCounting(_ program: FuzzProgram, _ model: FuzzModel, _ observation: FuzzObservation) -> (violations: [String], counts: [String: Int]) {
        var checker = FuzzChecker(program: program, model: model, observation: observation, history: FuzzHistory(observation.items))
        checker.run()
        return (checker.violations, checker.effectCounts())
    }

    private init(program: FuzzProgram, model: FuzzModel, observation: FuzzObservation, history: FuzzHistory) {
        self.program = program
        self.model = model
        self.observation = observation
        self.history = history
    }

    mutating func fail(_ tag: String, _ text: String) {
        violations.append("[\(tag)] \(text)")
    }

    private mutating func run() {
        for note in observation.notes {
            fail(note.hasPrefix("hang") ? "hang" : note.hasPrefix("freed") ? "freed" : "run", note)
        }
        violations += history.violations
        effectFacts = EffectFacts(model: model, history: history)
        var records = observation.records
        if program.logs { records += libraryRecords() }
        checkRecordsAreDistinct(records)
        for record in records {
            let fate = program.logs ? checkLogged(record) : checkUnlogged(record)
            fates.append((record, fate))
        }
        effectFacts.note(fates, model, lifecycle: lifecycle)
        checkCompleteness(records)
        checkOrder()
        checkBatches()
        checkAfterInvalidation()
        if program.logs {
            checkBoundedCalls()
            checkReductionsMatchTheLog()
        }
        checkObserver()
        checkResolvers()
        checkWork()
        if program.hasEffects { checkReducerEffects() }
        checkRuntime()
        if !observation.storeFreed { fail("freed", "the store was not freed after its last reference went (something keeps it alive)") }
        if !observation.leakedErrors.isEmpty {
            fail("leak", "errors still alive after the store was freed and every ticket dropped: " + observation.leakedErrors.map { "e\($0)" }.joined(separator: " "))
        }
    }

    /// Dispatches the library makes itself (a resolver's `.reduceAs` for a task error, a reducer
    /// effect's `.send`), found by their `.enqueued` events.
    private func libraryRecords() -> [ObservedRecord] {
        var records: [ObservedRecord] = []
        for log in history.logs.values.sorted(by: { $0.sequence < $1.sequence }) {
            let id = log.dispatched
            guard id >= 0, id < program.actions.count else { continue }
            let producer: ProducerKey
            let mainActor: Bool
            if program.actions[id].role == .libraryDispatched {
                (producer, mainActor) = (.library, true)
            } else if case .inPass(let dispatch) = model.sendOrigins[id] {
                (producer, mainActor) = (.effectSend(dispatch: dispatch, inPass: true), true)
            } else if case .async(let dispatch) = model.sendOrigins[id] {
                (producer, mainActor) = (.effectSend(dispatch: dispatch, inPass: false), false)
            } else {
                continue
            }
            let record = DispatchRecord(action: id, producer: producer, index: records.count, mainActor: mainActor, batch: nil, position: mainActor ? log.enqueued.first?.position : nil)
            records.append(ObservedRecord(record: record, tracked: false, outcome: nil, ticketSequence: nil))
        }
        return records
    }

    private mutating func checkRecordsAreDistinct(_ records: [ObservedRecord]) {
        var seen: Set<Int> = []
        for record in records where !seen.insert(record.record.action).inserted {
            fail("history", "a\(record.record.action) was dispatched twice")
        }
        let dispatched = Set(records.map(\.record.action))
        for log in history.logs.values.sorted(by: { $0.sequence < $1.sequence }) where !dispatched.contains(log.dispatched) {
            fail("history", "#\(log.sequence) begins with a\(log.dispatched), which nobody dispatched")
        }
    }

    /// The dispatch's display name and the model's prediction for it; a failure if the program
    /// has no such action.
    private mutating func lookUp(_ observed: ObservedRecord) -> (name: String, prediction: Prediction)? {
        let record = observed.record
        let name = "a\(record.action) (\(record.producer))"
        guard let prediction = model.predictions[record.action] else {
            fail("history", "\(name) is not a dispatchable action of the program")
            return nil
        }
        return (name, prediction)
    }

    // MARK: - One dispatch, with a log

    private mutating func checkLogged(_ observed: ObservedRecord) -> DispatchFate {
        let record = observed.record
        let id = record.action
        guard let (name, prediction) = lookUp(observed) else { return .unknown }
        let sequences = history.sequences[id] ?? []
        if sequences.count > 1 { fail("history", "\(name) appears under \(sequences.count) sequence numbers: \(sequences)") }
        guard let sequence = sequences.first, let log = history.logs[sequence] else {
            if model.isConditionalSend(id) {
                // A cancelled effect's send is dropped without a trace; [conservation] decides
                // whether its effect could have been cancelled.
                expect(observed, in: absentOutcomes.union([.cancelled]), name)
                return .droppedSilently
            }
            if !observation.released || record.mainActor {
                if let invalidation = history.invalidation, !record.mainActor || (record.position ?? 0) > invalidation {
                    fail("terminal", "\(name), dispatched to an invalidated store, has no .refused event (nor any other)")
                } else {
                    fail("terminal", "\(name) was dispatched but never logged (no enqueued, refused or terminal event)")
                }
            }
            expect(observed, in: absentOutcomes, name)
            return .unknown
        }
        if let ticket = observed.ticketSequence, ticket != sequence {
            fail("ticket", "\(name)'s ticket says sequence \(ticket), its log says #\(sequence)")
        }
        let segments = history.segments(of: sequence)
        if segments.contains(where: { $0.kind == .refused }) {
            return checkRefused(observed, log, segments, name)
        }
        if record.mainActor, let invalidation = history.invalidation, let position = record.position, position > invalidation {
            fail("refused", "\(name) was dispatched on the main actor after invalidate() and was not refused: logged \(events(segments)), \(log.enqueued.count) enqueued")
            expect(observed, in: [.refused(.invalidated)], name)
            return .refused
        }
        if log.enqueued.count != 1 {
            fail("enqueued", "\(name) has \(log.enqueued.count) enqueued events (expected 1) before \(events(segments))")
        } else if log.enqueued[0].mainActor != record.mainActor {
            fail("enqueued", "\(name)'s enqueued event says onMainActor \(log.enqueued[0].mainActor), but it was dispatched \(record.mainActor ? "on" : "off") the main actor")
        }
        if let first = segments.first, let enqueued = log.enqueued.first, enqueued.position > first.start {
            fail("enqueued", "\(name)'s enqueued event comes after its first processing event \(first.events[0])")
        }
        return checkAccepted(observed, prediction, segments, name)
    }

    private mutating func checkRefused(_ observed: ObservedRecord, _ log: SequenceLog, _ segments: [ObservedSegment], _ name: String) -> DispatchFate {
        let record = observed.record
        if segments.count != 1 || !log.enqueued.isEmpty {
            fail("refused", "\(name)'s refusal is not its only event: \(log.enqueued.count) enqueued, \(events(segments))")
        }
        var legal = history.invalidation != nil
        if record.mainActor, let invalidation = history.invalidation, let position = record.position {
            legal = position > invalidation
        }
        if !legal { fail("refused", "\(name) was refused though it was dispatched before the store was invalidated") }
        if case .refused(let reason) = segments.first(where: { $0.kind == .refused })?.events.first?.kind, reason == .storeReleased {
            fail("refused", "\(name)'s refusal was logged with reason storeReleased by a live store")
        }
        expect(observed, in: [.refused(.invalidated)], name)
        return .refused
    }

    private mutating func checkAccepted(_ observed: ObservedRecord, _ prediction: Prediction, _ segments: [ObservedSegment], _ name: String) -> DispatchFate {
        let pipeline = segments.filter { $0.kind == .pipeline }
        let cancels = segments.filter { $0.kind == .cancel }
        var matched = true
        for (index, segment) in pipeline.enumerated() {
            guard index < prediction.segments.count else {
                if pipeline[index - 1].events.last?.kind.isTerminal == true {
                    fail("terminal", "\(name) went on after its terminal: \(segment.events)")
                } else {
                    fail("history", "\(name) has an unexpected segment \(index): \(segment.events)")
                }
                matched = false
                break
            }
            if segment.events != prediction.segments[index].events {
                fail("history", "\(name) segment \(index): expected \(prediction.segments[index].events), logged \(segment.events)")
                matched = false
                break
            }
        }
        if cancels.count > 1 { fail("terminal", "\(name) has \(cancels.count) cancelled terminals") }
        let reachedEnd = matched && pipeline.count == prediction.segments.count
        if reachedEnd, !prediction.forcedCancel {
            if let cancel = cancels.first {
                fail("terminal", "\(name) ended \(prediction.outcome) and later logged a second terminal, cancelled (trace \(cancel.start))")
            }
            expect(observed, in: [prediction.outcome], name)
        } else if matched {
            checkCut(observed, prediction, pipeline, cancels, name)
        }
        let terminal = pipeline.last.flatMap { $0.events.last?.kind.isTerminal == true ? $0.end : nil }
        checkEffects(prediction, segments, terminal: terminal, name)
        if let first = pipeline.first, let index = history.segments.firstIndex(where: { $0.sequence == first.sequence && $0.start == first.start }) {
            return .processed(segment: index, start: first.start)
        }
        return cancels.isEmpty ? .unknown : .cancelledQueued
    }

    /// A run cut short: still queued (no segment) or suspended after its last segment.
    private mutating func checkCut(_ observed: ObservedRecord, _ prediction: Prediction, _ pipeline: [ObservedSegment], _ cancels: [ObservedSegment], _ name: String) {
        let record = observed.record
        let state = pipeline.isEmpty ? "still queued" : "suspended after segment \(pipeline.count - 1)"
        if model.isConditionalSend(record.action), pipeline.isEmpty, let cancel = cancels.first {
            // A reducer effect's send dropped when processed: its effect was cancelled meanwhile.
            if let cancelled = effectFacts.earliestCancellation(ofSend: record.action, model), cancel.start > cancelled {
                expect(observed, in: [.cancelled], name)
                return
            }
            if !lifecycle {
                fail("conservation", "\(name) was dropped when processed (cancelled terminal at trace \(cancel.start)), but no cancellation of its effect came before")
                expect(observed, in: [.cancelled], name)
                return
            }
        }
        if prediction.forcedCancel, pipeline.count == prediction.segments.count {
            if cancels.isEmpty { fail("terminal", "\(name) answered .deferred after its own pass invalidated the store, but no cancelled terminal was logged") }
            expect(observed, in: [.cancelled], name)
            return
        }
        guard lifecycle else {
            fail("history", "\(name) stopped \(state) though the store was neither invalidated nor released; expected \(prediction.segments.map(\.events))")
            return
        }
        if pipeline.isEmpty, record.mainActor, history.invalidatedBy == nil {
            fail("history", "\(name), dispatched on the main actor outside an invalidating pass, was never processed")
        }
        if let invalidation = history.invalidation {
            if cancels.isEmpty, !observation.released {
                fail("terminal", "\(name) was \(state) when invalidate() ran, and no terminal event was ever logged for it")
            }
            if let cancel = cancels.first, cancel.start < invalidation {
                fail("terminal", "\(name)'s cancelled terminal was logged before invalidate() ran")
            }
        } else if let cancel = cancels.first {
            fail("terminal", "\(name) logged a cancelled terminal (trace \(cancel.start)) though the store was only released")
        }
        expect(observed, in: [.cancelled], name)
    }

    private mutating func checkEffects(_ prediction: Prediction, _ segments: [ObservedSegment], terminal: Int?, _ name: String) {
        var remaining = prediction.effects
        for segment in segments where segment.kind == .effect || segment.kind == .dropped {
            if segment.kind == .dropped {
                if !lifecycle { fail("effect", "\(name): a task error was dropped though the store was not invalidated") }
                continue
            }
            if terminal == nil || segment.start < terminal! {
                fail("effect", "\(name): a task error was handled before its action's terminal: \(segment.events)")
            }
            if let index = remaining.firstIndex(where: { $0.events == segment.events }) {
                remaining.remove(at: index)
            } else {
                fail("effect", "\(name): unexpected task-error events \(segment.events); expected one of \(remaining.map(\.events))")
            }
        }
        // A reducer effect's error is required only if nothing could cancel its run first; none
        // is required of a run that never reached its terminal (a cancelled effect's send
        // dropped while queued).
        remaining.removeAll { effect in effect.run.map { !effectFacts.isRequired(.run($0), model, lifecycle: lifecycle) } ?? false }
        if !lifecycle, terminal != nil, !remaining.isEmpty {
            fail("effect", "\(name): task errors never handled: \(remaining.map(\.events))")
        }
    }

    // MARK: - One dispatch, without a log

    private mutating func checkUnlogged(_ observed: ObservedRecord) -> DispatchFate {
        let record = observed.record
        let id = record.action
        guard let (name, prediction) = lookUp(observed) else { return .unknown }
        let chains = reductionChains().filter { model.owner(of: $0.reductions[0].action) == id }
        if chains.count > 1 { fail("reductions", "\(name) was reduced \(chains.count) times") }
        let reduced = chains.first?.reductions ?? []
        if record.mainActor, let invalidation = history.invalidation, let position = record.position, position > invalidation {
            if !reduced.isEmpty { fail("refused", "\(name) was dispatched on the main actor after invalidate() and was reduced") }
            expect(observed, in: [.refused(.invalidated)], name)
            return .refused
        }
        if reduced == prediction.reductions {
            let outcomes: Set<FOutcome> = prediction.reductions.isEmpty && lifecycle ? absentOutcomes.union([prediction.outcome]) : [prediction.outcome]
            expect(observed, in: outcomes, name)
        } else if reduced.isEmpty {
            if !lifecycle { fail("reductions", "\(name) was never reduced; expected \(prediction.reductions)") }
            expect(observed, in: absentOutcomes, name)
        } else {
            fail("reductions", "\(name) reduced \(reduced), expected \(prediction.reductions)")
        }
        if let chain = chains.first, prediction.segments.count == 1 { return .processed(segment: chain.index, start: chain.start) }
        return .unknown
    }

    /// Outcomes legal for a dispatch that left no trace of its run.
    private var absentOutcomes: Set<FOutcome> {
        var outcomes: Set<FOutcome> = []
        if lifecycle { outcomes.insert(.cancelled) }
        if observation.invalidated { outcomes.insert(.refused(.invalidated)) }
        if observation.released { outcomes.insert(.refused(.storeReleased)) }
        return outcomes
    }

    mutating func expect(_ observed: ObservedRecord, in outcomes: Set<FOutcome>, _ name: String) {
        guard observed.tracked else { return }
        guard let outcome = observed.outcome else {
            fail("ticket", "\(name)'s ticket was never answered")
            return
        }
        if !outcomes.contains(outcome) {
            let expected = outcomes.map(\.description).sorted().joined(separator: " or ")
            fail("outcome", "\(name)'s ticket answered \(outcome), expected \(expected.isEmpty ? "nothing at all" : expected)")
        }
    }

    func events(_ segments: [ObservedSegment]) -> [FEvent] {
        segments.flatMap(\.events)
    }
}

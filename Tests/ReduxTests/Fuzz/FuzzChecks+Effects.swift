/// A cancellation performed by a pass that ran to its terminal.
struct ObservedCancel: Sendable, CustomStringConvertible {
    var id: Int
    var dispatch: Int
    /// Its place in the pass's sequence of cancellations and spawns.
    var order: Int
    /// The trace index of the pass's terminal: the cancellation ran just before it (step 5), and
    /// nothing else was processed in between.
    var position: Int

    var description: String { "cancel(c\(id)) in a\(dispatch)'s pass (terminal at trace \(position))" }
}

/// What the trace says about the passes that start and cancel reducer effects, and which of the
/// model's conditional dispatches the trace makes required.
///
/// A cancellation "may stop" work under a cancellable scope when it runs after (part of) that
/// work was spawned: later in the same pass, or in a pass whose terminal comes later (see
/// EffectWalk for the anchors). Whether it does stop it depends on timing (the work may have
/// ended already), so:
/// - work none of whose scopes a later cancellation touches is required (unless the store was
///   invalidated or released): all its sends are made and processed, its error is resolved;
/// - work a cancellation may stop may do any prefix of what it would do;
/// - but once a cancellation that surely reaches a run (see `reaches`) ran, nothing that run
///   sent is processed afterwards — what it sends later, and what it sent earlier and is still
///   queued, whether or not its body had ended (the runtime keeps a finished task's ids until
///   its queued sends are processed) — nor a `.send` that follows it in a concatenation (sent
///   with its task's token); nor the error of a run still running then (FuzzChecker's
///   `checkCancellations`).
struct EffectFacts {
    /// The trace index of each dispatch's terminal, for the dispatches whose pass reached one.
    private(set) var terminals: [Int: Int] = [:]
    /// Every cancellation performed, earliest first.
    private(set) var cancels: [ObservedCancel] = []
    private(set) var fates: [Int: DispatchFate] = [:]
    /// Every dispatch that must be made when nothing is cut short: from the roots, through the
    /// model's certain children and the conditional ones the trace makes required.
    private(set) var required: Set<Int> = []

    init() {}

    init(model: FuzzModel, history: FuzzHistory) {
        for (action, sequences) in history.sequences {
            guard let sequence = sequences.first else { continue }
            let pipeline = history.segments(of: sequence).filter { $0.kind == .pipeline }
            guard let last = pipeline.last, case .terminal(let outcome)? = last.events.last?.kind, outcome != .cancelled else { continue }
            terminals[action] = last.end
        }
        for (dispatch, position) in terminals {
            for cancel in model.predictions[dispatch]?.cancels ?? [] {
                cancels.append(ObservedCancel(id: cancel.id, dispatch: dispatch, order: cancel.order, position: position))
            }
        }
        cancels.sort { ($0.position, $0.order) < ($1.position, $1.order) }
    }

    mutating func note(_ fates: [(record: ObservedRecord, fate: DispatchFate)], _ model: FuzzModel, lifecycle: Bool) {
        for (record, fate) in fates { self.fates[record.record.action] = fate }
        var pending = model.roots
        while let id = pending.popLast() {
            guard required.insert(id).inserted, let prediction = model.predictions[id] else { continue }
            pending += prediction.children
            pending += prediction.conditionalChildren.filter { isRequired($0.condition, model, lifecycle: lifecycle) }.map(\.action)
        }
    }

    /// Whether `cancel` may stop work under `reason`, opened by `dispatch`'s pass.
    func mayStop(_ cancel: ObservedCancel, _ reason: EffectReason, startedBy dispatch: Int) -> Bool {
        guard cancel.id == reason.id, let start = terminals[dispatch] else { return false }
        return cancel.dispatch == dispatch ? cancel.order > reason.start : cancel.position > start
    }

    /// Whether `cancel` surely reaches a run whose cancellable scopes are `scope` (a
    /// `PredictedRun.scope`, anchored where every run its chain waits for was spawned), opened by
    /// `dispatch`'s pass: the run was registered under the cancelled id before the cancellation
    /// ran, or it is spawned by a part the cancellation stopped (its lineage: it never runs).
    /// Everything the run sends that is processed after `cancel` is then a failure.
    func reaches(_ cancel: ObservedCancel, scope: [EffectReason], startedBy dispatch: Int) -> Bool {
        scope.contains { mayStop(cancel, $0, startedBy: dispatch) }
    }

    /// Whether `cancel` surely reaches a `.send` after asynchronous work: it is sent with its
    /// concatenation link's token, registered under the link's ids since the concatenation
    /// started.
    func reaches(_ cancel: ObservedCancel, _ send: PredictedAsyncSend) -> Bool {
        reaches(cancel, scope: send.scope, startedBy: send.dispatch)
    }

    /// The trace index of the earliest cancellation that may stop work under `reasons`.
    func earliestCancellation(of reasons: [EffectReason], startedBy dispatch: Int) -> Int? {
        cancels.first { cancel in reasons.contains { mayStop(cancel, $0, startedBy: dispatch) } }?.position
    }

    func earliestCancellation(ofSend id: Int, _ model: FuzzModel) -> Int? {
        guard let (dispatch, reasons) = model.reasons(ofSend: id) else { return nil }
        return earliestCancellation(of: reasons, startedBy: dispatch)
    }

    /// The work behind `condition` was started and nothing may have stopped it.
    func isRequired(_ condition: EffectCondition, _ model: FuzzModel, lifecycle: Bool) -> Bool {
        if lifecycle { return false }
        let dispatch: Int
        let reasons: [EffectReason]
        switch condition {
        case .run(let ref):
            guard let run = model.runs[ref], !run.optional else { return false }
            (dispatch, reasons) = (run.dispatch, run.reasons)
        case .asyncSend(let id):
            guard let send = model.asyncSends[id], !send.optional else { return false }
            (dispatch, reasons) = (send.dispatch, send.reasons)
        }
        return terminals[dispatch] != nil && earliestCancellation(of: reasons, startedBy: dispatch) == nil
    }

    /// Where the action's processing began, if it was processed.
    func start(of action: Int) -> Int? {
        if case .processed(_, let start)? = fates[action] { return start }
        return nil
    }
}

/// The checks of reducer effects (see FuzzEffectModel for what the model predicts exactly and
/// what it gives as conditions).
extension FuzzChecker {
    mutating func checkReducerEffects() {
        for (id, prediction) in model.predictions.sorted(by: { $0.key < $1.key }) where !prediction.unsupported.isEmpty {
            fail("model", "a\(id)'s effects have shapes the model cannot place: \(prediction.unsupported) (a generator bug)")
        }
        checkTopLevelSends()
        checkRuns()
        checkAsyncSends()
        checkCancellations()
        checkEffectOrder()
        checkEffectsOutliveTheirCall()
    }

    /// How often each kind of effect behaviour occurred in this run.
    func effectCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        counts["effects: cancellation performed"] = effectFacts.cancels.count
        for cancel in effectFacts.cancels {
            let reached = model.runs.values.filter { run in run.scope.contains { effectFacts.mayStop(cancel, $0, startedBy: run.dispatch) } }
            if !reached.isEmpty { counts["effects: cancellation reaching some run", default: 0] += 1 }
            if reached.contains(where: { observation.startedRuns[$0.ref] != nil }) { counts["effects: cancellation reaching some started run", default: 0] += 1 }
        }
        for (ref, run) in model.runs {
            guard let cancel = effectFacts.cancels.first(where: { cancel in run.scope.contains { effectFacts.mayStop(cancel, $0, startedBy: run.dispatch) } }) else { continue }
            if (observation.runEnds[ref] ?? Int.max) > cancel.position, observation.startedRuns[ref] != nil {
                counts["effects: run still running at a cancellation that reaches it", default: 0] += 1
            }
        }
        for (ref, run) in model.runs where effectFacts.terminals[run.dispatch] != nil {
            let required = effectFacts.isRequired(.run(ref), model, lifecycle: lifecycle)
            let ran = observation.startedRuns[ref] != nil
            counts["effects: run " + (required ? "required" : "maybe stopped") + (ran ? ", ran" : ", never ran"), default: 0] += 1
        }
        for (record, fate) in fates {
            let kind: String
            switch record.record.producer {
            case .effect: kind = "run's send"
            case .effectSend(_, true): kind = "top-level send"
            case .effectSend(_, false): kind = "send after async work"
            default: continue
            }
            let what: String = switch fate {
            case .processed: "processed"
            case .cancelledQueued: "dropped while queued"
            case .droppedSilently: "dropped without a trace"
            case .refused: "refused"
            case .unknown: "unknown"
            }
            counts["effects: \(kind) \(what)", default: 0] += 1
        }
        return counts
    }

    /// The store's runtime is empty once its work is over.
    mutating func checkRuntime() {
        guard let runtime = observation.runtime, runtime != RuntimeCounts(active: 0, bookkeeping: 0) else { return }
        fail("runtime", "once the store's work was over, activeTaskCount is \(runtime.active) and the runtime's bookkeepingCount \(runtime.bookkeeping) (both should be 0)")
    }

    /// A top-level send is processed in the call that processed its action, after that action's
    /// terminal, and before anything dispatched from another isolation after it was queued.
    private mutating func checkTopLevelSends() {
        for (dispatch, prediction) in model.predictions.sorted(by: { $0.key < $1.key }) where !prediction.inPassSends.isEmpty {
            guard let terminal = effectFacts.terminals[dispatch] else { continue }
            let call = history.call(containing: terminal)
            for id in prediction.inPassSends {
                guard let start = effectFacts.start(of: id) else { continue }
                let name = "a\(id), a top-level send of a\(dispatch)'s effect,"
                if start < terminal {
                    fail("same-call", "\(name) was processed (trace \(start)) before a\(dispatch)'s terminal (trace \(terminal))")
                }
                if let call, start > call.end {
                    fail("same-call", "\(name) was processed at trace \(start), after the call that processed a\(dispatch) (trace \(call.begin)–\(call.end)) had returned")
                }
                guard let sequence = history.sequences[id]?.first, let queued = history.logs[sequence]?.enqueued.first?.position else { continue }
                for (record, fate) in fates {
                    guard !record.record.mainActor, let after = record.record.after, after > queued,
                          case .processed(_, let other) = fate, other < start else { continue }
                    fail("same-call", "a\(record.record.action) (\(record.record.producer)), dispatched off the main actor after \(name) was queued (trace \(queued)), was processed first (trace \(other), before \(start))")
                }
            }
        }
    }

    /// A run sends a prefix of its sends, in order; all of them, each processed, when nothing
    /// may have cancelled it.
    private mutating func checkRuns() {
        var made: [RunRef: [(index: Int, action: Int, fate: DispatchFate)]] = [:]
        for (record, fate) in fates {
            if case .effect(let ref) = record.record.producer {
                made[ref, default: []].append((record.record.index, record.record.action, fate))
            }
        }
        for ref in made.keys.sorted() where model.runs[ref] == nil {
            fail("run", "\(ref) sent \(made[ref]!.map { "a\($0.action)" }), but the model predicts no such run")
        }
        for ref in observation.startedRuns.keys.sorted() where model.runs[ref] == nil && made[ref] == nil {
            fail("run", "\(ref) ran, but the model predicts no such run")
        }
        for (ref, run) in model.runs.sorted(by: { $0.key < $1.key }) {
            let sent = (made[ref] ?? []).sorted { $0.index < $1.index }
            let actions = sent.map(\.action)
            let started = observation.startedRuns[ref] != nil
            guard effectFacts.terminals[run.dispatch] != nil else {
                if started { fail("conservation", "\(ref) ran, but a\(run.dispatch)'s pass, which starts it, never reached its terminal") }
                continue
            }
            if !run.sends.starts(with: actions) {
                fail("run", "\(ref) sent \(actions.map { "a\($0)" }), expected \(run.sends.map { "a\($0)" }) or a prefix of it")
            }
            // The next part of a concatenation starts when the previous one has finished (or was
            // skipped: cancelled before its body ran).
            if let begun = observation.startedRuns[ref] {
                for trigger in run.triggers where observation.startedRuns[trigger] != nil {
                    guard let ended = observation.runEnds[trigger] else {
                        fail("effect-order", "\(ref) ran, but \(trigger), which precedes it in a concatenation, never finished its body")
                        continue
                    }
                    if begun < ended { fail("effect-order", "\(ref) began (after trace \(begun)) before \(trigger), which precedes it in a concatenation, ended (after trace \(ended))") }
                }
            }
            guard effectFacts.isRequired(.run(ref), model, lifecycle: lifecycle) else { continue }
            let why = "(nothing could cancel it: its ids \(run.reasons) saw no later cancellation)"
            guard started else {
                fail("conservation", "\(ref) of a\(run.dispatch)'s effect never ran \(why)")
                continue
            }
            if observation.runEnds[ref] == nil { fail("conservation", "\(ref)'s body never ended \(why)") }
            if actions != run.sends {
                fail("conservation", "\(ref) sent \(actions.map { "a\($0)" }), expected \(run.sends.map { "a\($0)" }) \(why)")
            }
            for entry in sent {
                if case .processed = entry.fate { continue }
                fail("conservation", "a\(entry.action), sent by \(ref), was \(entry.fate) instead of processed \(why)")
            }
        }
    }

    /// A send after asynchronous work is processed when nothing may have cancelled its effect.
    private mutating func checkAsyncSends() {
        for (id, send) in model.asyncSends.sorted(by: { $0.key < $1.key }) {
            let fate = effectFacts.fates[id]
            if let start = effectFacts.start(of: id) {
                for trigger in send.triggers where observation.startedRuns[trigger] != nil {
                    let ended = observation.runEnds[trigger]
                    if ended == nil || start < ended! {
                        fail("effect-order", "a\(id), sent by a\(send.dispatch)'s effect after \(trigger), was processed (trace \(start)) before that run's body \(ended.map { "ended (after trace \($0))" } ?? "ever ended")")
                    }
                }
            }
            guard effectFacts.terminals[send.dispatch] != nil else {
                if fate != nil { fail("conservation", "a\(id), sent by a\(send.dispatch)'s effect, was dispatched though that pass never reached its terminal") }
                continue
            }
            guard effectFacts.isRequired(.asyncSend(id), model, lifecycle: lifecycle) else { continue }
            if case .processed? = fate { continue }
            let triggers = send.triggers.map(\.description).joined(separator: ", ")
            fail("conservation", "a\(id), sent by a\(send.dispatch)'s effect once \(triggers) completed, was \(fate.map { "\($0)" } ?? "never sent") though nothing could cancel it (ids \(send.reasons))")
        }
    }

    /// After a cancellation ran, nothing the runs it reaches sent is processed afterwards: what
    /// they send later, and what they sent before that is still queued — whether or not their
    /// body had ended by then (a finished task's ids stay until its queued sends are processed);
    /// nor a `.send` after asynchronous work it reaches (through its link's ids), nor the error of
    /// a run it stopped. The rest of a concatenation whose link it stopped goes on. Only what was
    /// processed before the cancellation escapes it.
    private mutating func checkCancellations() {
        for cancel in effectFacts.cancels {
            let limit = cancel.position
            for (ref, run) in model.runs.sorted(by: { $0.key < $1.key })
            where effectFacts.reaches(cancel, scope: run.scope, startedBy: run.dispatch) {
                guard observation.startedRuns[ref] != nil || observation.runEnds[ref] != nil else { continue }
                let end = observation.runEnds[ref] ?? Int.max
                let ended = end == Int.max ? "never" : "\(end)"
                for (record, fate) in fates where record.record.producer == .effect(ref) {
                    guard case .processed(_, let start) = fate, start > limit else { continue }
                    let name = "a\(record.record.action), sent by \(ref),"
                    if let after = record.record.after, after > limit {
                        fail("cancel", "\(name) was sent after \(cancel) and processed (trace \(start))")
                    } else if end > limit {
                        fail("cancel", "\(name) was queued before \(cancel), while its run was still running (its body ended at trace \(ended)), and was processed (trace \(start)) instead of dropped")
                    } else {
                        fail("cancel", "\(name) was queued before \(cancel), which reaches that run (ids \(run.scope)), and was processed (trace \(start)) instead of dropped: its run's body had ended (at trace \(ended)), but a cancellation still reaches a finished run's queued sends")
                    }
                }
                if let error = run.error, end > limit, errorSurfaced(error) {
                    fail("cancel", "e\(error), thrown by \(ref) after \(cancel) stopped it (its body ended at trace \(ended)), reached the resolvers")
                }
            }
            for (id, send) in model.asyncSends.sorted(by: { $0.key < $1.key }) {
                guard let start = effectFacts.start(of: id), start > limit else { continue }
                if effectFacts.reaches(cancel, send) {
                    fail("cancel", "a\(id), sent once \(send.triggers) completed (with its link's token, ids \(send.scope)), was processed (trace \(start)) after \(cancel), which reaches it, instead of dropped")
                }
            }
        }
    }

    private func errorSurfaced(_ error: Int) -> Bool {
        if observation.consultations.contains(where: { $0.error == error }) { return true }
        return history.segments.contains { segment in
            segment.events.contains { event in
                if case .effectFailed(_, error) = event.kind { true } else { false }
            }
        }
    }

    /// One effect's sends keep their order: a run's in send order, a concatenation's parts one
    /// after the other.
    private mutating func checkEffectOrder() {
        for (dispatch, prediction) in model.predictions.sorted(by: { $0.key < $1.key }) {
            for pair in prediction.effectOrder {
                guard let first = effectFacts.start(of: pair.before), let second = effectFacts.start(of: pair.after), second < first else { continue }
                fail("effect-order", "a\(dispatch)'s effect sends a\(pair.before) before a\(pair.after), but a\(pair.after) was processed first (trace \(second) < \(first))")
            }
        }
    }

    /// Rule 1 of issue 5 for effects: what a run started inside a main-actor call sends (and
    /// its error) is never processed before that call returns.
    private mutating func checkEffectsOutliveTheirCall() {
        for segment in history.segments where segment.kind == .pipeline {
            for (event, position) in zip(segment.events, segment.positions) {
                guard case .effectStarted(.reducer(let reducer)) = event.kind, let call = history.call(containing: position) else { continue }
                if let invalidation = history.invalidation, position > invalidation { continue }
                let runs = model.runs.values.filter { $0.ref.action == event.action && $0.ref.reducer == reducer }
                var born: [(String, Int)] = []
                for (record, fate) in fates {
                    guard case .effect(let ref) = record.record.producer, ref.action == event.action, ref.reducer == reducer,
                          case .processed(_, let start) = fate else { continue }
                    born.append(("a\(record.record.action), which \(ref) sent,", start))
                }
                for send in model.asyncSends.values where send.reducer == reducer && runs.contains(where: { send.triggers.contains($0.ref) }) {
                    if let start = effectFacts.start(of: send.action) { born.append(("a\(send.action), sent after its runs,", start)) }
                }
                let errors = Set(runs.compactMap(\.error))
                for failure in history.segments(of: segment.sequence) where failure.kind == .effect {
                    if case .effectFailed(.reducer(reducer), let error)? = failure.events.first?.kind, errors.contains(error) {
                        born.append(("its run's error e\(error)", failure.start))
                    }
                }
                for (what, start) in born where start < call.end {
                    fail("bounded", "a\(event.action)'s effect of r\(reducer), started inside main-actor call \(call.id) (trace \(call.begin)–\(call.end)): \(what) was processed at trace \(start), before that call returned")
                }
            }
        }
    }
}

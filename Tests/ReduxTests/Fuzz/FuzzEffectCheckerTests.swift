import Redux
import Testing

/// The reducer-effect checks are not vacuous: a faithful run of a program with effects passes,
/// and each kind of damage done to its observation (or to the program the model reads) is
/// reported by the check meant for it.
@Suite("Fuzz effect checks")
@MainActor
struct FuzzEffectCheckerTests {
    /// One run, with what the predicates and the damage need.
    struct Run {
        var seed: UInt64
        var program: FuzzProgram
        var model: FuzzModel
        var observation: FuzzObservation
        var history: FuzzHistory
        var facts: EffectFacts

        /// The trace index where `action`'s processing began, if it was processed.
        func processed(_ action: Int) -> Int? {
            guard let sequence = history.sequences[action]?.first else { return nil }
            return history.segments(of: sequence).first { $0.kind == .pipeline }?.start
        }

        /// The trace index of `action`'s lone cancelled terminal, when it was dropped while
        /// queued (never processed).
        func droppedWhileQueued(_ action: Int) -> Int? {
            guard let sequence = history.sequences[action]?.first else { return nil }
            let segments = history.segments(of: sequence)
            guard !segments.contains(where: { $0.kind == .pipeline }) else { return nil }
            return segments.first { $0.kind == .cancel }?.start
        }

        /// The trace range of `action`'s processing, when it is one uninterrupted segment.
        func onlyPipelineSegment(_ action: Int) -> ClosedRange<Int>? {
            guard let sequence = history.sequences[action]?.first else { return nil }
            let segments = history.segments(of: sequence)
            guard segments.count == 1, let segment = segments.first, segment.kind == .pipeline else { return nil }
            return segment.start...segment.end
        }

        func records(of run: RunRef) -> [ObservedRecord] {
            observation.records.filter { $0.record.producer == .effect(run) }.sorted { $0.record.index < $1.record.index }
        }

        /// The checks that report `observation` (damaged from this run's).
        @MainActor
        func tags(_ observation: FuzzObservation) -> Set<String> {
            Set(FuzzChecker.check(program, model, observation).map(FuzzTests.tag))
        }
    }

    private struct NoSuchRun: Error, CustomStringConvertible {
        var what: String
        var description: String { "no seed up to 20,000 gives a run with \(what)" }
    }

    /// The first seed (with effects, a log, no invalidation, no release) whose faithful run
    /// passes every check and has what `matches` asks for; `promising` skips programs before
    /// running them.
    private static func find(_ what: String, promising: (FuzzModel) -> Bool = { _ in true }, _ matches: (Run) -> Bool) async throws -> Run {
        for seed: UInt64 in 1...20_000 {
            let program = FuzzGenerator.program(seed: seed)
            guard program.hasEffects, !hasLifecycle(program) else { continue }
            let model = FuzzModel(program: program)
            guard promising(model) else { continue }
            let observation = await FuzzRun(program).run()
            let history = FuzzHistory(observation.items)
            let run = Run(seed: seed, program: program, model: model, observation: observation, history: history, facts: EffectFacts(model: model, history: history))
            guard matches(run) else { continue }
            let violations = FuzzChecker.check(program, model, observation)
            #expect(violations.isEmpty, "seed \(seed): \(violations)")
            return run
        }
        throw NoSuchRun(what: what)
    }

    private static func hasLifecycle(_ program: FuzzProgram) -> Bool {
        program.steps.contains { step in
            switch step {
            case .invalidate, .release: true
            default: false
            }
        } || program.actions.contains { $0.middleware.contains { $0.invalidateAfter != nil } }
    }

    /// Moves the trace item at `from` to just after the item now at `to`, shifting what lies
    /// between (positions recorded elsewhere go stale by one: fine for a damage test).
    private static func moving(_ items: [TraceItem], from: Int, after to: Int) -> [TraceItem] {
        var items = items
        let item = items.remove(at: from)
        // Removing an earlier item moved the target one place down.
        items.insert(item, at: from < to ? to : to + 1)
        return items
    }

    /// Moves the trace items in `block` to just after the item now at `to` (after the block).
    private static func moving(_ items: [TraceItem], _ block: ClosedRange<Int>, after to: Int) -> [TraceItem] {
        var items = items
        let moved = Array(items[block])
        items.removeSubrange(block)
        // Removing the block moved the target up by its length.
        items.insert(contentsOf: moved, at: to - moved.count + 1)
        return items
    }

    private static func callEnd(_ items: [TraceItem], _ id: Int) -> Int? {
        items.firstIndex { if case .callEnd(id) = $0 { true } else { false } }
    }

    @Test func aTopLevelSendProcessedAfterItsCallIsReported() async throws {
        // A top-level send processed in a driver call, and the call's end moved before it.
        var found: (send: Int, terminal: Int, call: Int)?
        let run = try await Self.find("a top-level send processed inside a call") { run in
            for (dispatch, prediction) in run.model.predictions {
                guard let terminal = run.facts.terminals[dispatch], let call = run.history.call(containing: terminal) else { continue }
                for send in prediction.inPassSends where run.processed(send) != nil {
                    found = (send, terminal, call.id)
                    return true
                }
            }
            return false
        }
        let (_, terminal, call) = try #require(found)
        var damaged = run.observation
        let end = try #require(Self.callEnd(damaged.items, call))
        damaged.items = Self.moving(damaged.items, from: end, after: terminal)
        #expect(run.tags(damaged).contains("same-call"), "seed \(run.seed)")
    }

    @Test func aTopLevelSendOvertakenByALaterRemoteDispatchIsReported() async throws {
        // A remote dispatch processed before a top-level send, then said to be made after that
        // send was queued: it jumped the pipeline queue.
        var found: (record: Int, queued: Int)?
        let run = try await Self.find("a remote dispatch processed before a top-level send") { run in
            for prediction in run.model.predictions.values {
                for send in prediction.inPassSends {
                    guard let start = run.processed(send), let sequence = run.history.sequences[send]?.first,
                          let queued = run.history.logs[sequence]?.enqueued.first?.position else { continue }
                    if let record = run.observation.records.firstIndex(where: { record in
                        !record.record.mainActor && (run.processed(record.record.action) ?? Int.max) < start
                    }) {
                        found = (record, queued)
                        return true
                    }
                }
            }
            return false
        }
        let (record, queued) = try #require(found)
        var damaged = run.observation
        damaged.records[record].record.after = queued + 1
        #expect(run.tags(damaged).contains("same-call"), "seed \(run.seed)")
    }

    @Test func aSendProcessedAfterItsRunWasCancelledIsReported() async throws {
        // A cancellation that surely reaches a run with sends: once it ran, nothing that run sent
        // is processed — what it sends later, and what it queued before, whether or not its body
        // had ended (faithful runs never show it: the library drops them). Two damages make one
        // of its sends processed after the cancellation.
        let cancelling: (FuzzModel) -> Bool = { model in
            let cancelled = Set(model.predictions.values.flatMap { $0.cancels.map(\.id) })
            return model.runs.values.contains { run in !run.sends.isEmpty && run.scope.contains { cancelled.contains($0.id) } }
        }

        // 1. A send the cancellation dropped while it was queued, its run's body already ended
        // (the library's behaviour since a finished task's ids stay until its queued sends are
        // processed), logged as processed instead: its lone cancelled terminal (after the
        // cancellation) made a terminal of a pass.
        var dropped: (action: Int, item: Int)?
        let droppedRun = try await Self.find("a finished run's send dropped while queued after a cancellation that reaches the run", promising: cancelling) { run in
            for cancel in run.facts.cancels {
                for (ref, predicted) in run.model.runs.sorted(by: { $0.key < $1.key })
                where run.facts.reaches(cancel, scope: predicted.scope, startedBy: predicted.dispatch) {
                    guard let end = run.observation.runEnds[ref], end < cancel.position else { continue }
                    for record in run.records(of: ref) {
                        guard let item = run.droppedWhileQueued(record.record.action), item > cancel.position else { continue }
                        dropped = (record.record.action, item)
                        return true
                    }
                }
            }
            return false
        }
        let (action, item) = try #require(dropped)
        var processed = droppedRun.observation
        guard case .event(let sequence, var event) = processed.items[item] else {
            Issue.record("seed \(droppedRun.seed): trace \(item) is not a\(action)'s cancelled terminal")
            return
        }
        event.kind = .terminal(.reduced)
        processed.items[item] = .event(sequence: sequence, event)
        #expect(droppedRun.tags(processed).contains("cancel"), "seed \(droppedRun.seed): a\(action), dropped while queued, logged as processed")

        // 2. A send processed before the cancellation, its pass moved to just after the
        // cancelling pass's terminal: queued before the cancellation, processed after it.
        var moved: (segment: ClosedRange<Int>, terminal: Int)?
        let movedRun = try await Self.find("a run's send processed before a later cancellation that reaches its run", promising: cancelling) { run in
            for cancel in run.facts.cancels {
                for (ref, predicted) in run.model.runs.sorted(by: { $0.key < $1.key })
                where run.facts.reaches(cancel, scope: predicted.scope, startedBy: predicted.dispatch) {
                    for record in run.records(of: ref) where record.record.action != cancel.dispatch {
                        guard let segment = run.onlyPipelineSegment(record.record.action), segment.upperBound < cancel.position else { continue }
                        moved = (segment, cancel.position)
                        return true
                    }
                }
            }
            return false
        }
        let (segment, terminal) = try #require(moved)
        var late = movedRun.observation
        late.items = Self.moving(late.items, segment, after: terminal)
        #expect(movedRun.tags(late).contains("cancel"), "seed \(movedRun.seed): a send's pass moved after the cancellation")
    }

    @Test func aSendAfterARunProcessedAfterTheRunWasCancelledIsReported() async throws {
        // A `.send` that follows runs in a concatenation carries its link's token, registered
        // under the link's ids: a cancellation that reaches it drops it while it is queued. One
        // processed before such a cancellation, its pass moved to just after the cancelling
        // pass's terminal.
        var moved: (segment: ClosedRange<Int>, terminal: Int)?
        let run = try await Self.find("a send after a run processed before a later cancellation that reaches the run", promising: { !$0.asyncSends.isEmpty }) { run in
            for cancel in run.facts.cancels {
                for (id, send) in run.model.asyncSends.sorted(by: { $0.key < $1.key })
                where id != cancel.dispatch && run.facts.reaches(cancel, send) {
                    guard let segment = run.onlyPipelineSegment(id), segment.upperBound < cancel.position else { continue }
                    moved = (segment, cancel.position)
                    return true
                }
            }
            return false
        }
        let (segment, terminal) = try #require(moved)
        var late = run.observation
        late.items = Self.moving(late.items, segment, after: terminal)
        #expect(run.tags(late).contains("cancel"), "seed \(run.seed): a send's pass moved after the cancellation")
    }

    @Test func aRequiredRunThatNeverRanOrLostASendIsReported() async throws {
        var found: RunRef?
        let run = try await Self.find("a required run whose sends were processed") { run in
            for (ref, predicted) in run.model.runs.sorted(by: { $0.key < $1.key }) where !predicted.sends.isEmpty {
                guard run.facts.isRequired(.run(ref), run.model, lifecycle: false),
                      run.records(of: ref).allSatisfy({ run.processed($0.record.action) != nil }) else { continue }
                found = ref
                return true
            }
            return false
        }
        let ref = try #require(found)
        var neverRan = run.observation
        neverRan.startedRuns[ref] = nil
        #expect(run.tags(neverRan).contains("conservation"), "seed \(run.seed): a required run that never ran")

        // Its last send never made (and so never logged).
        var lost = run.observation
        let last = try #require(run.records(of: ref).last)
        lost.records.removeAll { $0.record.action == last.record.action && $0.record.producer == .effect(ref) }
        lost.items.removeAll { item in
            if case .event(_, let event) = item { event.action == last.record.action } else { false }
        }
        #expect(run.tags(lost).contains("conservation"), "seed \(run.seed): a required run's send lost")

        // The send attributed to a run the model does not know.
        var foreign = run.observation
        let index = try #require(foreign.records.firstIndex { $0.record.producer == .effect(ref) })
        foreign.records[index].record.producer = .effect(RunRef(action: ref.action, reducer: ref.reducer, run: 99))
        #expect(run.tags(foreign).contains("run"), "seed \(run.seed): a send from an unknown run")
    }

    /// A cancel-in-flight link after asynchronous work, with an id of its own concatenation,
    /// has nothing in flight to cancel: the model requires it to run. One that ran, its start
    /// removed from the trace (the store lost it), and the send of the link before it dropped.
    @Test func aCancelInFlightLinkThatNeverRanOrDroppedTheLinkBeforeIsReported() async throws {
        var found: RunRef?
        let run = try await Self.find("a required cancel-in-flight link after async work that ran") { run in
            found = run.model.runs.values.sorted(by: { $0.ref < $1.ref }).first { predicted in
                !predicted.triggers.isEmpty && predicted.scope.contains { EffectWalk.isLinkID($0.id) }
                    && run.facts.isRequired(.run(predicted.ref), run.model, lifecycle: false)
                    && run.observation.startedRuns[predicted.ref] != nil
            }?.ref
            return found != nil
        }
        let ref = try #require(found)
        var neverRan = run.observation
        neverRan.startedRuns[ref] = nil
        #expect(run.tags(neverRan).contains("conservation"), "seed \(run.seed): a cancel-in-flight link that never ran")
    }

    @Test func aConcatenationPartStartedBeforeThePreviousEndedIsReported() async throws {
        var found: RunRef?
        let run = try await Self.find("a run a concatenation started after another") { run in
            found = run.model.runs.values.sorted(by: { $0.ref < $1.ref }).first { predicted in
                !predicted.triggers.isEmpty && run.observation.startedRuns[predicted.ref] != nil
                    && predicted.triggers.allSatisfy { run.observation.startedRuns[$0] != nil }
            }?.ref
            return found != nil
        }
        let ref = try #require(found)
        var damaged = run.observation
        damaged.startedRuns[ref] = 0
        #expect(run.tags(damaged).contains("effect-order"), "seed \(run.seed)")
    }

    @Test func aRunsSendProcessedInsideTheCallThatStartedItIsReported() async throws {
        // A run started inside a driver call, whose send was processed after the call: the call's
        // end moved after that send.
        var found: (call: Int, send: Int)?
        let run = try await Self.find("a run started in a call, its send processed") { run in
            for (position, item) in run.observation.items.enumerated() {
                guard case .event(_, let event) = item, case .effectStarted(.reducer(let reducer)) = event.kind,
                      let call = run.history.call(containing: position) else { continue }
                for (ref, _) in run.model.runs where ref.action == event.action && ref.reducer == reducer {
                    if let start = run.records(of: ref).compactMap({ run.processed($0.record.action) }).first {
                        found = (call.id, start)
                        return true
                    }
                }
            }
            return false
        }
        let (call, send) = try #require(found)
        var damaged = run.observation
        let end = try #require(Self.callEnd(damaged.items, call))
        damaged.items = Self.moving(damaged.items, from: end, after: send)
        #expect(run.tags(damaged).contains("bounded"), "seed \(run.seed)")
    }

    @Test func aRequiredRunsErrorNeverResolvedIsReported() async throws {
        var found: Int?
        let run = try await Self.find("a required run that throws") { run in
            found = run.model.runs.values.sorted(by: { $0.ref < $1.ref }).first { predicted in
                predicted.error != nil && run.facts.isRequired(.run(predicted.ref), run.model, lifecycle: false)
            }?.error
            return found != nil
        }
        let error = try #require(found)
        var damaged = run.observation
        // The error's own stretch of events removed from the log.
        let failed = try #require(damaged.items.firstIndex { item in
            if case .event(_, let event) = item, case .effectFailed(_, error) = event.kind { true } else { false }
        })
        let resolved = try #require(damaged.items[failed...].firstIndex { item in
            if case .event(_, let event) = item, case .effectResolved = event.kind { true } else { false }
        })
        damaged.items.removeSubrange(failed...resolved)
        #expect(run.tags(damaged).contains("effect"), "seed \(run.seed)")
    }

    @Test func aRuntimeLeftWithBookkeepingIsReported() async throws {
        let run = try await Self.find("any effect") { _ in true }
        var damaged = run.observation
        damaged.runtime = RuntimeCounts(active: 0, bookkeeping: 1)
        #expect(run.tags(damaged).contains("runtime"))
        damaged.runtime = RuntimeCounts(active: 1, bookkeeping: 0)
        #expect(run.tags(damaged).contains("runtime"))
    }

    @Test func aCancellationAfterAsyncWorkIsAShapeTheModelRefuses() {
        // The generator never draws it: the model could not place that cancellation in the trace.
        var program = FuzzProgram(seed: 0)
        program.reducerKinds = [.effects]
        program.actions = [ActionScript(role: .dispatched, middleware: [], reducers: [.next], observerDispatch: nil, terminalDispatch: nil,
                                        effects: [.concatenate([.run(FuzzRunBody(index: 0)), .cancel(0)])])]
        program.steps = [.dispatch(0)]
        let model = FuzzModel(program: program)
        let nothing = FuzzObservation(items: [], records: [], consultations: [], notes: [], invalidated: false, released: false, storeFreed: true, leakedErrors: [])
        #expect(Set(FuzzChecker.check(program, model, nothing).map(FuzzTests.tag)).contains("model"))
    }
}

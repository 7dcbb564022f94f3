/// One reducer chain's reductions, as the reducers themselves recorded them.
struct ReductionChain: Sendable {
    var index: Int
    var reductions: [FReduction]
    /// Trace indices of its first and last reduction.
    var start: Int
    var end: Int
}

/// The checks across dispatches: completeness, order, invalidation, the bound of a main-actor
/// call, the reducers against the log, the observer, the resolvers and the work.
extension FuzzChecker {
    /// Without invalidation or release, exactly the predicted dispatches happen.
    mutating func checkCompleteness(_ records: [ObservedRecord]) {
        let made = Set(records.map(\.record.action))
        let late = Set(records.filter { if case .late = $0.record.producer { true } else { false } }.map(\.record.action))
        for id in made.subtracting(model.possible).subtracting(late).sorted() {
            fail("complete", "a\(id) was dispatched, but no run of the program leads to it")
        }
        guard !lifecycle else { return }
        for id in late.sorted() { fail("complete", "a\(id), a work's dispatch on cancellation, was made though nothing was cancelled") }
        // The library's own dispatches are only visible in the log. A reducer effect's dispatch
        // is required only when nothing may have cancelled its effect.
        let visible = effectFacts.required.filter { program.logs || program.actions[$0].role != .libraryDispatched }
        for id in visible.subtracting(made).sorted() {
            fail("complete", "a\(id) should have been dispatched (no invalidation, no release) but never was")
        }
    }

    /// Per producer, and for the main actor as a whole: processed in dispatch order, and never a
    /// dispatch processed after an earlier one of the same producer was dropped or refused.
    mutating func checkOrder() {
        var groups: [String: [(order: Int, record: ObservedRecord, fate: DispatchFate)]] = [:]
        for (record, fate) in fates {
            if record.record.mainActor, let position = record.record.position {
                groups["main actor", default: []].append((position, record, fate))
            }
            switch record.record.producer {
            case .thread, .task, .actor, .hop, .work, .effect:
                groups["\(record.record.producer)", default: []].append((record.record.index, record, fate))
            default: break
            }
        }
        for (producer, members) in groups.sorted(by: { $0.key < $1.key }) {
            var last: (name: String, start: Int)?
            var worst: (name: String, rank: Int)?
            for member in members.sorted(by: { $0.order < $1.order }) {
                let name = "a\(member.record.record.action)"
                guard let rank = member.fate.rank else { continue }
                if let worst, rank < worst.rank {
                    fail("fifo", "\(producer): \(name) was \(DispatchFate.describe(rank: rank)) though \(worst.name), dispatched earlier, was \(DispatchFate.describe(rank: worst.rank))")
                }
                if worst == nil || rank > worst!.rank { worst = (name, rank) }
                if case .processed(_, let start) = member.fate {
                    if let last, start < last.start {
                        fail("fifo", "\(producer): \(name) began processing (trace \(start)) before \(last.name) (trace \(last.start)), which was dispatched first")
                    }
                    last = (name, start)
                }
            }
        }
    }

    /// The processed members of one `dispatch(contentsOf:)` run one right after the other.
    mutating func checkBatches() {
        // Counted among processing stretches only: a lone terminal logged in between is the
        // log's fault ([interleaved]), not the order's.
        var processing: [Int: Int] = [:]
        if program.logs {
            for (index, segment) in history.segments.enumerated() where segment.kind == .pipeline || segment.kind == .effect {
                processing[index] = processing.count
            }
        }
        var batches: [Int: [(index: Int, action: Int, segment: Int)]] = [:]
        for (record, fate) in fates {
            guard let batch = record.record.batch, case .processed(let segment, _) = fate else { continue }
            batches[batch, default: []].append((record.record.index, record.record.action, program.logs ? processing[segment] ?? -1 : segment))
        }
        for (_, members) in batches.sorted(by: { $0.key < $1.key }) {
            let ordered = members.sorted { $0.index < $1.index }
            for (earlier, later) in zip(ordered, ordered.dropFirst()) where later.segment != earlier.segment + 1 {
                fail("batch", "a\(later.action) of a batch did not start right after a\(earlier.action) (segments \(earlier.segment) → \(later.segment))")
            }
        }
    }

    /// After `invalidate()`, only the pass that called it goes on; nothing else is processed or
    /// reduced, only cancelled terminals, refusals and dropped task errors are logged.
    mutating func checkAfterInvalidation() {
        guard let invalidation = history.invalidation else { return }
        // The pass that called invalidate(): open when it ran, or (when its first middleware
        // called it) the one whose first event, logged after that middleware returned, follows.
        var running: ObservedSegment?
        if let open = history.openAtInvalidation {
            running = history.segments[open]
        } else if let action = history.invalidatedBy {
            running = history.segments.first { segment in
                segment.start > invalidation && segment.kind == .pipeline && segment.events.first?.action == action
            }
        }
        for segment in history.segments where segment.start > invalidation {
            if let running, segment.sequence == running.sequence, segment.start == running.start { continue }
            switch segment.kind {
            case .cancel, .refused, .dropped: continue
            case .pipeline, .effect:
                fail("after-invalidate", "#\(segment.sequence) was processed after invalidate(): \(segment.events)")
            }
        }
        let ownerOfPass = history.invalidatedBy.map(model.owner)
        for (position, item) in observation.items.enumerated() where position > invalidation {
            guard case .reduction(let reduction) = item else { continue }
            if program.logs {
                if let running, position <= running.end { continue }
            } else if let ownerOfPass, model.owner(of: reduction.action) == ownerOfPass {
                continue
            }
            fail("after-invalidate", "\(reduction) ran after invalidate(), outside the pass that called it")
        }
    }

    /// Rule 1 (issue 5): what work started inside a main-actor call enqueues (its dispatches, a
    /// `.deferred` resumption, a task error) is never processed before that call returns.
    mutating func checkBoundedCalls() {
        for (index, segment) in history.segments.enumerated() where segment.kind == .pipeline {
            for (event, eventPosition) in zip(segment.events, segment.positions) {
                let work: WorkRef
                switch event.kind {
                case .middleware(let middleware, .task), .middleware(let middleware, .deferred):
                    work = WorkRef(action: event.action, position: middleware)
                default: continue
                }
                guard let call = history.call(containing: eventPosition) else { continue }
                if let invalidation = history.invalidation, eventPosition > invalidation { continue }
                var born: [(String, Int)] = []
                for (record, fate) in fates where record.record.producer == .work(work) {
                    if case .processed(_, let start) = fate { born.append(("a\(record.record.action), which it dispatched", start)) }
                }
                if case .middleware(_, .deferred) = event.kind,
                   let next = history.logs[segment.sequence]?.segments.first(where: { $0 > index }),
                   history.segments[next].kind == .pipeline {
                    born.append(("its resumption", history.segments[next].start))
                }
                for effect in history.segments(of: segment.sequence) where effect.kind == .effect {
                    if case .effectFailed(.effect(work.position), _) = effect.events.first?.kind, effect.events.first?.action == work.action {
                        born.append(("its error", effect.start))
                    }
                }
                for (what, start) in born where start < call.end {
                    fail("bounded", "\(work), started inside main-actor call \(call.id) (trace \(call.begin)–\(call.end)): \(what) was processed at trace \(start), before that call returned")
                }
            }
        }
    }

    /// Every reduction a reducer recorded is the next thing logged, as its reducer event, and
    /// every handled reducer event was such a reduction.
    mutating func checkReductionsMatchTheLog() {
        let items = observation.items
        for (position, item) in items.enumerated() {
            switch item {
            case .reduction(let reduction):
                let next = position + 1 < items.count ? items[position + 1] : nil
                if case let .event(_, event)? = next, event.action == reduction.action,
                   case .reducer(reduction.reducer, let exit) = event.kind, exit != .defaultNext { continue }
                fail("reductions", "\(reduction) ran, but the next thing logged is \(next.map { "\($0)" } ?? "nothing")")
            case let .event(_, event):
                guard case .reducer(let reducer, let exit) = event.kind, exit != .defaultNext else { continue }
                if position > 0, case .reduction(let reduction) = items[position - 1],
                   reduction == FReduction(reducer: reducer, action: event.action) { continue }
                fail("reductions", "the log shows \(event), but that reducer did not run")
            default: continue
            }
        }
    }

    /// The reducers' own records, cut into chains (one per reducer run of one action).
    func reductionChains() -> [ReductionChain] {
        var chains: [ReductionChain] = []
        for (position, item) in observation.items.enumerated() {
            guard case .reduction(let reduction) = item else { continue }
            if var last = chains.last, last.reductions[0].action == reduction.action, last.reductions[last.reductions.count - 1].reducer < reduction.reducer {
                last.reductions.append(reduction)
                last.end = position
                chains[chains.count - 1] = last
            } else {
                chains.append(ReductionChain(index: chains.count, reductions: [reduction], start: position, end: position))
            }
        }
        return chains
    }

    /// The observer is told exactly once per handled action, after its reducers and before the
    /// next action's.
    mutating func checkObserver() {
        guard program.observer, let installed = history.observerInstalled else { return }
        var pending: (action: Int, told: Bool)?
        func close(_ pending: (action: Int, told: Bool)?, _ checker: inout FuzzChecker) {
            if let pending, !pending.told { checker.fail("observer", "a\(pending.action) was reduced but the observer was never told") }
        }
        for (position, item) in observation.items.enumerated() where position > installed {
            switch item {
            case .reduction(let reduction):
                if pending?.action == reduction.action, pending?.told == false { continue }
                close(pending, &self)
                pending = (reduction.action, false)
            case .notified(let action):
                if let current = pending, current.action == action, !current.told {
                    pending = (action, true)
                } else {
                    fail("observer", "the observer was told (last reduced a\(action)) with no new reduction to tell")
                }
            case let .event(_, event):
                if case .terminal = event.kind, pending?.action == event.action {
                    close(pending, &self)
                    pending = nil
                }
            default: continue
            }
        }
        close(pending, &self)
    }

    /// Each resolver was shown what the model says: the error, its origin, the action as it was
    /// when the error was raised, and the dispatched action.
    mutating func checkResolvers() {
        var shown: [Int: [FConsultation]] = [:]
        for consultation in observation.consultations { shown[consultation.error, default: []].append(consultation) }
        for (error, observed) in shown.sorted(by: { $0.key < $1.key }) {
            let expected = model.consultations[error] ?? []
            if observed != expected {
                fail("resolver", "e\(error): resolvers were shown \(observed), expected \(expected)")
            }
        }
    }

    /// A work dispatches a prefix of its ops' dispatches (all of them unless cancelled); its
    /// dispatch on cancellation happens only when something was cancelled, and is refused.
    mutating func checkWork() {
        var made: [WorkRef: [(Int, Int)]] = [:]
        for (record, fate) in fates {
            switch record.record.producer {
            case .work(let work):
                made[work, default: []].append((record.record.index, record.record.action))
            case .late(let work):
                let name = "a\(record.record.action) (late dispatch of \(work))"
                if case .processed = fate { fail("work", "\(name) was processed, but a cancelled work's dispatch must be refused") }
                if case .cancelledQueued = fate { fail("work", "\(name) was queued, but a cancelled work's dispatch must be refused") }
                expect(record, in: [.refused(.invalidated), .refused(.storeReleased)], name)
            default: continue
            }
        }
        let started = Set(effectFacts.required.compactMap { model.predictions[$0] }.flatMap(\.works))
        for (work, dispatches) in made.sorted(by: { $0.key.description < $1.key.description }) {
            let actions = dispatches.sorted { $0.0 < $1.0 }.map(\.1)
            let expected = model.workDispatches[work] ?? []
            if !expected.starts(with: actions) || (!lifecycle && actions != expected) {
                fail("work", "\(work) dispatched \(actions.map { "a\($0)" }), expected \(expected.map { "a\($0)" })")
            }
        }
        guard !lifecycle else { return }
        for work in started.sorted(by: { $0.description < $1.description }) where made[work] == nil {
            if let expected = model.workDispatches[work], !expected.isEmpty {
                fail("work", "\(work) should have dispatched \(expected.map { "a\($0)" }) but dispatched nothing")
            }
        }
    }
}

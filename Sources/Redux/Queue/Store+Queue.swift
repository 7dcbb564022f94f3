import Synchronization

/// How actions get into the store's two queues and how the main actor processes them.
///
/// Other isolations append to the locked inbox. The main actor owns the pipeline queue: a
/// main-actor call outside the pipeline moves the inbox's backlog into it as one block, appends
/// its own action, processes everything, including what main-actor code appends while it runs,
/// and returns without looking at the inbox again.
extension Store {
    @usableFromInline typealias Entry = QueueEntry<State, Action>

    /// A dispatch known to run on the main actor. Inside a call that is processing, it is queued
    /// behind the current action; otherwise it starts a call of its own. Forced inline: the fast
    /// path (nothing waiting, store valid) is P1, and a call boundary here costs it measurably.
    @inlinable @inline(__always)
    func dispatchOnMainActor(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        // `leavesFastPath`: invalidated (refused on the slow path), or binding its dependencies
        // (processed through `drainPipeline()`, which binds them).
        if isProcessing || leavesFastPath || inbox.hasPending {
            dispatchOnMainActorSlowly(action, site: CallSite(file: file, line: line, onMainActor: true), promise: promise)
            return
        }
        // Fast path: nothing waits, so the action runs at once, without touching a queue.
        isProcessing = true
        var run = ActionRun<State, Action>(sequence: sequenceNumber(for: promise), action: action, promise: promise)
        if isDiagnosing { passSite = CallSite(file: file, line: line, onMainActor: true) }
        if let onLog {
            let site = CallSite(file: file, line: line, onMainActor: true)
            if logEnqueuedDropping(run, site: site, onLog) {
                isProcessing = false
                finishCall()
                return
            }
        }
        runPipeline(&run, from: 0)
        if pipeline.isEmpty {
            // Nothing else ran: no event can be held and no waiter can have become settled
            // (the inbox was empty and the pipeline queue still is).
            isProcessing = false
        } else {
            // All of it was dispatched while the action ran; no dependencies to bind (a store
            // that binds them never takes this path).
            drainPipelineUnbound(ownEntries: 0)
            isProcessing = false
            finishCall()
        }
    }

    /// The main-actor dispatch paths that are not the fast one: inside a call (queued behind the
    /// current action), on an invalidated store (refused), or behind an inbox backlog (a call of
    /// its own that takes the backlog first).
    ///
    /// Inlinable (so specialized for the app's types, like the fast path) but kept out of line.
    @inlinable @inline(never)
    func dispatchOnMainActorSlowly(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?) {
        let entry = dispatchEntry(action, site: site, promise: promise, logged: true)
        if isProcessing {
            enqueueInPipeline(CollectionOfOne(entry))
        } else if isInvalidated {
            refuse(action, site: site, promise: promise, sequence: entry.run.sequence)
        } else {
            processCall { enqueueInPipeline(CollectionOfOne(entry)) }
        }
    }

    /// A batch dispatched on the main actor: queued together, then processed like one dispatch.
    @usableFromInline
    func dispatchBatchOnMainActor(_ actions: [Action], file: StaticString, line: UInt) {
        let site = CallSite(file: file, line: line, onMainActor: true)
        if isInvalidated, !isProcessing {
            for action in actions { refuse(action, site: site, promise: nil) }
            return
        }
        let entries = actions.map { action in
            dispatchEntry(action, site: site, promise: nil, logged: true)
        }
        if isProcessing {
            enqueueInPipeline(entries)
        } else {
            processCall { enqueueInPipeline(entries) }
        }
    }

    /// One main-actor call outside the pipeline: takes the inbox's backlog as one block, lets
    /// `enqueue` append the call's own entries behind it, processes everything (and whatever
    /// main-actor code appends meanwhile), then ends the call. The scoped form of "mark the
    /// pipeline busy, drain, mark it idle".
    @inlinable
    func processCall(_ enqueue: () -> Void) {
        isProcessing = true
        takeInboxBacklog()
        enqueue()
        drainPipeline()
        isProcessing = false
        finishCall()
    }

    /// Moves everything other isolations enqueued so far into the pipeline queue, as one block.
    @inlinable
    func takeInboxBacklog() {
        guard inbox.hasPending else { return }
        inbox.takeAll(into: &pipeline)
    }

    /// After a call: events still held are delivered and `settled()` waiters are woken.
    @inlinable
    func finishCall() {
        if !heldEvents.isEmpty { flushHeldEvents() }
        if settle.hasWaiters.load(ordering: .relaxed) { settle.pulse() }
    }

    /// Queues entries made on the main actor while a call processes, then delivers their
    /// `.enqueued` events: whatever the log handler dispatches lands behind them. On an
    /// invalidated store each is refused instead.
    @inlinable
    func enqueueInPipeline(_ entries: some Collection<Entry>) {
        if isInvalidated {
            for entry in entries { refuse(entry.run.action, site: entry.site, promise: entry.run.promise, sequence: entry.run.sequence) }
            return
        }
        pipeline.append(contentsOf: entries)
        if let onLog {
            for entry in entries {
                onLog(LogEvent(sequence: entry.run.sequence, action: entry.run.action, kind: .enqueued(entry.site)))
            }
        }
        inbox.notePipelineDepth(pipeline.count)
    }

    /// A queue entry for a new dispatch, with its sequence number drawn (see
    /// ``sequenceNumber(for:)``); `logged` says whether its `.enqueued` event is delivered now
    /// (main actor) rather than when it is processed (other isolations).
    @inlinable
    nonisolated func dispatchEntry(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, logged: Bool) -> Entry {
        Entry(ActionRun(sequence: sequenceNumber(for: promise), action: action, promise: promise), site: site, .dispatch(logged: logged))
    }

    /// The sequence number for a new dispatch: its ticket's, else a fresh one when a log handler
    /// will show it, else 0 (nobody sees it; no atomic is touched).
    @inlinable
    nonisolated func sequenceNumber(for promise: OutcomePromise<Action>?) -> UInt64 {
        promise?.box.sequence ?? (onLog == nil ? 0 : inbox.nextSequence())
    }

    /// Queues an action dispatched from another isolation in the inbox and makes sure a
    /// main-actor turn is scheduled. Never blocks on the pipeline.
    @inlinable
    nonisolated func enqueueRemote(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        let site = CallSite(file: file, line: line, onMainActor: false)
        enqueueRemote(dispatchEntry(action, site: site, promise: promise, logged: false))
    }

    /// Queues a batch from another isolation contiguously.
    @usableFromInline
    nonisolated func enqueueRemote(contentsOf actions: [Action], file: StaticString, line: UInt) {
        let site = CallSite(file: file, line: line, onMainActor: false)
        let entries = actions.map { action in
            dispatchEntry(action, site: site, promise: nil, logged: false)
        }
        handle(inbox.append(contentsOf: entries, keepRefusals: onLog != nil), for: entries)
    }

    /// Queues any entry from off the main actor (a dispatch, a resumption, a task error).
    @inlinable
    nonisolated func enqueueRemote(_ entry: Entry) {
        handle(inbox.append(entry, keepRefusals: onLog != nil), for: CollectionOfOne(entry))
    }

    @inlinable
    nonisolated func handle(_ result: Inbox<State, Action>.AppendResult, for entries: some Collection<Entry>) {
        switch result {
        case .queued: break
        case .queuedNeedsTurn: scheduleTurn()
        case let .refused(reason, needsTurn):
            for entry in entries { answerRefused(entry, reason) }
            if needsTurn { scheduleTurn() }
        }
    }

    /// One main-actor hop per burst of remote work; holds the store weakly.
    @inlinable
    nonisolated func scheduleTurn() {
        Task { @MainActor [weak self] in
            self?.runScheduledTurn()
        }
    }

    /// A scheduled main-actor turn: moves at most one segment (1,024 entries) of the inbox into
    /// the pipeline queue as one block, processes it like a dispatch call would, then, if more
    /// is waiting, hops again — so a background producer faster than the pipeline cannot hold
    /// the main actor. On an invalidated store it only delivers the refusals kept for the log.
    @inlinable
    func runScheduledTurn() {
        if isInvalidated {
            let refused = inbox.takeRefusedForLog()
            holdingEvents { for entry in refused { logRefusedRemote(entry) } }
            settle.pulse()
            return
        }
        if isProcessing {  // cannot happen (the pipeline never awaits); stay scheduled anyway
            scheduleTurn()
            return
        }
        if let block = inbox.takeTurnBlock() {
            isProcessing = true
            pipeline.append(segment: block)
            drainPipeline()
            isProcessing = false
            finishCall()
            if inbox.continueScheduledTurn() { scheduleTurn() }
        } else if settle.hasWaiters.load(ordering: .relaxed) {
            settle.pulse()
        }
    }

    /// Processes the pipeline queue, one entry at a time in FIFO order, until it is empty;
    /// what the entries append (main-actor dispatches, recoveries, released task errors) is
    /// processed in the same call. The inbox is not looked at.
    ///
    /// This is the one loop where components run: while the store scopes its dependencies it
    /// runs with ``Dependencies/current`` bound to them, the whole drain in one binding.
    ///
    /// - Parameter ownEntries: how many queued entries are the call's own (its inbox block and
    ///   its own actions), not re-entrant ones; by default, everything queued when it starts.
    @inlinable
    func drainPipeline(ownEntries: Int? = nil) {
        if scopesDependencies {
            drainPipelineBindingDependencies(ownEntries: ownEntries)
        } else {
            drainPipelineUnbound(ownEntries: ownEntries)
        }
    }

    /// ``drainPipeline(ownEntries:)`` inside one binding of the store's dependencies. Out of
    /// line: the unbound path does not grow.
    @inlinable @inline(never)
    func drainPipelineBindingDependencies(ownEntries: Int?) {
        Dependencies.$current.withValue(dependencyValues) {
            drainPipelineUnbound(ownEntries: ownEntries)
        }
    }

    /// The drain loop itself, binding nothing.
    @inlinable
    func drainPipelineUnbound(ownEntries: Int?) {
        let initial = ownEntries ?? pipeline.count
        var processed = 0
        while let segment = pipeline.takeFirstSegment() {
            if onLog != nil { logHighWaterMark(before: segment) }
            for index in segment.indices {
                if isInvalidated {
                    dropAfterInvalidation(segment[index...])
                    return
                }
                process(segment[index])
                processed += 1
                if processed - initial == Self.runawayCallThreshold, isDiagnosing { warnRunawayCall() }
            }
        }
    }

    /// Re-entrant actions one call may process before a debug build warns of a runaway loop.
    @inlinable static var runawayCallThreshold: Int { 100_000 }

    @inlinable
    func process(_ entry: Entry) {
        if isDiagnosing { passSite = entry.site }
        switch entry.kind {
        case .dispatch(let logged):
            var run = entry.run
            if let onLog, !logged, logEnqueuedDropping(run, site: entry.site, onLog) { return }
            if currentRecord != nil { currentRecord = nil }
            runPipeline(&run, from: 0)
        case let .effectSend(token, logged):
            processEffectSend(entry, token: token, logged: logged)
        case let .resume(index, suspendedAt, result, lifetime):
            lifetime?.sendEnded()
            currentRecord = entry.record
            resume(entry.run, after: index, suspendedAt: suspendedAt, result: result, lifetime: lifetime)
        case let .effectError(origin, error, lifetime):
            if let record = entry.record {
                var parked = entry
                parked.record = nil  // a parked entry never holds its record (no cycle)
                if record.park(parked) { return }
            }
            if let lifetime {
                lifetime.sendEnded()
                // The error of a child instance that is gone reaches no resolver: a recovery
                // would be reduced into whatever took the instance's place.
                if !instanceIsAlive(lifetime) {
                    if onLog != nil { emit(entry.run.sequence, entry.run.action, .effectErrorResolved(.dropped)) }
                    return
                }
            }
            resolveEffectError(error, origin: origin, run: entry.run)
        }
    }

    /// An action an effect sent: dropped (cancelled) if its task, or the wait on its dispatch's
    /// effects (its group), was cancelled since — even if the task has finished; otherwise
    /// processed like a dispatch, in a run that keeps the effect's group waiting until its
    /// terminal. Specialized but out of line, so the main-actor fast path does not grow.
    @inlinable @inline(never)
    func processEffectSend(_ entry: Entry, token: EffectToken, logged: Bool) {
        token.lifetime?.sendEnded()
        if token.isCancelled || token.group?.hasBeenCancelled == true || !instanceIsAlive(token.lifetime) {
            answerDropped(entry)
            if onLog != nil { logDropped(entry) }
            return
        }
        if !logged { runtime.sendProcessed(token) }
        var run = entry.run
        if let onLog, !logged, logEnqueuedDropping(run, site: entry.site, onLog) {
            token.group?.actionEnded()  // dropped as a plain dispatch: its group stops waiting for it here
            return
        }
        if let sender = token.group {
            // A tracked send gets a group of its own inside the sender's, so its ticket waits for
            // exactly its own effects; an untracked one's effects join the sender's group.
            let group = run.promise.map { $0.box.effectGroup(parent: sender) } ?? sender
            currentRecord = RunRecord(group: group, sender: sender)
        } else {
            currentRecord = nil
        }
        runPipeline(&run, from: 0)
    }

    /// Delivers a dispatch's `.enqueued` event just before its pass; returns `true` if the log
    /// handler invalidated the store meanwhile, in which case the action was dropped (cancelled,
    /// with the rest of the pipeline queue) instead of run.
    @usableFromInline
    func logEnqueuedDropping(_ run: ActionRun<State, Action>, site: CallSite, _ onLog: LogHandler) -> Bool {
        onLog(LogEvent(sequence: run.sequence, action: run.action, kind: .enqueued(site)))
        guard isInvalidated else { return false }
        dropAfterInvalidation(CollectionOfOne(Entry(run, site: site, .dispatch(logged: true))))
        return true
    }

    /// Drops what is left of the pipeline queue once the store was invalidated, after the
    /// events held during the pass that invalidated it.
    @usableFromInline
    func dropAfterInvalidation(_ rest: some Collection<Entry>) {
        if !heldEvents.isEmpty { flushHeldEvents() }
        let remaining = pipeline.takeAll()
        for entry in rest { answerDropped(entry) }
        for segment in remaining { for entry in segment { answerDropped(entry) } }
        guard onLog != nil else { return }
        for entry in rest { logDropped(entry) }
        for segment in remaining { for entry in segment { logDropped(entry) } }
    }
}

import Synchronization

// Where the pass loop runs: a main-actor call (a dispatch's own, or a scheduled turn for the
// inbox) takes the entries off the pipeline queue one at a time, in FIFO order, and runs each
// through the pipeline (Store+Pipeline.swift: middlewares, then resolvers on an error, then
// the reducers of Store+Reduce.swift). How entries get into the queues (the inbox, the entry
// buffer, the enqueue paths and the main-actor fast path) is in Queue/.
extension Store {
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

    /// After a call: events still held are delivered and `settled()` waiters are woken. The
    /// recorder's origin goes back to `.external` (a pass that ended without a terminal, such
    /// as a dropped send, leaves it set), for the next dispatch on the fast path.
    @inlinable
    func finishCall() {
        passOrigin = .external
        passDispatchedAt = .min
        if !heldEvents.isEmpty { flushHeldEvents() }
        if settle.hasWaiters.load(ordering: .relaxed) { settle.pulse() }
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
        while true {
            if pendingSend != nil {
                // The oldest entry (see `pendingSend`).
                if isInvalidated {
                    dropAfterInvalidation(EmptyCollection())
                    return
                }
                processPendingSend()
                processed += 1
                if processed - initial == Self.runawayCallThreshold, isDiagnosing { warnRunawayCall() }
                continue
            }
            // `isEmpty` first: after a pending send, most calls have nothing else queued.
            if pipeline.isEmpty { return }
            guard var segment = pipeline.takeFirstSegment() else { return }
            if onLog != nil { logHighWaterMark(before: segment) }
            let last = segment.count - 1
            for index in segment.indices {
                if isInvalidated {
                    hasEntriesAhead = false
                    dropAfterInvalidation(segment[index...])
                    return
                }
                hasEntriesAhead = index < last
                process(segment[index])
                processed += 1
                if processed - initial == Self.runawayCallThreshold, isDiagnosing { warnRunawayCall() }
            }
            pipeline.recycle(&segment)
        }
    }

    /// Runs the action in ``pendingSend`` like a dispatch.
    @inlinable
    func processPendingSend() {
        guard let action = pendingSend else { return }
        pendingSend = nil
        pipeline.countOutsideEntry(-1)
        if interceptsEntries {
            var site = pendingSendSite
            site.fromStoreWork = true
            if intercept(Entry(ActionRun(sequence: 0, action: action, promise: nil), site: site, .dispatch(logged: true))) { return }
        }
        if isDiagnosing {
            passSite = pendingSendSite
            reportedAbsenceInPass = false
        }
        if currentRecord != nil { currentRecord = nil }
        var run = ActionRun<State, Action>(sequence: 0, action: action, promise: nil)
        runPipeline(&run, from: 0)
    }

    @inlinable
    func process(_ entry: Entry) {
        if interceptsEntries, intercept(entry) { return }
        if isDiagnosing {
            passSite = entry.site
            reportedAbsenceInPass = false
        }
        switch entry.kind {
        case .dispatch(let logged):
            var run = entry.run
            if let onLog, !logged, logEnqueuedDropping(run, site: entry.site, onLog) { return }
            if currentRecord != nil { currentRecord = nil }
            runPipeline(&run, from: 0)
        case let .effectSend(token, logged):
            processEffectSend(entry, token: token, logged: logged)
        case let .sliceDispatch(lifetime, path):
            processSliceDispatch(entry, lifetime: lifetime, path: path)
        case let .limitedDispatch(identity, logged):
            processLimitedDispatch(entry, identity: identity, logged: logged)
        case let .resume(index, suspendedAt, result, lifetime, reportedAbsence):
            if isDiagnosing { reportedAbsenceInPass = reportedAbsence }
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
        case .travel(let request):
            performTravel(request, action: entry.run.action)
        }
    }

    /// An action an effect sent: dropped (cancelled) if its task, or the wait on the effects of
    /// the action that started the task (its group), was cancelled since — even if the task has
    /// finished; otherwise processed like a dispatch, in a run that keeps the effect's group
    /// waiting until its terminal. Specialized but out of line, so the main-actor fast path does
    /// not grow.
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
            // A sent action's effects are its own, in a group inside the sender's: the sender's
            // wait covers them, but cancelling it does not reach them. A tracked send gets its
            // ticket's group, so that ticket waits for exactly its own effects; an untracked one
            // gets the sender's follow-up group.
            let group = run.promise.map { $0.box.effectGroup(parent: sender) } ?? sender.followUps()
            currentRecord = RunRecord(group: group, sender: sender)
        } else {
            currentRecord = nil
        }
        runPipeline(&run, from: 0)
    }

    /// An action a slice queued behind others: dropped if the slice's child instance is gone
    /// by now (reported like a detached slice's dispatch: a `.detachedSlice` event, or with no
    /// log handler a diagnostic line), otherwise processed like a dispatch. Out of line, so the
    /// drain loop does not grow.
    @usableFromInline @inline(never)
    func processSliceDispatch(_ entry: Entry, lifetime: InstanceLifetime, path: ChildPath) {
        lifetime.sendEnded()
        var run = entry.run
        guard instanceIsAlive(lifetime) else {
            run.promise?.resolve(.cancelled)
            if let onLog {
                onLog(LogEvent(sequence: run.sequence, action: run.action, kind: .detachedSlice(path, entry.site)))
            } else if let diagnostics {
                diagnostics.reportDetachedSlice(action: run.action, path: path, site: entry.site)
            }
            return
        }
        // Its `.enqueued` event was delivered when the slice queued it.
        if currentRecord != nil { currentRecord = nil }
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
        if let action = pendingSend {
            // The oldest entry (nothing is ahead of it in a segment when it is written).
            pendingSend = nil
            pipeline.countOutsideEntry(-1)
            let entry = Entry(ActionRun(sequence: 0, action: action, promise: nil), site: pendingSendSite, .dispatch(logged: true))
            answerDropped(entry)
            if onLog != nil { logDropped(entry) }
        }
        let remaining = pipeline.takeAll()
        for entry in rest { answerDropped(entry) }
        for segment in remaining { for entry in segment { answerDropped(entry) } }
        guard onLog != nil else { return }
        for entry in rest { logDropped(entry) }
        for segment in remaining { for entry in segment { logDropped(entry) } }
    }
}

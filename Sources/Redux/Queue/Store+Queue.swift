import Synchronization

/// How actions get into the store's two queues.
///
/// Other isolations append to the locked inbox. The main actor owns the pipeline queue: a
/// main-actor call outside the pipeline moves the inbox's backlog into it as one block, appends
/// its own action, processes everything, including what main-actor code appends while it runs,
/// and returns without looking at the inbox again. The processing (the drain loop and the pass
/// of each entry) is in Pipeline/.
extension Store {
    @usableFromInline typealias Entry = QueueEntry<State, Action>

    /// A dispatch known to run on the main actor. Inside a call that is processing, it is queued
    /// behind the current action; otherwise it starts a call of its own. Forced inline: the fast
    /// path (nothing waiting, store valid) is P1, and a call boundary here costs it measurably.
    @inlinable @inline(__always)
    func dispatchOnMainActor(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        // `leavesFastPath`: invalidated (refused on the slow path), binding its dependencies
        // (processed through `drainPipeline()`, which binds them), or counting dispatches for
        // pressure diagnostics (counted on the slow path, which comes back here when idle).
        if isProcessing || leavesFastPath || inbox.hasPending {
            dispatchOnMainActorSlowly(action, site: CallSite(file: file, line: line, onMainActor: true), promise: promise)
            return
        }
        dispatchAtOnce(action, file: file, line: line, promise: promise)
    }

    /// The fast path of a main-actor dispatch, for a caller that has just seen nothing
    /// processing, nothing queued and the store on its fast path: the action runs at once,
    /// without touching a queue and without looking at the inbox again (an action another
    /// isolation queues from now on comes after this one).
    @inlinable @inline(__always)
    func dispatchAtOnce(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        dispatchAtOnce(action, sequence: sequenceNumber(for: promise), file: file, line: line, promise: promise)
    }

    /// ``dispatchAtOnce(_:file:line:promise:)`` with the sequence number already drawn (pressure
    /// diagnostics draw it first, for their warning).
    @inlinable @inline(__always)
    func dispatchAtOnce(_ action: Action, sequence: UInt64, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        isProcessing = true
        var run = ActionRun<State, Action>(sequence: sequence, action: action, promise: promise)
        if isDiagnosing {
            passSite = CallSite(file: file, line: line, onMainActor: true)
            reportedAbsenceInPass = false
        }
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
    /// its own that takes the backlog first). With pressure diagnostics the dispatch is counted
    /// here first, then takes the fast path after all when nothing else keeps it off it.
    ///
    /// Inlinable (so specialized for the app's types, like the fast path) but kept out of line.
    @inlinable @inline(never)
    func dispatchOnMainActorSlowly(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?) {
        let sequence = sequenceNumber(for: promise)
        if pressure != nil {
            notePressure(action, sequence: sequence, site: site)
            if !isProcessing, !isInvalidated, !scopesDependencies, !inbox.hasPending, travel == nil {
                dispatchAtOnce(action, sequence: sequence, file: site.file, line: site.line, promise: promise)
                return
            }
        }
        routeOnMainActor(Entry(ActionRun(sequence: sequence, action: action, promise: promise), site: site, .dispatch(logged: true)))
    }

    /// Takes a main-actor dispatch's entry (already counted by pressure diagnostics, if on) where
    /// it goes: queued behind the current action inside a call; refused on an invalidated store;
    /// run at once on an idle store that binds no dependencies (reached when only pressure
    /// diagnostics kept the dispatch off the fast path; never for a limited entry, which is
    /// made only for a store that is busy); otherwise a call of its own that takes the inbox's
    /// backlog first.
    @inlinable
    func routeOnMainActor(_ entry: Entry) {
        if isProcessing {
            enqueueInPipeline(CollectionOfOne(markedAsStoreWork(entry)))
        } else if isInvalidated {
            refuse(entry.run.action, site: entry.site, promise: entry.run.promise, sequence: entry.run.sequence)
        } else if !scopesDependencies, !inbox.hasPending, travel == nil, case .dispatch = entry.kind {
            dispatchAtOnce(entry.run.action, sequence: entry.run.sequence, file: entry.site.file, line: entry.site.line, promise: entry.run.promise)
        } else {
            processCall { enqueueInPipeline(CollectionOfOne(entry)) }
        }
    }

    /// A batch dispatched on the main actor: queued together, then processed like one dispatch.
    @usableFromInline
    func dispatchBatchOnMainActor(_ actions: [Action], file: StaticString, line: UInt) {
        let site = CallSite(file: file, line: line, onMainActor: true)
        let entries = actions.map { action in
            dispatchEntry(action, site: site, promise: nil, logged: true)
        }
        if pressure != nil {
            for entry in entries { notePressure(entry.run.action, sequence: entry.run.sequence, site: site) }
        }
        if isInvalidated, !isProcessing {
            for entry in entries { refuse(entry.run.action, site: site, promise: nil, sequence: entry.run.sequence) }
            return
        }
        if isProcessing {
            if isRecording {
                enqueueInPipeline(entries.map(markedAsStoreWork))
            } else {
                enqueueInPipeline(entries)
            }
        } else {
            processCall { enqueueInPipeline(entries) }
        }
    }

    /// Moves everything other isolations enqueued so far into the pipeline queue, as one block.
    @inlinable
    func takeInboxBacklog() {
        guard inbox.hasPending else { return }
        inbox.takeAll(into: &pipeline)
    }

    /// Queues entries made on the main actor while a call processes, then delivers their
    /// `.enqueued` events: whatever the log handler dispatches lands behind them. On an
    /// invalidated store each is refused instead.
    @inlinable
    func enqueueInPipeline(_ entries: some Collection<Entry>) {
        if isInvalidated {
            for entry in entries {
                if case .limitedDispatch(let identity, _) = entry.kind { rateLimits.release(identity) }
                refuse(entry.run.action, site: entry.site, promise: entry.run.promise, sequence: entry.run.sequence, loud: entry.kind.isDispatch)
            }
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
    nonisolated func enqueueRemote(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?, fromStoreWork: Bool = false) {
        var site = CallSite(file: file, line: line, onMainActor: false)
        site.fromStoreWork = fromStoreWork
        let entry = dispatchEntry(action, site: site, promise: promise, logged: false)
        if pressure != nil { notePressureRemotely(action, sequence: entry.run.sequence, site: site) }
        enqueueRemote(entry)
    }

    /// Queues a batch from another isolation contiguously.
    @usableFromInline
    nonisolated func enqueueRemote(contentsOf actions: [Action], file: StaticString, line: UInt) {
        let site = CallSite(file: file, line: line, onMainActor: false)
        let entries = actions.map { action in
            dispatchEntry(action, site: site, promise: nil, logged: false)
        }
        if pressure != nil {
            for entry in entries { notePressureRemotely(entry.run.action, sequence: entry.run.sequence, site: site) }
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
        // A test declared long-lived work: what a woken declared task queues ends its wake's
        // work (after the append, so quiescence sees the entry first).
        if runtime.hasDeclaredTasks.load(ordering: .relaxed) { runtime.noteQueuedFromCurrentTask() }
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
}

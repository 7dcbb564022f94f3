import Synchronization

/// How actions get into the queue and how the main actor drains it.
extension Store {
    @usableFromInline typealias Entry = QueueEntry<State, Action>

    /// A dispatch known to run on the main actor: processed at once when nothing is queued and
    /// the pipeline is idle, queued behind the current action when the pipeline is running.
    @inlinable
    func dispatchOnMainActor(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        if isProcessing || queue.hasPending {
            let wasProcessing = isProcessing
            isProcessing = true  // a dispatch from the log handler is queued, not nested
            enqueueOnMainActor(action, file: file, line: line, promise: promise)
            isProcessing = wasProcessing
            if !wasProcessing { drain() }
            return
        }
        if isInvalidated {
            promise?.resolve(.cancelled)
            return
        }
        isProcessing = true
        let sequence = sequenceNumber(for: promise)
        if let onLog {
            onLog(LogEvent(sequence: sequence, action: action, kind: .enqueued(CallSite(file: file, line: line, onMainActor: true))))
        }
        if currentRun != nil { currentRun = nil }
        runPipeline(dispatched: action, current: action, from: 0, sequence: sequence, promise: promise)
        isProcessing = false
        if queue.hasPending { drain() }
    }

    @usableFromInline
    func dispatchBatchOnMainActor(_ actions: [Action], file: StaticString, line: UInt) {
        let wasProcessing = isProcessing
        isProcessing = true  // a dispatch from the log handler is queued, not nested
        let site = CallSite(file: file, line: line, onMainActor: true)
        enqueueOnMainActor(actions.map { action in
            Entry(sequence: sequenceNumber(for: nil), action: action, kind: .dispatch(site, logged: true), promise: nil)
        })
        isProcessing = wasProcessing
        if !wasProcessing { drain() }
    }

    /// Queues an action dispatched on the main actor; its `.enqueued` event is delivered now.
    @inlinable
    func enqueueOnMainActor(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        let site = CallSite(file: file, line: line, onMainActor: true)
        enqueueOnMainActor(CollectionOfOne(Entry(sequence: sequenceNumber(for: promise), action: action, kind: .dispatch(site, logged: true), promise: promise)))
    }

    /// Queues entries made on the main actor together, then delivers their `.enqueued` events:
    /// whatever the log handler dispatches lands behind them. On a closed queue each entry is
    /// answered (and logged) as cancelled.
    @inlinable
    func enqueueOnMainActor(_ entries: some Collection<Entry>) {
        let result = queue.append(contentsOf: entries, scheduleDrain: false)
        for entry in entries {
            if let onLog, case let .dispatch(site, _) = entry.kind {
                onLog(LogEvent(sequence: entry.sequence, action: entry.action, kind: .enqueued(site)))
            }
            if case .rejected = result {
                if onLog != nil { logCancelled(entry) }
                entry.promise?.resolve(.cancelled)
            }
        }
    }

    /// The sequence number for a new dispatch: its ticket's, else a fresh one when a log handler
    /// will show it, else 0 (nobody sees it; no atomic is touched).
    @inlinable
    nonisolated func sequenceNumber(for promise: OutcomePromise<Action>?) -> UInt64 {
        promise?.box.sequence ?? (onLog == nil ? 0 : queue.nextSequence())
    }

    /// Queues an action dispatched from another isolation and makes sure a main-actor drain is
    /// scheduled. Never blocks on the pipeline.
    @inlinable
    nonisolated func enqueueRemote(_ action: Action, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) {
        let sequence = sequenceNumber(for: promise)
        let site = CallSite(file: file, line: line, onMainActor: false)
        enqueueRemote(Entry(sequence: sequence, action: action, kind: .dispatch(site, logged: false), promise: promise))
    }

    @usableFromInline
    nonisolated func enqueueRemote(contentsOf actions: [Action], file: StaticString, line: UInt) {
        let site = CallSite(file: file, line: line, onMainActor: false)
        let entries = actions.map { action in
            Entry(sequence: sequenceNumber(for: nil), action: action, kind: .dispatch(site, logged: false), promise: nil)
        }
        switch queue.append(contentsOf: entries, scheduleDrain: true) {
        case .queued, .rejected: break
        case .queuedNeedsDrain: scheduleDrain()
        }
    }

    /// Queues any entry from off the main actor (a dispatch, a resumption, a task error).
    @inlinable
    nonisolated func enqueueRemote(_ entry: Entry) {
        switch queue.append(entry, scheduleDrain: true) {
        case .queued: break
        case .queuedNeedsDrain: scheduleDrain()
        case .rejected: entry.promise?.resolve(.cancelled)
        }
    }

    /// One main-actor hop per burst of remote work; holds the store weakly.
    @inlinable
    nonisolated func scheduleDrain() {
        Task { @MainActor [weak self] in
            self?.drainScheduledBatch()
        }
    }

    /// The scheduled hop's drain: at most ``scheduledTurnLimit`` entries, oldest first, then,
    /// if more are waiting, another hop — so a background producer faster than the pipeline
    /// cannot hold the main actor: other main-actor work gets a turn between bounded slices.
    @inlinable
    func drainScheduledBatch() {
        drain(limit: Self.scheduledTurnLimit)
        if queue.continueScheduledDrain() { scheduleDrain() }
    }

    /// Entries one scheduled main-actor turn processes before yielding.
    @inlinable static var scheduledTurnLimit: Int { 1024 }

    /// Processes queued entries, one at a time in FIFO order, until the queue is empty (or
    /// `limit` entries were taken). What the entries enqueue is processed in the same drain.
    @inlinable
    func drain(limit: Int = .max) {
        let wasProcessing = isProcessing
        isProcessing = true
        var local: [Entry] = []
        swap(&local, &batch)
        var taken = 0
        while !isInvalidated, taken < limit, queue.take(upTo: limit - taken, into: &local) {
            taken += local.count
            if let onLog, let first = local.first, let mark = queue.newHighWaterMark() {
                onLog(LogEvent(sequence: first.sequence, action: first.action, kind: .queueHighWaterMark(mark)))
            }
            for index in local.indices {
                if isInvalidated {
                    for dropped in local[index...] {
                        if onLog != nil { logCancelled(dropped) }
                        dropped.promise?.resolve(.cancelled)
                    }
                    break
                }
                process(local[index])
            }
            local.removeAll(keepingCapacity: true)
        }
        swap(&local, &batch)
        isProcessing = wasProcessing
        if !deferredCancellations.isEmpty { flushDeferredCancellations() }
        if settle.hasWaiters.load(ordering: .relaxed) { settle.pulse() }
    }

    @inlinable
    func process(_ entry: Entry) {
        switch entry.kind {
        case let .dispatch(site, logged):
            if let onLog, !logged {
                onLog(LogEvent(sequence: entry.sequence, action: entry.action, kind: .enqueued(site)))
            }
            if currentRun != nil { currentRun = nil }
            runPipeline(dispatched: entry.action, current: entry.action, from: 0, sequence: entry.sequence, promise: entry.promise)
        case let .resume(index, dispatched, suspendedAt, result, run):
            currentRun = run
            resume(entry, after: index, dispatched: dispatched, suspendedAt: suspendedAt, result: result)
        case let .effectError(index, dispatched, error, run):
            if let run, run.park(entry) { return }
            resolveEffectError(error, middleware: index, action: entry.action, dispatched: dispatched, sequence: entry.sequence)
        }
    }
}

/// What happens to work that meets an invalidated or released store: refused dispatches, dropped
/// queue entries, and their log events.
extension Store {
    /// Refuses a dispatch made on the main actor after ``invalidate()``: the ticket answers
    /// `.refused(.invalidated)`, and one `.refused` event (its only one, so also its terminal)
    /// is logged, after the current pass if one runs. With no log handler, a store that prints
    /// diagnostics writes one line instead, when `loud` (a dispatch; an effect's late send is
    /// refused quietly: its effect was cancelled with the store).
    @usableFromInline
    func refuse(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, sequence: UInt64? = nil, loud: Bool = true) {
        promise?.resolve(.refused(.invalidated))
        guard onLog != nil else {
            if loud, let diagnostics { diagnostics.reportRefusedDispatch(action: action, reason: .invalidated, site: site) }
            return
        }
        let number = sequence ?? sequenceNumber(for: promise)
        emitForeign(LogEvent(sequence: number, action: action, kind: .refused(.invalidated, site)))
    }

    /// Answers an entry the closed inbox refused, on the refusing thread: a dispatch is
    /// refused; a resumption's action was suspended when the store went away, so it is
    /// cancelled; a task error is dropped.
    @inlinable
    nonisolated func answerRefused(_ entry: Entry, _ reason: RefusalReason) {
        switch entry.kind {
        case .dispatch, .sliceDispatch, .limitedDispatch:
            if case .limitedDispatch(let identity, _) = entry.kind { rateLimits.release(identity) }
            entry.run.promise?.resolve(.refused(reason))
            if reason == .invalidated, onLog == nil, let diagnostics {
                diagnostics.reportRefusedDispatch(action: entry.run.action, reason: reason, site: entry.site)
            }
        case .effectSend(let token, let logged):
            entry.run.promise?.resolve(.refused(reason))
            token.group?.actionEnded()
            if !logged { runtime.sendProcessed(token) }
        case .resume: entry.run.promise?.resolve(.cancelled)
        case .effectError, .travel: break
        }
    }

    /// Logs, on the main actor, an entry the closed inbox refused from another isolation.
    @usableFromInline
    func logRefusedRemote(_ entry: Entry) {
        switch entry.kind {
        case .dispatch, .effectSend, .sliceDispatch, .limitedDispatch:
            emitForeign(LogEvent(sequence: entry.run.sequence, action: entry.run.action, kind: .refused(.invalidated, entry.site)))
        case .resume:
            emitForeign(LogEvent(sequence: entry.run.sequence, action: entry.run.action, kind: .terminal(.cancelled)))
            logParkedErrors(of: entry)
        case .effectError:
            // Thrown before its task saw the cancellation (an error thrown after it is never
            // queued): nobody resolves it now.
            emitForeign(LogEvent(sequence: entry.run.sequence, action: entry.run.action, kind: .effectErrorResolved(.dropped)))
        case .travel:
            break
        }
    }

    /// Answers an entry dropped from a queue because the store went away: it was queued (or
    /// suspended) then, so its ticket answers ``DispatchOutcome/cancelled``; a rate-limited
    /// entry gives its pending place back.
    @inlinable
    nonisolated func answerDropped(_ entry: Entry) {
        entry.run.promise?.resolve(.cancelled)
        switch entry.kind {
        case .effectSend(let token, let logged):
            token.group?.actionEnded()
            if !logged { runtime.sendProcessed(token) }
        case .limitedDispatch(let identity, _):
            rateLimits.release(identity)
        default:
            break
        }
    }

    /// Logs an entry ``invalidate()`` dropped: a dispatch from another isolation gets the
    /// `.enqueued` event it never had (a main-actor dispatch, a slice's included, had it when queued), then every action its cancelled terminal; a task error
    /// gets `.effectErrorResolved(.dropped)`, never a second terminal.
    @usableFromInline
    func logDropped(_ entry: Entry) {
        let run = entry.run
        switch entry.kind {
        case .dispatch(let logged), .effectSend(_, let logged), .limitedDispatch(_, let logged):
            if !logged { emitForeign(LogEvent(sequence: run.sequence, action: run.action, kind: .enqueued(entry.site))) }
            emitForeign(LogEvent(sequence: run.sequence, action: run.action, kind: .terminal(.cancelled)))
        case .sliceDispatch:
            // Queued on the main actor: its `.enqueued` event was delivered then.
            emitForeign(LogEvent(sequence: run.sequence, action: run.action, kind: .terminal(.cancelled)))
        case .resume:
            emitForeign(LogEvent(sequence: run.sequence, action: run.action, kind: .terminal(.cancelled)))
            logParkedErrors(of: entry)
        case .effectError:
            emitForeign(LogEvent(sequence: run.sequence, action: run.action, kind: .effectErrorResolved(.dropped)))
        case .travel:
            break  // a time-travel request not carried out: not an action, nothing to log
        }
    }

    /// A resumption dropped or refused with the store: the task errors parked on its run were
    /// waiting for a terminal that never comes, so each is logged dropped, after the action's
    /// cancelled terminal.
    @usableFromInline
    func logParkedErrors(of entry: Entry) {
        guard let record = entry.record else { return }
        for parked in record.finish() { logDropped(parked) }
    }
}

/// Rate-limited dispatching (see ``RateLimit`` and <doc:RateLimits>): the public entry points,
/// and the admission made on the main actor or on any other isolation. Nothing here runs for a
/// plain dispatch: the identity is computed, and the bookkeeping touched, only when a limit is
/// given.
extension Store {
    /// Sends `action` like ``dispatch(_:file:line:isolation:)-(Action,_,_,_)`` if `rate` admits
    /// it, and says whether it did; callable from any isolation without `await`.
    ///
    /// The action's ``ActionIdentity`` (``ActionIdentity/init(of:)``: its ``ActionIdentifiable``
    /// conformance, else reflection) selects the budget. The admission is decided and recorded
    /// atomically, whichever thread dispatches:
    ///
    /// - ``RateLimit/limit(_:)``: admitted while fewer than `n` actions of the identity, dispatched
    ///   with a `.limit`, are pending (in the inbox or the pipeline queue, not yet processed). A
    ///   main-actor dispatch on an idle store runs at once and is never pending.
    /// - ``RateLimit/minimumInterval(_:)``: admitted if no action of the identity was admitted
    ///   within the interval, on the store's clock (leading edge).
    ///
    /// An admitted action is processed exactly like a plain dispatch, in the same order. A
    /// refused one is never queued and no component sees it: the log records one
    /// `.refused(.rateLimited, site)` event (for a dispatch made off the main actor, delivered
    /// when the main actor next runs, never after the store's release) and no diagnostic line is
    /// printed. On an invalidated store the dispatch is refused as ``RefusalReason/invalidated``,
    /// whatever the limit.
    ///
    /// - Parameters:
    ///   - action: the action to process.
    ///   - rate: the cap for the action's identity; a negative limit or interval stops the program.
    ///   - file: the call site's file, for the log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    ///   - isolation: the caller's isolation, filled in by the compiler; do not pass it.
    /// - Returns: `true` if the action was admitted (queued or processed), `false` if it was refused.
    /// - Complexity: the identity (a dictionary lookup under a lock, plus the reflection when the
    ///   action does not conform to ``ActionIdentifiable``), then as for a plain dispatch.
    @inlinable @discardableResult
    public func dispatch(
        _ action: Action,
        rate: RateLimit,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Bool {
        if let isolation, isolation === mainActor {
            return onMainActor((action, rate, file, line)) { store, call in
                store.dispatchLimitedOnMainActor(call.0, rate: call.1, file: call.2, line: call.3, promise: nil)
            }
        }
        return enqueueRemoteLimited(action, rate: rate, file: file, line: line, promise: nil)
    }

    /// Sends `action` like ``dispatch(_:rate:file:line:isolation:)`` and returns a ticket whose
    /// ``DispatchTicket/outcome`` says how its run ended: ``DispatchOutcome/refused(_:)`` with
    /// ``RefusalReason/rateLimited`` at once if `rate` did not admit it. Any isolation.
    ///
    /// - Parameters:
    ///   - action: the action to process.
    ///   - rate: the cap for the action's identity.
    ///   - file: the call site's file, for the log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    ///   - isolation: the caller's isolation, filled in by the compiler; do not pass it.
    @inlinable
    public func dispatchTracked(
        _ action: Action,
        rate: RateLimit,
        file: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> DispatchTicket<Action> {
        if let isolation, isolation === mainActor {
            return onMainActor((action, rate, file, line)) { store, call in
                store.dispatchTrackedLimitedOnMainActor(call.0, rate: call.1, file: call.2, line: call.3)
            }
        }
        let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
        enqueueRemoteLimited(action, rate: rate, file: file, line: line, promise: OutcomePromise(box: box))
        return DispatchTicket(box: box)
    }

    /// How many entries the store's rate-limit tables hold now: one per identity with
    /// `.limit` dispatches pending, plus one per identity whose `.minimumInterval` window has
    /// not been swept yet. Bounded: pending counts leave at 0, and closed windows are swept
    /// whenever the window table doubles, so it never holds more than `max(16, 2 × w)` windows,
    /// `w` being the most windows open at once. Thread-safe; a snapshot.
    public nonisolated var rateLimitIdentityCount: Int { rateLimits.identityCount }

    /// A tracked rate-limited dispatch known to run on the main actor (the store's own, or a
    /// middleware context's).
    @inlinable
    func dispatchTrackedLimitedOnMainActor(_ action: Action, rate: RateLimit, file: StaticString, line: UInt) -> DispatchTicket<Action> {
        let box = OutcomeBox<Action>(sequence: inbox.nextSequence())
        dispatchLimitedOnMainActor(action, rate: rate, file: file, line: line, promise: OutcomePromise(box: box))
        return DispatchTicket(box: box)
    }

    /// A rate-limited dispatch on the main actor. On an idle store on its fast path nothing can
    /// be pending (both queues are empty), so a `.limit` with room for one admits without
    /// looking up the identity, and the action runs at once (never pending). Everything else
    /// takes ``dispatchLimitedOnMainActorSlowly(_:rate:site:promise:)``.
    @inlinable @discardableResult
    func dispatchLimitedOnMainActor(_ action: Action, rate: RateLimit, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) -> Bool {
        if case .limit(let limit) = rate, limit > 0, !isProcessing, !leavesFastPath, !inbox.hasPending {
            dispatchAtOnce(action, file: file, line: line, promise: promise)
            return true
        }
        return dispatchLimitedOnMainActorSlowly(action, rate: rate, site: CallSite(file: file, line: line, onMainActor: true), promise: promise)
    }

    /// The main-actor rate-limited dispatch off the fast path: counted by pressure diagnostics
    /// (if on), refused as invalidated on an invalidated store whatever the limit, else decided
    /// on the action's identity. Admitted, it goes where a plain dispatch goes; a `.limit`
    /// dispatch that must wait is queued as a limited entry that holds its pending place until
    /// it leaves the queues, one that can run at once (idle store) never holds one.
    @inlinable @inline(never)
    func dispatchLimitedOnMainActorSlowly(_ action: Action, rate: RateLimit, site: CallSite, promise: OutcomePromise<Action>?) -> Bool {
        rate.checkValid()
        let sequence = sequenceNumber(for: promise)
        if pressure != nil { notePressure(action, sequence: sequence, site: site) }
        let run = ActionRun<State, Action>(sequence: sequence, action: action, promise: promise)
        if isInvalidated {
            routeOnMainActor(Entry(run, site: site, .dispatch(logged: true)))  // refused as invalidated
            return false
        }
        switch rate {
        case .minimumInterval(let interval):
            guard rateLimits.admit(rateLimits.identify(action), interval: interval, now: elapsedOnClock()) else {
                refuseRateLimited(action, site: site, promise: promise, sequence: sequence)
                return false
            }
            routeOnMainActor(Entry(run, site: site, .dispatch(logged: true)))
        case .limit(let limit):
            if !isProcessing, !scopesDependencies, !inbox.hasPending, travel == nil {
                guard limit > 0 else {
                    refuseRateLimited(action, site: site, promise: promise, sequence: sequence)
                    return false
                }
                dispatchAtOnce(action, sequence: sequence, file: site.file, line: site.line, promise: promise)
                return true
            }
            let identity = rateLimits.identify(action)
            guard rateLimits.acquire(identity, limit: limit) else {
                refuseRateLimited(action, site: site, promise: promise, sequence: sequence)
                return false
            }
            routeOnMainActor(Entry(run, site: site, .limitedDispatch(identity, logged: true)))
        }
        return true
    }

    /// A rate-limited dispatch from another isolation: counted by pressure diagnostics (if on),
    /// decided on the calling thread, then queued in the inbox like a plain remote dispatch.
    /// `false` if refused, by the limit or because the store was invalidated or released.
    @inlinable @discardableResult
    nonisolated func enqueueRemoteLimited(_ action: Action, rate: RateLimit, file: StaticString, line: UInt, promise: OutcomePromise<Action>?) -> Bool {
        rate.checkValid()
        let site = CallSite(file: file, line: line, onMainActor: false)
        let sequence = sequenceNumber(for: promise)
        if pressure != nil { notePressureRemotely(action, sequence: sequence, site: site) }
        let run = ActionRun<State, Action>(sequence: sequence, action: action, promise: promise)
        if inbox.isClosed {
            // Refused as invalidated or released, whatever the limit (and no window is opened).
            enqueueRemote(Entry(run, site: site, .dispatch(logged: false)))
            return false
        }
        let entry: Entry
        switch rate {
        case .minimumInterval(let interval):
            guard rateLimits.admit(rateLimits.identify(action), interval: interval, now: elapsedOnClock()) else {
                refuseRateLimitedRemotely(action, site: site, promise: promise, sequence: sequence)
                return false
            }
            entry = Entry(run, site: site, .dispatch(logged: false))
        case .limit(let limit):
            let identity = rateLimits.identify(action)
            guard rateLimits.acquire(identity, limit: limit) else {
                refuseRateLimitedRemotely(action, site: site, promise: promise, sequence: sequence)
                return false
            }
            entry = Entry(run, site: site, .limitedDispatch(identity, logged: false))
        }
        let result = inbox.append(entry, keepRefusals: onLog != nil)
        handle(result, for: CollectionOfOne(entry))  // a refused limited entry gives its place back
        if case .refused = result { return false }
        return true
    }

    /// Refuses a dispatch the limit did not admit, on the main actor: the ticket answers
    /// `.refused(.rateLimited)`; one `.refused` event is logged (after the current pass, if one
    /// runs). No diagnostic line: the caller asked for the limit.
    @usableFromInline
    func refuseRateLimited(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, sequence: UInt64) {
        promise?.resolve(.refused(.rateLimited))
        guard onLog != nil else { return }
        emitForeign(LogEvent(sequence: sequence, action: action, kind: .refused(.rateLimited, site)))
    }

    /// Refuses a dispatch the limit did not admit, off the main actor: the ticket answers at
    /// once; the `.refused` event waits for a main-actor hop (one per burst of refusals), which
    /// a released store never takes.
    @usableFromInline
    nonisolated func refuseRateLimitedRemotely(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, sequence: UInt64) {
        promise?.resolve(.refused(.rateLimited))
        guard onLog != nil else { return }
        let event = LogEvent(sequence: sequence, action: action, kind: .refused(.rateLimited, site))
        if rateLimits.holdRefusal(event) {
            Task { @MainActor [weak self] in
                self?.logHeldRateRefusals()
            }
        }
    }

    /// Logs the refusals made off the main actor since the last hop, oldest first.
    func logHeldRateRefusals() {
        let events = rateLimits.takeRefusals()
        holdingEvents { for event in events { emitForeign(event) } }
    }

    /// A limited entry that leaves the queues to be processed: gives its pending place back,
    /// then runs like a plain dispatch. Out of line, so the drain loop does not grow.
    @inlinable @inline(never)
    func processLimitedDispatch(_ entry: Entry, identity: ActionIdentity, logged: Bool) {
        rateLimits.release(identity)
        var run = entry.run
        if let onLog, !logged, logEnqueuedDropping(run, site: entry.site, onLog) { return }
        if currentRecord != nil { currentRecord = nil }
        runPipeline(&run, from: 0)
    }

    /// The time elapsed on the store's clock (its effect clock's offset: a `TestClock`'s virtual
    /// time in tests), for `.minimumInterval` decisions; the clock's origin is read the first
    /// time, so a store that never uses an interval never reads its clock. Any thread.
    @usableFromInline
    nonisolated func elapsedOnClock() -> Duration {
        effectClock.now.offset
    }
}

/// A store's rate-limit bookkeeping (see ``RateLimit``): the pending counts of `.limit`
/// dispatches and the open windows of `.minimumInterval` ones, by identity, and the refusals
/// made off the main actor that wait for their log event.
///
/// Any thread; every decision is made and recorded under one ``SpinningLock``, so concurrent
/// dispatches of one identity never both take the last place. The tables stay bounded: a pending
/// count is removed when it drops to 0; a window is removed by a sweep, once it has closed, when
/// the window table has doubled since the last sweep (amortised O(1) per admission), so it holds
/// at most `max(16, 2 × w)` entries, `w` being the most windows open at one sweep.
@usableFromInline
final class RateLimitBook<Action: Sendable>: @unchecked Sendable {
    /// The window table's size that triggers the first sweep.
    static var minimumSweepSize: Int { 16 }

    @usableFromInline let lock = SpinningLock()
    /// `.limit`: how many admitted limited entries of each identity wait in the queues (never 0).
    var pending: [ActionIdentity: Int] = [:]
    /// `.minimumInterval`: when each identity's window closes, as an offset on the store's clock.
    var windowEnds: [ActionIdentity: Duration] = [:]
    /// The window table's size at which the next admission of a new identity sweeps it.
    var sweepAt = RateLimitBook.minimumSweepSize
    /// Refusals made off the main actor, waiting for a main-actor hop to log them.
    var refusalsToLog: [LogEvent<Action>] = []


    /// The identity of the store's actions (decided once for the action type: see
    /// ``ActionIdentity/identifier(for:)``), for rate limits and pressure diagnostics.
    @usableFromInline let identify: @Sendable (Action) -> ActionIdentity

    @usableFromInline init() {
        identify = ActionIdentity.identifier(for: Action.self)
    }

    /// Takes one of `limit` pending places for `identity`; `false` (nothing recorded) if all
    /// are taken.
    @usableFromInline
    func acquire(_ identity: ActionIdentity, limit: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let count = pending[identity, default: 0]
        guard count < limit else { return false }
        pending[identity] = count + 1
        return true
    }

    /// Gives back the pending place of a limited entry that left the queues (processed,
    /// dropped or refused); the identity's count is removed when it reaches 0.
    @usableFromInline
    func release(_ identity: ActionIdentity) {
        lock.lock()
        defer { lock.unlock() }
        guard let count = pending[identity] else { return }
        if count <= 1 {
            pending[identity] = nil
        } else {
            pending[identity] = count - 1
        }
    }

    /// Admits a dispatch of `identity` if its window is closed at `now`, opening a new one of
    /// `interval`; `false` (nothing recorded) inside an open window.
    @usableFromInline
    func admit(_ identity: ActionIdentity, interval: Duration, now: Duration) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let end = windowEnds[identity] {
            if now < end { return false }
            if interval == .zero {
                windowEnds[identity] = nil
                return true
            }
        } else {
            if interval == .zero { return true }
            if windowEnds.count >= sweepAt { sweep(now: now) }
        }
        windowEnds[identity] = now + interval
        return true
    }

    /// Removes the closed windows and sets the next sweep at twice what is left (at least
    /// ``minimumSweepSize``). Under the lock.
    private func sweep(now: Duration) {
        windowEnds = windowEnds.filter { $0.value > now }
        sweepAt = max(Self.minimumSweepSize, 2 * windowEnds.count)
    }

    /// The entries held in the two tables now.
    var identityCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return pending.count + windowEnds.count
    }

    /// Keeps a refusal made off the main actor for the log; `true` when the caller must
    /// schedule the main-actor hop that logs it (none was waiting).
    func holdRefusal(_ event: LogEvent<Action>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        refusalsToLog.append(event)
        return refusalsToLog.count == 1
    }

    /// The refusals kept for the log, oldest first.
    func takeRefusals() -> [LogEvent<Action>] {
        lock.lock()
        defer { lock.unlock() }
        let events = refusalsToLog
        refusalsToLog = []
        return events
    }
}

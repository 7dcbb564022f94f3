/// Waiting until a store has nothing left to do.
extension Store {
    /// Returns once the store is idle: the queue is empty, no `.deferred` handler is running or
    /// waiting to resume, no store-owned `.task` is running, and no resolver run for a task error
    /// (nor what it enqueued) is outstanding. On an invalidated store, returns once the refusals
    /// of dispatches from other isolations have been logged (at once when nothing is logged).
    ///
    /// For tests and tools, instead of polling or sleeping. Isolation: main actor.
    ///
    /// With a ``Persistence``, a scheduled save's timer is pending work: this returns only once
    /// that save is written, ``Persistence/interval`` later on the store's clock — never under a
    /// `TestClock` until the test advances the clock past the interval. To wait for the file in
    /// a test, call ``Persistence/flush()`` first (it takes the pending save and waits for its
    /// write), then `settled()`.
    ///
    /// - Parameter timeout: the longest to wait, measured on `ContinuousClock` (not the store's
    ///   clock, which a test may have frozen); `nil` waits as long as it takes.
    /// - Throws: ``SettleTimeoutError`` when the timeout passes first (naming what was still
    ///   pending), `CancellationError` if the waiting task is cancelled.
    public func settled(timeout: Duration? = nil) async throws {
        try await wait(until: { $0.isSettled }, timeout: timeout, running: { $0.runtime.activeCount })
    }

    /// Waits until `condition` holds, re-checking each time the store's settle signal pulses (a
    /// call ends, a task ends or sleeps, the store is invalidated), with `timeout` on
    /// `ContinuousClock`. `running` names the tasks still pending in the timeout error.
    func wait(until condition: (Store) -> Bool, timeout: Duration?, running: (Store) -> Int) async throws {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        let settle = self.settle
        let timer = timeout.map { timeout in
            Task {
                try? await Task.sleep(for: timeout)
                settle.pulse()
            }
        }
        defer { timer?.cancel() }
        while true {
            try Task.checkCancellation()
            let seen = settle.prepareToWait()
            if condition(self) {
                // Forget the child instances whose work ended after the last reducer chain, so
                // that `bookkeeping` reads empty once the store has settled — never against a
                // time-travelled state, which is not the live one (see <doc:TimeTravel>).
                if checksLifetimes && !isProcessing && travel == nil { sweepInstances() }
                return
            }
            if let timeout, let deadline, clock.now >= deadline {
                throw SettleTimeoutError(timeout: timeout, queuedActions: inbox.pendingCount.load(ordering: .relaxed) + pipeline.count, runningTasks: running(self))
            }
            try await settle.wait(after: seen)
        }
    }

    /// Whether the store has nothing queued — in the inbox or in the pipeline queue — and
    /// nothing running. An invalidated store is settled once every `.deferred` resumption that
    /// was already on its way has been answered and the refusals of dispatches made from other
    /// isolations have been logged; its remaining tasks are cancelled and never waited for.
    public var isSettled: Bool {
        // Order matters: work in flight is checked before the queues it feeds. A task or
        // handler enqueues before it counts itself finished, so once it is seen finished its
        // entry is seen too; read the other way round, one could slip between the two reads.
        if isInvalidated { return !suspended.isDelivering && (onLog == nil || !inbox.hasRefusalsToLog) }
        return runtime.activeCount == 0 && !inbox.hasPending && pipeline.isEmpty
    }
}

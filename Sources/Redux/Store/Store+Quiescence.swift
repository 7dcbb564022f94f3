/// Quiescence: "every task asleep or done, nothing queued" — the wait a virtual clock makes after
/// each step of time, and that a test can make without moving time.
extension Store: VirtualClockParticipant {
    /// Waits until the store is quiescent: no task it owns is running — each has finished or
    /// sleeps on the store's clock — and both queues are empty; or until it is invalidated.
    ///
    /// A task counts as running from the moment it is spawned (on the main actor) until it
    /// finishes or sleeps on the store's clock (``Send/sleep(for:)``, ``Send/clock``,
    /// ``EffectContext/clock``, and the timing operators), and only when that clock is a
    /// ``VirtualClock`` such as `ReduxTesting`'s `TestClock`. Work suspended on anything else —
    /// I/O, a continuation, an `AsyncStream`, a task-group child, a bare `Task.sleep`, a sleep
    /// on a real clock — counts as running, so waiting for it needs the timeout.
    ///
    /// Unlike ``settled(timeout:)``, a sleeping effect does not keep this waiting: with a
    /// `TestClock`, `dispatch`, then `await store.quiescent()`, means "every effect the action
    /// started has reached its sleep (or ended)".
    ///
    /// Isolation: main actor. Cancelling the waiting task throws `CancellationError`.
    ///
    /// - Parameter timeout: the longest real time to wait; `nil` waits as long as it takes.
    /// - Throws: ``SettleTimeoutError`` if the timeout passes first.
    public func quiescent(timeout: Duration? = nil) async throws {
        try await wait(until: { $0.isQuiescent }, timeout: timeout, running: { $0.runtime.runningCount })
    }

    /// Whether the store is quiescent now (see ``quiescent(timeout:)``). Main actor.
    public var isQuiescent: Bool {
        // Running work first, then the queues it feeds (see `isSettled`).
        if isInvalidated { return !suspended.isDelivering && (onLog == nil || !inbox.hasRefusalsToLog) }
        return runtime.runningCount == 0 && !inbox.hasPending && pipeline.isEmpty
    }

    /// ``VirtualClockParticipant``: ``quiescent(timeout:)`` from any isolation; `true` unless
    /// the timeout passed (or the waiting task was cancelled).
    public nonisolated func waitUntilQuiescent(timeout: Duration) async -> Bool {
        do {
            try await quiescent(timeout: timeout)
            return true
        } catch {
            return false
        }
    }

    /// Store-owned tasks (effects, middleware `.task` and `.deferred` work) started and not yet
    /// finished. Thread-safe; for tests and diagnostics.
    public nonisolated var activeTaskCount: Int { runtime.activeCount }
}

/// A clock whose time moves only when a test moves it, and which lets the stores that run on it
/// say when all their work is asleep.
///
/// `ReduxTesting`'s `TestClock` conforms; you need this protocol only to write a virtual clock of
/// your own. A store created with such a clock (``StoreOptions/clock``) attaches itself at
/// creation (held weakly by the clock, so the clock never keeps a store alive). When the clock
/// advances, it wakes the sleepers that are due and then waits, through
/// ``VirtualClockParticipant/waitUntilQuiescent(timeout:)``, until every attached store has no running
/// task and empty queues — so moving time never races work that has not reached its sleep yet.
///
/// How a store counts its work: a task the store starts (an effect, a middleware `.task` or
/// `.deferred` handler) counts as running from the moment it is spawned, on the main actor,
/// until it finishes or sleeps on the store's clock through
/// ``sleep(until:onAsleep:onWake:)``: the clock calls `onAsleep` once the sleep has reached it
/// and waits for time — not before, or a step of time could be taken while the sleeper is still
/// on its way and miss it — and `onWake` before the sleeping task is resumed, whether because
/// time reached its deadline or because it was cancelled, so that the store counts the task as
/// running again before anyone can observe it.
///
/// Isolation: `Sendable`; every requirement may be called from any thread.
public protocol VirtualClock: Clock, Sendable where Duration == Swift.Duration {
    /// Registers a store (or any participant) to be waited for after each step of time.
    /// Implementations hold it weakly.
    func attach(_ participant: any VirtualClockParticipant)

    /// Sleeps until `deadline` on virtual time, calling `onWake` exactly once, synchronously,
    /// just before the sleeper is resumed (by time or by cancellation).
    ///
    /// - Throws: `CancellationError` at once if the sleeping task is cancelled.
    func sleep(until deadline: Instant, onWake: @escaping @Sendable () -> Void) async throws

    /// Sleeps until `deadline` on virtual time, saying when the sleeper starts waiting for time
    /// and when it is resumed. The store sleeps through this requirement.
    ///
    /// - `onAsleep` is called exactly once when the sleep has reached the clock and waits: from
    ///   then on a step of time can wake it. It is not called for a sleep that returns or throws
    ///   at once (its deadline is not after `now`, or its task was cancelled before it arrived).
    /// - `onWake` is called exactly once, synchronously, just before a sleeper that `onAsleep`
    ///   was called for is resumed (by time or by cancellation); never for one that returned or
    ///   threw at once. It may run on another thread before `onAsleep` has returned (a step or a
    ///   cancellation right after the sleep arrived): a store's counters (`onAsleep` counts one
    ///   task less running, `onWake` one more) come out right in either order.
    ///
    /// The default implementation calls `onAsleep` and then ``sleep(until:onWake:)``, whose
    /// `onWake` always runs: the counts stay balanced, but the sleeper counts as asleep before
    /// it has reached the clock, so a step of time taken in between can miss it. A clock that
    /// moves time from another task than the sleepers' should implement this requirement.
    ///
    /// - Throws: `CancellationError` at once if the sleeping task is cancelled.
    func sleep(
        until deadline: Instant,
        onAsleep: @escaping @Sendable () -> Void,
        onWake: @escaping @Sendable () -> Void
    ) async throws
}

extension VirtualClock {
    /// Calls `onAsleep`, then ``sleep(until:onWake:)`` (see the requirement's documentation).
    public func sleep(
        until deadline: Instant,
        onAsleep: @escaping @Sendable () -> Void,
        onWake: @escaping @Sendable () -> Void
    ) async throws {
        onAsleep()
        try await sleep(until: deadline, onWake: onWake)
    }
}

/// Something a ``VirtualClock`` waits for after each step of time: a store, or a test helper.
///
/// `Store` conforms. Isolation: `Sendable`; ``waitUntilQuiescent(timeout:)`` may be called from any
/// isolation.
public protocol VirtualClockParticipant: AnyObject, Sendable {
    /// Returns `true` once the participant has no running task and nothing queued — every task
    /// it owns has finished or sleeps on its clock — or once it is invalidated or released;
    /// `false` if `timeout` (real time) passed first.
    ///
    /// Work suspended on anything but the store's clock (I/O, a continuation, an `AsyncStream`,
    /// a task-group child, a bare `Task.sleep`) counts as running, so such work keeps this waiting
    /// until it finishes or the timeout passes.
    func waitUntilQuiescent(timeout: Duration) async -> Bool
}

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
/// until it finishes or sleeps on the store's clock through ``sleep(until:onSleep:onWake:)``.
/// The clock calls `onSleep` once the sleep is registered — so that a step of time that sees the
/// store quiescent also sees the sleeper — and `onWake` exactly once before a registered sleeper
/// is resumed, whether time reached its deadline or it was cancelled, so that the store counts
/// the task as running again before anyone can observe it.
///
/// Isolation: `Sendable`; every requirement may be called from any thread.
public protocol VirtualClock: Clock, Sendable where Duration == Swift.Duration {
    /// Registers a store (or any participant) to be waited for after each step of time.
    /// Implementations hold it weakly.
    func attach(_ participant: any VirtualClockParticipant)

    /// Sleeps until `deadline` on virtual time.
    ///
    /// - `onSleep` is called once, synchronously, after the sleeper is registered (visible to
    ///   the next step of time) and before the sleeping task can go on.
    /// - `onWake` is called exactly once for a registered sleeper, synchronously, just before it
    ///   is resumed (by time or by cancellation); it may come before `onSleep` returns.
    /// - A sleep that never registers (its deadline already reached, its task already
    ///   cancelled) calls neither and returns or throws at once.
    ///
    /// Both callbacks may run on any thread, never under a lock the store takes.
    ///
    /// - Throws: `CancellationError` at once if the sleeping task is cancelled.
    func sleep(until deadline: Instant, onSleep: @Sendable () -> Void, onWake: @escaping @Sendable () -> Void) async throws
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

import Foundation
import Redux

/// A virtual clock for tests: time stands still until the test moves it, and each move waits for
/// the stores running on the clock to finish what the move set off.
///
/// It plays the part that swift-clocks' `TestClock` plays for The Composable Architecture —
/// sleeps end only when the test calls ``advance(by:)``, ``advance(to:)`` or ``run()`` — and adds
/// one thing: it is a `VirtualClock`. A store created with it attaches itself, and after every
/// step of time the clock waits until each attached store is quiescent (no running task, empty
/// queues) before it takes the next step or returns. So moving time never races work that has not
/// reached its next sleep yet, and a test needs no `Task.yield()` between advancing and asserting.
///
/// Time is an ``Instant``, an offset from zero in `Swift.Duration`; it only moves forward.
///
/// Ordering: sleepers wake in deadline order; sleepers with the same deadline wake one at a time,
/// the clock waiting for the participants to be quiescent after each (at most half a second
/// between two of them, so a sleeper that waits for a later one costs no more): first the store-owned
/// tasks (effects, `.task` and `.deferred` work), in the order the store started them, then any
/// other sleeper, each group in the order its sleeps reached the clock (registration order). So
/// what two effects due at the same instant send always arrives in one order, whichever thread
/// reached its sleep first. Every sleep through
/// ``sleep(until:onSleep:onWake:)`` that registers calls `onSleep` once it is registered and
/// `onWake` exactly once, synchronously, before the sleeper resumes — whether time reached its
/// deadline or its task was cancelled; a sleep that never registers (deadline already passed,
/// task already cancelled) calls neither.
///
/// Isolation: `Sendable`; every member may be called from any thread or isolation. The clock's
/// state sits behind one lock (an `NSLock`, which ThreadSanitizer understands on Linux, where it
/// reports false races inside `Mutex`; hence `@unchecked`), and nobody is woken (no `onWake`,
/// no resumption) while it is held.
///
/// Overlapping calls to `advance` and `run` are safe (time still never moves backward) but they
/// interleave their steps; a test that wants one order of events moves time from one task.
public final class TestClock: VirtualClock, @unchecked Sendable {
    /// A point in a ``TestClock``'s time: an offset from the clock's zero.
    ///
    /// Comparable, Hashable, Sendable. Durations are `Swift.Duration`.
    public struct Instant: InstantProtocol, Sendable {
        /// How far after zero this instant is.
        public let offset: Duration

        /// The instant `offset` after zero (zero itself by default).
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` after this one (before it, if `duration` is negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// How long it is from this instant to `other` (negative if `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    /// How long, in real time (not the clock's), the clock waits for each participant to become
    /// quiescent after each step before it goes on without it. A limit only a hang should reach:
    /// the wait ends as soon as the participant is quiescent, and on a loaded machine ordinary
    /// work can go unscheduled for seconds.
    ///
    /// A wait that times out is not an error: the clock takes its next step anyway and reports
    /// one line naming the participant and the timeout — to the `onQuiescenceTimeout` handler
    /// given at creation, else, in a debug build, to standard error. It relies on
    /// each participant to honour the timeout it is given, as `VirtualClockParticipant` requires.
    public let quiescenceTimeout: Duration

    /// The default real-time limit of every wait in the testing tools — this clock's
    /// ``quiescenceTimeout``, a `TestStore`'s steps, the harnesses: 60 seconds, a limit only a
    /// hang reaches. Waits end on their condition long before it when things work.
    public static let defaultQuiescenceTimeout: Duration = .seconds(60)

    /// Where a timed-out wait is reported (`nil`: standard error, debug builds only).
    private let onQuiescenceTimeout: (@Sendable (String) -> Void)?

    private let lock = NSLock()
    /// Read and written only under `lock`.
    private var schedule: TestClockSchedule

    /// Creates a clock whose time stands at `now`.
    ///
    /// - Parameters:
    ///   - now: where time starts; zero by default.
    ///   - quiescenceTimeout: the longest real time the clock waits for each participant after
    ///     each step (see ``quiescenceTimeout``); ``defaultQuiescenceTimeout`` (60 seconds) by default.
    ///   - onQuiescenceTimeout: receives the one-line report of each wait that timed out (a test
    ///     that provokes one on purpose captures it here); `nil`, the default, writes it to
    ///     standard error in debug builds. Called on the advancing task.
    public init(
        now: Instant = .init(),
        quiescenceTimeout: Duration = TestClock.defaultQuiescenceTimeout,
        onQuiescenceTimeout: (@Sendable (String) -> Void)? = nil
    ) {
        self.quiescenceTimeout = quiescenceTimeout
        self.onQuiescenceTimeout = onQuiescenceTimeout
        schedule = TestClockSchedule(now: now)
    }

    /// The current virtual time. Changes only in ``advance(by:)``, ``advance(to:)`` and ``run()``,
    /// and only forward. Thread-safe.
    public var now: Instant {
        withSchedule { $0.now }
    }

    /// Zero: any two instants can be told apart.
    public var minimumResolution: Duration { .zero }

    /// How many sleepers wait for virtual time right now: sleeps that reached the clock and are
    /// neither woken nor cancelled. Thread-safe; a snapshot, for tests that wait until their tasks
    /// are asleep.
    public var sleeperCount: Int {
        withSchedule { $0.sleeperCount }
    }

    /// Registers `participant` (a store, or a test helper) to be waited for after each step of
    /// time. Held weakly: a released participant is dropped, never waited for and never kept
    /// alive. Attaching one that is already attached does nothing. Thread-safe.
    ///
    /// A participant attached while the clock is moving is first waited for at the next
    /// quiescence wait.
    public func attach(_ participant: any VirtualClockParticipant) {
        withSchedule { $0.attach(participant) }
    }

    /// Sleeps until `deadline` on virtual time; the `Clock` requirement, used by
    /// `clock.sleep(for:)` and `Task.sleep(until:clock:)`. The same as
    /// ``sleep(until:onSleep:onWake:)`` with callbacks that do nothing; `tolerance` is ignored.
    ///
    /// - Throws: `CancellationError` at once if the task is cancelled, before or during the sleep.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, onSleep: {}, onWake: {})
    }

    /// Sleeps until virtual time reaches `deadline`. A store passes callbacks that count the
    /// sleeping task as asleep (`onSleep`) and running again (`onWake`).
    ///
    /// - A `deadline` not after ``now`` returns at once, without waiting for a step of time and
    ///   without calling either callback.
    /// - Otherwise the sleeper is registered, then `onSleep` is called (on the sleeping task,
    ///   before it suspends), and the sleeper waits until ``advance(by:)``, ``advance(to:)`` or
    ///   ``run()`` reaches its deadline; that step calls `onWake` on the advancing task, then
    ///   resumes the sleeper. Sleepers wake in deadline order, ties in registration order.
    /// - If the task is cancelled during the sleep, `onWake` is called on the cancelling thread,
    ///   then the sleep throws `CancellationError` — at once, without any advance. A task
    ///   cancelled before its sleep registered throws at once, calling neither callback.
    ///   Cancellation wins over a deadline that has already passed.
    ///
    /// The callbacks run outside the clock's lock, on whichever thread gets there; they must be
    /// quick and thread-safe.
    ///
    /// Complexity: O(n) in the number of sleepers.
    ///
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, onSleep: @Sendable () -> Void, onWake: @escaping @Sendable () -> Void) async throws {
        let token = withSchedule { $0.reserveToken() }
        let order = TaskStartOrder.current ?? .max
        defer { withSchedule { _ = $0.awaitingResumption.remove(token) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let registration = withSchedule {
                    $0.register(token, deadline: deadline, order: order, continuation: continuation, onWake: onWake)
                }
                switch registration {
                case .asleep:
                    onSleep()
                case .due:
                    continuation.resume()
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            guard let sleeper = withSchedule({ $0.cancel(token) }) else { return }
            sleeper.onWake()
            sleeper.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` (a negative duration counts as zero), waking every sleeper
    /// due on the way; the same as ``advance(to:)`` with ``now`` plus `duration`, the target taken
    /// when the call begins.
    public func advance(by duration: Duration) async {
        let target = now.advanced(by: max(duration, .zero))
        await advance(to: target)
    }

    /// Moves time forward to `deadline`, one sleeper at a time, waiting for the participants
    /// between steps.
    ///
    /// 1. Waits until every attached participant is quiescent.
    /// 2. While the earliest sleeper's deadline is not after `deadline`: sets ``now`` to that
    ///    deadline; calls `onWake` of the first sleeper due at it (see "Ordering") and
    ///    resumes it; waits until every participant is quiescent again; then the next. Sleeps
    ///    that reach the clock meanwhile with a deadline not after `deadline` are woken in this
    ///    call, after those already waiting for the same instant.
    /// 3. Sets ``now`` to `deadline`.
    ///
    /// Time never moves backward: with `deadline` not after ``now`` this only waits for the
    /// participants. Each wait gives up after ``quiescenceTimeout`` (real time) and the clock
    /// goes on, so the call always returns. Ignores cancellation of the calling task: the
    /// participants' waits may end early, but time still reaches `deadline`.
    ///
    /// A quiescence wait asks the participants one after another, in attachment order, each once:
    /// work that a participant asked later hands to one asked earlier is not waited for in that
    /// wait. Cost: a participant that never becomes quiescent costs ``quiescenceTimeout`` of real
    /// time per wait (one before the first step, one after each sleeper woken).
    public func advance(to deadline: Instant) async {
        await waitForParticipants()
        while let due = takeStep(upTo: deadline) {
            wake(due)
            await waitForParticipants(beforeTieAt: due.first?.deadline, woken: due)
        }
    }

    /// Moves time from deadline to deadline until no sleeper remains, waiting for the participants
    /// between steps as ``advance(to:)`` does; ``now`` ends at the last deadline it woke (it is
    /// unchanged if no sleeper was waiting).
    ///
    /// A sleeper that always sleeps again — a repeating timer — keeps this from ever returning;
    /// bound such a run with ``run(maxSteps:)``. It also returns when the calling task is
    /// cancelled, between steps.
    public func run() async {
        await run(maxSteps: .max)
    }

    /// Like ``run()``, but takes at most `maxSteps` steps (one step wakes every sleeper due at one
    /// deadline, one at a time), so a repeating timer cannot make it run forever. Waits for the participants
    /// before the first step and after each one. Returns early, between steps, if the calling task
    /// is cancelled.
    ///
    /// - Returns: `true` if no sleeper remains when it returns, `false` if it stopped at
    ///   `maxSteps` (or at a cancellation) with sleepers still waiting.
    @discardableResult
    public func run(maxSteps: Int) async -> Bool {
        await waitForParticipants()
        var steps = 0
        var deadline: Instant?
        while !Task.isCancelled, let next = nextDeadline() {
            if next != deadline {
                if steps == maxSteps { break }
                steps += 1
                deadline = next
            }
            guard let due = takeStep(upTo: next) else { break }
            wake(due)
            await waitForParticipants(beforeTieAt: next, woken: due)
        }
        return sleeperCount == 0
    }

    /// The earliest deadline a sleeper waits for, if any.
    private func nextDeadline() -> Instant? {
        withSchedule { $0.earliestDeadline }
    }

    /// Runs `body` on the state under the lock.
    private func withSchedule<Result>(_ body: (inout TestClockSchedule) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&schedule)
    }

    /// One step under the lock: the sleepers due at the earliest deadline not after `limit`, with
    /// `now` moved to it; or, when none is due, `nil`, with `now` moved to `limit` in the same
    /// critical section (so no sleep can register behind it).
    private func takeStep(upTo limit: Instant?) -> [ScheduledSleeper]? {
        withSchedule { schedule in
            if let due = schedule.takeDue(upTo: limit) { return due }
            if let limit { schedule.moveNow(to: limit) }
            return nil
        }
    }

    /// Calls every `onWake`, then resumes every sleeper, both in order (one sleeper per step
    /// since same-instant sleepers wake one at a time). Outside the lock.
    private func wake(_ due: [ScheduledSleeper]) {
        withSchedule { schedule in
            for sleeper in due { schedule.awaitingResumption.insert(sleeper.token) }
        }
        for sleeper in due { sleeper.onWake() }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// The longest a wait between two sleepers due at the same instant takes once the first one's
    /// task has run again: what it set off normally settles at once, and one that waits for the
    /// second (a mailbox the other fills) must not cost the whole ``quiescenceTimeout``.
    static let tieWait: Duration = .milliseconds(500)

    /// ``waitForParticipants()`` after waking `woken`, due at `deadline`: when another sleeper
    /// is due at that same instant, the clock first waits until the woken sleepers' tasks have
    /// run again (a condition, bounded only by ``quiescenceTimeout``: on a loaded machine a woken
    /// task can wait long for a thread, and the next sleeper must not overtake it), then for the
    /// participants, bounded by ``tieWait`` and saying nothing if it passes; otherwise it is the
    /// full wait.
    private func waitForParticipants(beforeTieAt deadline: Instant?, woken: [ScheduledSleeper]) async {
        let tie = deadline != nil && withSchedule { $0.earliestDeadline } == deadline
        if tie {
            await waitForResumption(of: woken)
            await waitForParticipants(timeout: min(quiescenceTimeout, Self.tieWait), reports: false)
        } else {
            await waitForParticipants()
        }
    }

    /// Waits until every sleeper in `woken` has run again since its wake (or
    /// ``quiescenceTimeout`` passes), checking every millisecond of real time.
    private func waitForResumption(of woken: [ScheduledSleeper]) async {
        let tokens = Set(woken.map(\.token))
        let wall = ContinuousClock()
        let limit = wall.now.advanced(by: quiescenceTimeout)
        while withSchedule({ !$0.awaitingResumption.isDisjoint(with: tokens) }), wall.now < limit {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Waits, one after another, until each live participant is quiescent or its timeout passed.
    /// Holds each participant strongly only while waiting for it.
    private func waitForParticipants() async {
        await waitForParticipants(timeout: quiescenceTimeout, reports: true)
    }

    private func waitForParticipants(timeout: Duration, reports: Bool) async {
        let participants = withSchedule { $0.liveParticipants() }
        for reference in participants {
            guard let participant = reference.participant else { continue }
            let quiescent = await participant.waitUntilQuiescent(timeout: timeout)
            guard !quiescent && reports else { continue }
            let line = "ReduxTesting: TestClock: \(type(of: participant)) was not quiescent within the quiescence timeout of \(quiescenceTimeout) (real time); moving time on at \(now.offset)."
            if let onQuiescenceTimeout {
                onQuiescenceTimeout(line)
            } else {
                #if DEBUG
                FileHandle.standardError.write(Data((line + "\n").utf8))
                #endif
            }
        }
    }
}

import Redux

// The state of a TestClock, as a value: what is asleep, what time it is, who to wait for.
// Every method is a transition that `TestClock` runs under its lock; none wakes anyone: each
// hands back what is to be woken, and the clock calls `onWake` and resumes after unlocking.

/// One sleep that reached the clock and waits for virtual time.
struct ScheduledSleeper: Sendable {
    let token: UInt64
    let deadline: TestClock.Instant
    /// Ties at one deadline wake in this order: the start order of the store-owned task that
    /// sleeps (`TaskStartOrder`), `UInt64.max` for any other sleeper; then registration order.
    let order: UInt64
    let continuation: CheckedContinuation<Void, any Error>
    let onWake: @Sendable () -> Void
}

/// A participant, held weakly: the clock never keeps a store alive.
struct WeakParticipant: Sendable {
    weak var participant: (any VirtualClockParticipant)?
}

/// What `register` decided for a sleep that reached the clock.
enum Registration {
    /// The sleeper waits in the schedule.
    case asleep
    /// Its deadline is not after `now`: call `onWake`, then return at once.
    case due
    /// Its task was cancelled before it got here: call `onWake`, then throw `CancellationError`.
    case cancelled
}

/// A `TestClock`'s state: the time, the sleepers sorted by deadline (ties in registration order),
/// the sleeps that took a token but have not reached the schedule yet, and the participants.
///
/// Invariant: every scheduled sleeper's deadline is after `now` (a due one is never scheduled,
/// and `takeDue` / `moveNow` remove what the time they set makes due).
struct TestClockSchedule: Sendable {
    private(set) var now: TestClock.Instant
    /// Sorted by deadline; equal deadlines in the order they were registered.
    private var sleepers: [ScheduledSleeper] = []
    /// Sleeps that took a token and have not reached `register` yet: `true` once cancelled.
    private var arriving: [UInt64: Bool] = [:]
    private var lastToken: UInt64 = 0
    private var participants: [WeakParticipant] = []
    /// Sleepers a step has woken whose task has not run since: until it runs, what it does
    /// after its sleep cannot have happened, whatever the participants say.
    var awaitingResumption: Set<UInt64> = []

    init(now: TestClock.Instant) {
        self.now = now
    }

    var sleeperCount: Int { sleepers.count }

    /// A new sleep begins: its identity, taken before its task can be cancelled into it.
    mutating func reserveToken() -> UInt64 {
        lastToken += 1
        arriving[lastToken] = false
        return lastToken
    }

    /// The sleep of `token` reaches the clock with its continuation.
    ///
    /// Complexity: O(n) in the number of sleepers (a binary search, then an insertion).
    mutating func register(
        _ token: UInt64,
        deadline: TestClock.Instant,
        order: UInt64 = .max,
        continuation: CheckedContinuation<Void, any Error>,
        onWake: @escaping @Sendable () -> Void
    ) -> Registration {
        let cancelled = arriving.removeValue(forKey: token) ?? false
        if cancelled { return .cancelled }
        if deadline <= now { return .due }
        // After every sleeper with an earlier deadline, or the same deadline and an order not
        // after this one's: ties of one order keep their registration order.
        var low = 0
        var high = sleepers.count
        while low < high {
            let middle = (low + high) / 2
            let other = sleepers[middle]
            if other.deadline < deadline || (other.deadline == deadline && other.order <= order) { low = middle + 1 } else { high = middle }
        }
        sleepers.insert(
            ScheduledSleeper(token: token, deadline: deadline, order: order, continuation: continuation, onWake: onWake),
            at: low
        )
        return .asleep
    }

    /// The task of `token` was cancelled: the sleeper to wake with `CancellationError` if it is
    /// scheduled; otherwise `nil`, and a sleep that has not arrived yet is marked so that it
    /// throws when it does (a sleep already woken or returned is left alone).
    ///
    /// Complexity: O(n) in the number of sleepers.
    mutating func cancel(_ token: UInt64) -> ScheduledSleeper? {
        if arriving[token] != nil {
            arriving[token] = true
            return nil
        }
        guard let index = sleepers.firstIndex(where: { $0.token == token }) else { return nil }
        return sleepers.remove(at: index)
    }

    /// The earliest deadline a sleeper waits for, if any.
    var earliestDeadline: TestClock.Instant? { sleepers.first?.deadline }

    /// One step of time towards `limit` (`nil`: no limit): if the earliest deadline is not after
    /// `limit`, moves `now` to it (never backward) and removes and returns the first sleeper due
    /// at it (in registration order; the others wake in later calls, once the clock has waited
    /// for what this one set off); otherwise `nil`, and nothing changes.
    ///
    /// Complexity: O(n) in the number of sleepers.
    mutating func takeDue(upTo limit: TestClock.Instant?) -> [ScheduledSleeper]? {
        guard let earliest = sleepers.first?.deadline else { return nil }
        if let limit, earliest > limit { return nil }
        if now < earliest { now = earliest }
        // One sleeper at a time: the others due at the same instant stay registered (and
        // cancellable) until the clock has waited for what this one set off.
        return [sleepers.removeFirst()]
    }

    /// Moves `now` to `instant` unless it is already later. Called once nothing scheduled is due
    /// by `instant` (`takeDue(upTo: instant)` answered `nil` under the same lock), so the
    /// invariant holds.
    mutating func moveNow(to instant: TestClock.Instant) {
        if now < instant { now = instant }
    }

    /// Adds `participant` unless it is already attached; drops released ones.
    mutating func attach(_ participant: any VirtualClockParticipant) {
        participants.removeAll { $0.participant == nil }
        guard !participants.contains(where: { $0.participant === participant }) else { return }
        participants.append(WeakParticipant(participant: participant))
    }

    /// The participants still alive, as weak references, in attachment order; drops released ones.
    mutating func liveParticipants() -> [WeakParticipant] {
        participants.removeAll { $0.participant == nil }
        return participants
    }
}

import Foundation

/// The part of one action's run that outlives its synchronous pass, created only when a
/// middleware starts a `.task` in it: errors that task throws before the run reaches its terminal
/// (because a later middleware suspended the action in `.deferred`) are parked here and queued
/// when the terminal comes, so the resolvers always see a task error after its action's terminal.
///
/// Parked entries never hold their record (the store strips it when parking), so a run that
/// never ends — its action cancelled while suspended — frees its parked errors with the last
/// reference to the record. Mutated on the main actor only; the lock makes it safe to carry in
/// `Sendable` queue entries.
@usableFromInline
final class RunRecord<State: Sendable, Action: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var parked: [QueueEntry<State, Action>] = []

    /// The effect group the run's effects join: its tracked dispatch's, or, for an action a
    /// grouped effect sent, a group inside that effect's (its ticket's, or the sender's
    /// follow-up group), whose tasks a cancelled wait on the sender's group leaves running.
    @usableFromInline let group: EffectGroup?
    /// The group of the effect that sent this run's action, which waits for it until its
    /// terminal (``finish()``); `nil` for a dispatch.
    private let sender: EffectGroup?
    /// Whether the run is an action a grouped effect sent, which the group waits for until its
    /// terminal (``finish()``).
    private let holdsGroupAction: Bool

    @usableFromInline init() {
        self.group = nil
        self.sender = nil
        self.holdsGroupAction = false
    }

    /// A run whose effects join `group`; `sender`, if any, waits for the run's terminal.
    @usableFromInline
    init(group: EffectGroup?, sender: EffectGroup? = nil) {
        self.group = group
        self.sender = sender
        self.holdsGroupAction = sender != nil
    }

    /// Parks `entry` if the run has not ended; returns `false` (process it now) if it has.
    @usableFromInline
    func park(_ entry: QueueEntry<State, Action>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if finished { return false }
        parked.append(entry)
        return true
    }

    /// Marks the run ended and returns what was parked, in arrival order.
    @usableFromInline
    func finish() -> [QueueEntry<State, Action>] {
        lock.lock()
        let first = !finished
        finished = true
        let released = parked
        parked = []
        lock.unlock()
        if first, holdsGroupAction { sender?.actionEnded() }
        return released
    }
}

import Foundation
import Synchronization

/// The store's inbox: where dispatches, `.deferred` resumptions and task errors made off the main
/// actor wait for a main-actor turn.
///
/// Any thread appends under a ``SpinningLock`` (TSan-clean here, unlike `Mutex`); the main actor takes
/// entries as one block — everything at once when a main-actor dispatch starts, at most one
/// segment (1,024 entries) for a scheduled turn — and moves them into its pipeline queue. An
/// atomic count lets the main-actor fast path see "nothing waiting" with one load. Whether a
/// main-actor hop is already scheduled is kept under the same lock, so each burst of remote work
/// costs one hop.
///
/// Once closed (store invalidated or released) every append is refused; refusals the store must
/// still log are kept here until the main actor next runs.
@usableFromInline
final class Inbox<State: Sendable, Action: Sendable>: @unchecked Sendable {
    @usableFromInline typealias Entry = QueueEntry<State, Action>

    /// Outcome of an append.
    @usableFromInline
    enum AppendResult {
        /// Queued; a main-actor turn is already scheduled.
        case queued
        /// Queued; the caller must schedule a main-actor turn.
        case queuedNeedsTurn
        /// The inbox is closed: nothing was queued. With `needsTurn`, the refusal was kept for
        /// the log and the caller must schedule a main-actor turn to deliver it.
        case refused(RefusalReason, needsTurn: Bool)
    }

    @usableFromInline let lock = SpinningLock()
    @usableFromInline var entries = EntryBuffer<State, Action>()
    @usableFromInline var turnScheduled = false
    @usableFromInline var closeReason: RefusalReason?
    /// Entries refused after closing, kept for the log (only when the store logs).
    @usableFromInline var refusedForLog: [Entry] = []
    @usableFromInline var highWater = 0
    @usableFromInline var loggedHighWater = 0

    /// The deepest the main actor's pipeline queue has been (written on the main actor only).
    @usableFromInline let pipelineHighWater = Atomic<Int>(0)

    /// Entries waiting; read without the lock by the fast path.
    @usableFromInline let pendingCount = Atomic<Int>(0)
    /// The next dispatch sequence number (drawn for tracked dispatches and while logging).
    @usableFromInline let sequenceCounter = Atomic<UInt64>(0)

    @usableFromInline init() {}

    @inlinable var hasPending: Bool { pendingCount.load(ordering: .acquiring) != 0 }

    @inlinable func nextSequence() -> UInt64 {
        sequenceCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Appends entries in order, contiguously (no other producer's entry lands between them), and,
    /// up to 1,024 entries, within one scheduled turn's block.
    ///
    /// - Parameter keepRefusals: keep refused entries for the log (the store has a log handler).
    /// - Complexity: O(entries); never copies what is already queued.
    @inlinable
    func append(contentsOf newEntries: some Collection<Entry>, keepRefusals: Bool) -> AppendResult {
        lock.lock()
        defer { lock.unlock() }
        if let closeReason { return refuse(newEntries, closeReason, keep: keepRefusals) }
        entries.append(batch: newEntries)
        return appended()
    }

    /// Appends one entry.
    @inlinable
    func append(_ entry: Entry, keepRefusals: Bool) -> AppendResult {
        lock.lock()
        defer { lock.unlock() }
        if let closeReason { return refuse(CollectionOfOne(entry), closeReason, keep: keepRefusals) }
        entries.append(entry)
        return appended()
    }

    /// Bookkeeping after an append, under the lock.
    @inlinable
    func appended() -> AppendResult {
        let count = entries.count
        pendingCount.store(count, ordering: .releasing)
        if count > highWater { highWater = count }
        if !turnScheduled {
            turnScheduled = true
            return .queuedNeedsTurn
        }
        return .queued
    }

    /// A refusal, under the lock: only an invalidated store (still alive) logs refusals.
    @usableFromInline
    func refuse(_ refused: some Sequence<Entry>, _ reason: RefusalReason, keep: Bool) -> AppendResult {
        guard keep, reason == .invalidated else { return .refused(reason, needsTurn: false) }
        refusedForLog.append(contentsOf: refused)
        if turnScheduled { return .refused(reason, needsTurn: false) }
        turnScheduled = true
        return .refused(reason, needsTurn: true)
    }

    /// Moves everything waiting, as one block, behind whatever `pipeline` holds. Does not touch
    /// the scheduled-turn flag: a scheduled turn still comes and finds the inbox empty.
    @inlinable
    func takeAll(into pipeline: inout EntryBuffer<State, Action>) {
        lock.lock()
        defer { lock.unlock() }
        pipeline.append(taking: &entries)
        pendingCount.store(0, ordering: .releasing)
    }

    /// A scheduled turn's block: the oldest segment (at most 1,024 entries). Returns `nil`, and
    /// marks no turn as scheduled, when nothing is waiting.
    @inlinable
    func takeTurnBlock() -> [Entry]? {
        lock.lock()
        defer { lock.unlock() }
        guard let block = entries.takeFirstSegment() else {
            turnScheduled = false
            return nil
        }
        pendingCount.store(entries.count, ordering: .releasing)
        return block
    }

    /// Ends a scheduled turn: `true` (the caller must hop again) if entries or refusals to log
    /// are waiting, else marks no turn as scheduled.
    @inlinable
    func continueScheduledTurn() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        // Refusals kept while this turn ran (it invalidated the store) still need a turn.
        if entries.isEmpty && refusedForLog.isEmpty {
            turnScheduled = false
            return false
        }
        return true
    }

    /// Closes the inbox for good and returns what was waiting, oldest first.
    @usableFromInline
    func close(_ reason: RefusalReason) -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        if closeReason == nil { closeReason = reason }
        let dropped = entries.takeAll().flatMap { $0 }
        pendingCount.store(0, ordering: .releasing)
        return dropped
    }

    /// Whether the inbox was closed (the store invalidated or released). Any thread.
    @usableFromInline var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closeReason != nil
    }

    /// Whether refusals wait to be logged.
    @usableFromInline var hasRefusalsToLog: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !refusedForLog.isEmpty
    }

    /// Takes the refusals kept for the log and marks no turn as scheduled.
    @usableFromInline
    func takeRefusedForLog() -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        turnScheduled = false
        let refused = refusedForLog
        refusedForLog = []
        return refused
    }

    /// The most entries that were ever waiting at once, in the inbox or in the pipeline queue.
    @usableFromInline var highWaterMark: Int {
        lock.lock()
        defer { lock.unlock() }
        return max(highWater, pipelineHighWater.load(ordering: .relaxed))
    }

    /// Records the pipeline queue's depth (main actor only).
    @inlinable
    func notePipelineDepth(_ depth: Int) {
        if depth > pipelineHighWater.load(ordering: .relaxed) {
            pipelineHighWater.store(depth, ordering: .relaxed)
        }
    }

    /// The high-water mark if it rose since the last call, else `nil`.
    @usableFromInline func newHighWaterMark() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let mark = max(highWater, pipelineHighWater.load(ordering: .relaxed))
        guard mark > loggedHighWater else { return nil }
        loggedHighWater = mark
        return mark
    }
}

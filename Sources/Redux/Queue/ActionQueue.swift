import Foundation
import Synchronization

/// The store's unbounded FIFO of pending work: the storage half of the dispatch queue.
///
/// Any thread appends under an `NSLock` (TSan-clean here, unlike `Mutex`); the main actor takes
/// everything at once and processes it. An atomic count lets the main-actor fast path see
/// "nothing queued" without taking the lock. Whether a main-actor hop is already scheduled is
/// kept under the same lock, so each burst of remote dispatches costs one hop.
@usableFromInline
final class ActionQueue<State: Sendable, Action: Sendable>: @unchecked Sendable {
    @usableFromInline typealias Entry = QueueEntry<State, Action>

    /// Outcome of an append.
    @usableFromInline
    enum AppendResult {
        /// Queued; someone is already going to drain it.
        case queued
        /// Queued; the caller must schedule a main-actor drain.
        case queuedNeedsDrain
        /// The queue is closed (store invalidated or released); nothing was queued.
        case rejected
    }

    @usableFromInline let lock = NSLock()
    @usableFromInline var entries: [Entry] = []
    /// Index of the first pending entry: entries before it were taken by a bounded drain and
    /// are compacted away once they make up half the array.
    @usableFromInline var head = 0
    @usableFromInline var drainScheduled = false
    @usableFromInline var closed = false
    @usableFromInline var highWater = 0
    @usableFromInline var loggedHighWater = 0

    /// Entries waiting; read without the lock by the fast path.
    @usableFromInline let pendingCount = Atomic<Int>(0)
    /// The next dispatch sequence number (only drawn when a log handler is attached).
    @usableFromInline let sequenceCounter = Atomic<UInt64>(0)

    @usableFromInline init() {}

    @inlinable var hasPending: Bool { pendingCount.load(ordering: .acquiring) != 0 }

    @inlinable func nextSequence() -> UInt64 {
        sequenceCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Appends entries in order, contiguously (no other producer's entry lands between them).
    @inlinable
    func append(contentsOf newEntries: some Sequence<Entry>, scheduleDrain: Bool) -> AppendResult {
        lock.lock()
        defer { lock.unlock() }
        if closed { return .rejected }
        entries.append(contentsOf: newEntries)
        return appended(scheduleDrain: scheduleDrain)
    }

    /// Appends one entry.
    @inlinable
    func append(_ entry: Entry, scheduleDrain: Bool) -> AppendResult {
        lock.lock()
        defer { lock.unlock() }
        if closed { return .rejected }
        entries.append(entry)
        return appended(scheduleDrain: scheduleDrain)
    }

    /// Bookkeeping after an append, under the lock.
    @inlinable
    func appended(scheduleDrain: Bool) -> AppendResult {
        let count = entries.count - head
        pendingCount.store(count, ordering: .releasing)
        if count > highWater { highWater = count }
        if scheduleDrain && !drainScheduled {
            drainScheduled = true
            return .queuedNeedsDrain
        }
        return .queued
    }

    /// Moves every pending entry into `batch` (which must be empty). Returns `false`, and marks
    /// no drain as scheduled, when nothing was pending.
    @inlinable
    func takeAll(into batch: inout [Entry]) -> Bool {
        take(upTo: .max, into: &batch)
    }

    /// Moves up to `limit` pending entries, oldest first, into `batch` (which must be empty).
    /// Returns `false`, and marks no drain as scheduled, when nothing was pending.
    @inlinable
    func take(upTo limit: Int, into batch: inout [Entry]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let pending = entries.count - head
        if pending == 0 {
            if head != 0 {
                entries.removeAll(keepingCapacity: true)
                head = 0
            }
            drainScheduled = false
            return false
        }
        if pending <= limit {
            if head == 0 {
                swap(&entries, &batch)
            } else {
                batch.append(contentsOf: entries[head...])
                entries.removeAll(keepingCapacity: true)
                head = 0
            }
        } else {
            batch.append(contentsOf: entries[head..<(head + limit)])
            head += limit
            if head >= 1024, head * 2 >= entries.count {
                entries.removeSubrange(0..<head)
                head = 0
            }
        }
        pendingCount.store(entries.count - head, ordering: .releasing)
        return true
    }

    /// Ends a scheduled drain that stopped early: returns `true` (the drain stays scheduled and
    /// the caller must hop again) if entries are waiting, else marks no drain as scheduled.
    @inlinable
    func continueScheduledDrain() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if entries.count == head {
            drainScheduled = false
            return false
        }
        return true
    }

    /// Closes the queue for good and returns what was pending.
    @usableFromInline
    func close() -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        let dropped = Array(entries[head...])
        entries = []
        head = 0
        pendingCount.store(0, ordering: .releasing)
        return dropped
    }

    @usableFromInline var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// The most entries that were ever waiting at once.
    @usableFromInline var highWaterMark: Int {
        lock.lock()
        defer { lock.unlock() }
        return highWater
    }

    /// The high-water mark if it rose since the last call, else `nil`.
    @usableFromInline func newHighWaterMark() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard highWater > loggedHighWater else { return nil }
        loggedHighWater = highWater
        return highWater
    }
}

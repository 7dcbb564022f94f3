import Synchronization

/// The store's select subscriptions and state streams, in subscription order, and the
/// notification pass that runs them after a handled action (see <doc:ReadingState>).
///
/// Each subscription has a *watch*: a plain record the pass compares without calling anything
/// when it can — the bytes of a small reference-free value at its offset in the state, or an
/// identified collection's stamp — so a pass over subscriptions whose selections did not change
/// costs a load and a compare each. Other selections are compared by their entry's probe, or
/// delivered on every handled action.
@MainActor @usableFromInline
final class SubscriptionList {
    /// How a watch decides whether its selection changed.
    enum Kind: UInt8 {
        /// Eight bytes at `offset` (an integer, a stamp): different bytes, a different value.
        case word
        /// `size` ≤ 16 bytes at `offset`; different bytes are a different value.
        case bytes
        /// `size` ≤ 16 bytes at `offset`; different bytes go to the probe, which decides by `==`
        /// (floating point: `-0.0 == 0.0`; padding).
        case bytesThenProbe
        /// The entry's probe decides.
        case probe
        /// Delivered after every handled action.
        case always
        /// Ended: skipped, dropped by the next sweep.
        case ended
    }

    struct Watch {
        var kind: Kind
        var size: Int
        var offset: Int
        var old0: UInt64 = 0
        var old1: UInt64 = 0
    }

    @exclusivity(unchecked) private(set) var watches: ContiguousArray<Watch> = []
    @exclusivity(unchecked) private(set) var entries: ContiguousArray<SubscriptionEntry> = []
    /// Cancellations not yet swept, counted from any thread.
    nonisolated let pendingCancellations = Atomic<Int>(0)
    /// True while a pass runs: sweeps wait for its end, so that indices stay put.
    @exclusivity(unchecked) private(set) var isNotifying = false

    nonisolated init() {}

    /// Whether no entry is registered, kept as a stored flag so that the pipeline's test of it
    /// costs a load. Main actor.
    @exclusivity(unchecked) @usableFromInline private(set) var isEmpty = true

    /// Adds `entry` with `watch`, after every other; a pass running now does not reach it.
    func append(_ watch: Watch, _ entry: SubscriptionEntry) {
        watches.append(watch)
        entries.append(entry)
        isEmpty = false
    }

    /// The live subscriptions with `role`.
    func count(_ role: SubscriptionEntry.Role) -> Int {
        var count = 0
        for entry in entries where entry.role == role && !entry.isEnded { count += 1 }
        return count
    }

    /// Drops ended entries (cancelled, or whose weak owner is gone) when some were counted as
    /// pending, unless a pass runs: then the pass's end sweeps. A gone owner is counted when a
    /// pass finds it, or when ``dropEnded()`` is asked for. The dropped entries' callbacks are
    /// released after the lists are consistent, so that a deinitializer this triggers may cancel
    /// other subscriptions (a nested sweep).
    func sweep() {
        guard !isNotifying else { return }
        guard pendingCancellations.exchange(0, ordering: .acquiringAndReleasing) != 0 else { return }
        var keptWatches = ContiguousArray<Watch>()
        var keptEntries = ContiguousArray<SubscriptionEntry>()
        var dropped: [SubscriptionEntry] = []
        keptWatches.reserveCapacity(watches.count)
        keptEntries.reserveCapacity(entries.count)
        for index in entries.indices {
            if entries[index].isEnded {
                dropped.append(entries[index])
            } else {
                keptWatches.append(watches[index])
                keptEntries.append(entries[index])
            }
        }
        watches = keptWatches
        entries = keptEntries
        isEmpty = keptEntries.isEmpty
        for entry in dropped { entry.releaseCallbacks() }
    }

    /// The notification pass over the subscriptions that existed when it started, in order:
    /// each whose selection changed is delivered, unless it ended before its turn. `base` is the
    /// state's address; the state does not change during the pass (dispatches made by callbacks
    /// are queued).
    func notify(_ base: UnsafeRawPointer) {
        if pendingCancellations.load(ordering: .relaxed) != 0 { sweep() }
        isNotifying = true
        let count = watches.count
        var index = 0
        var sawEnded = false
        while index < count {
            let watch = watches[index]
            switch watch.kind {
            case .word:
                let now = base.loadUnaligned(fromByteOffset: watch.offset, as: UInt64.self)
                if now != watch.old0 {
                    watches[index].old0 = now
                    sawEnded = deliver(index, base) || sawEnded
                }
            case .bytes, .bytesThenProbe:
                let (now0, now1) = Self.read(base, watch.offset, watch.size)
                if now0 != watch.old0 || now1 != watch.old1 {
                    watches[index].old0 = now0
                    watches[index].old1 = now1
                    if watch.kind == .bytes || entries[index].probe?(base) == true {
                        sawEnded = deliver(index, base) || sawEnded
                    }
                }
            case .probe:
                if entries[index].probe?(base) == true {
                    sawEnded = deliver(index, base) || sawEnded
                }
            case .always:
                sawEnded = deliver(index, base) || sawEnded
            case .ended:
                break
            }
            index += 1
        }
        isNotifying = false
        if sawEnded { pendingCancellations.add(1, ordering: .relaxed) }
        if pendingCancellations.load(ordering: .relaxed) != 0 { sweep() }
    }

    /// Sweeps every ended entry, gone owners included (for the counts).
    func dropEnded() {
        if entries.contains(where: { $0.isEnded }) { pendingCancellations.add(1, ordering: .relaxed) }
        sweep()
    }

    /// Delivers entry `index` unless it ended; returns whether it had ended (a weak owner gone).
    private func deliver(_ index: Int, _ base: UnsafeRawPointer) -> Bool {
        let entry = entries[index]
        if entry.isCancelled { return false }
        if entry.hasWeakOwner && entry.owner == nil {
            watches[index].kind = .ended
            return true
        }
        entry.deliver(base)
        return false
    }

    /// The `size` (≤ 16) bytes at `offset`, zero-extended into two words.
    static func read(_ base: UnsafeRawPointer, _ offset: Int, _ size: Int) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: size)) }
        return words
    }
}

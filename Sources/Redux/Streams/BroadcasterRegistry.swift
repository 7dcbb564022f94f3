/// The drivers and streamers subscribed to a store (``Store/subscribe(driver:)``,
/// ``Store/subscribe(streamer:)``), reachable from any thread, so that invalidation and release
/// (whose deinitializer cannot reach main-actor state) finish them. A record whose subscription
/// was cancelled, or dropped, is skipped and pruned.
final class BroadcasterRegistry: Sendable {
    private struct Record {
        /// The subscription's entry; weak, so that the registry keeps no subscription alive.
        weak var entry: SubscriptionEntry?
        /// Finishes the broadcaster (which it holds weakly).
        let finish: @Sendable () -> Void
    }

    private let records = Locked<[Record]>([])

    /// Adds the broadcaster of `subscription`, finished by `finish`; prunes the records of
    /// subscriptions that ended.
    func add(_ subscription: Subscription, finish: @escaping @Sendable () -> Void) {
        records.withLock { records in
            records.removeAll { $0.entry?.isEnded ?? true }
            records.append(Record(entry: subscription.entry, finish: finish))
        }
    }

    /// Finishes the broadcaster of every subscription not cancelled, and cancels it (a finished
    /// broadcaster takes nothing more), outside the lock.
    func finishAll() {
        let ending = records.withLock { records in
            defer { records.removeAll() }
            return records
        }
        for record in ending {
            guard let entry = record.entry, !entry.isCancelled else { continue }
            record.finish()
            entry.cancel()
        }
    }
}

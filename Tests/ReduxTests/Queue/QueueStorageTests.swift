import Foundation
@testable import Redux
import Testing

/// Issue 5, section 3: an idle store keeps no memory of its largest backlog. After 100,000
/// actions queued from a thread while the main actor was blocked have drained, neither the inbox
/// nor the pipeline queue holds more than a small constant of segment storage. (20,000 under a
/// sanitizer, still 20 segments: one call of 100,000 would hold the main actor for seconds.)
/// (`@testable`: the queues' storage is internal.)
@Suite("Queue storage is given back after a backlog", .timeLimit(.minutes(5)))
@MainActor
struct QueueStorageTests {
    /// Drained by scheduled main-actor turns (1,024 entries each), or by one main-actor dispatch
    /// that takes the whole backlog as one block. Old core: the queue kept its 100,000-entry
    /// array after draining (`removeAll(keepingCapacity: true)`), freed only with the store.
    @Test(arguments: ["scheduled turns", "one main-actor dispatch"])
    func queueStorageIsGivenBackAfterABacklog(drainedBy: String) async throws {
        let store = Store<CounterState, CounterAction>(
            initialState: CounterState(),
            reducers: [Reducer(id: "counts") { state, _ in
                state.count += 1
                return .next
            }]
        )
        let backlog = runsUnderSanitizer ? 20_000 : 100_000
        #expect(runOnThreadAndWait {
            for _ in 0..<backlog { store.dispatch(.increment) }
        })
        #expect(inboxSegmentCapacity(store) > 16, "the backlog spread over many segments (the check can fail)")

        if drainedBy == "one main-actor dispatch" {
            store.dispatch(.increment)
            #expect(store.count == backlog + 1, "the call took the whole backlog")
        }
        try await store.settled(timeout: patience)

        #expect(store.count == (drainedBy == "scheduled turns" ? backlog : backlog + 1))
        #expect(inboxSegmentCapacity(store) <= 16, "the inbox gave its segment index back")
        #expect(store.pipeline.segments.capacity <= 16, "the pipeline queue gave its segment index back")
        #expect(store.pipeline.isEmpty)
    }

    private func inboxSegmentCapacity(_ store: Store<CounterState, CounterAction>) -> Int {
        store.inbox.lock.withLock { store.inbox.entries.segments.capacity }
    }
}

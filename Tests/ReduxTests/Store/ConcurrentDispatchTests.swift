import Dispatch
import Redux
import Testing

/// Many producers at once: nothing lost, nothing concurrent, observers see a count that only
/// grows.
@Suite("Concurrent dispatch")
@MainActor
struct ConcurrentDispatchTests {
    @Test func eightThreadsOfTwelveThousandFiveHundredIncrementsCountExactlyOneHundredThousand() async throws {
        let overlap = OverlapDetector()
        let store = makeCounterStore(reducers: [
            Reducer(id: "counts") { state, action in
                overlap.enter()
                defer { overlap.leave() }
                if action == .increment { state.count += 1 }
                return .next
            },
        ])
        let observer = CountObserver(store, read: .dynamicMember)
        let threads = 8, perThread = 12_500
        let finished = ArrivalCounter(count: threads)
        let start = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            startThread {
                start.wait()
                for _ in 0..<perThread { store.dispatch(.increment) }
                finished.arrive()
            }
        }
        for _ in 0..<threads { start.signal() }

        #expect(await finished.gate.waitOpened(ifCancelled: .keepWaiting))
        try await store.settled(timeout: patience)

        #expect(store.count == threads * perThread)
        #expect(overlap.overlaps == 0, "the reducer never ran concurrently with itself")
        let seen = observer.seen
        #expect(!seen.isEmpty)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "the observer saw non-decreasing values")
        #expect(seen.last == threads * perThread, "the last notification followed the last action")
    }
}

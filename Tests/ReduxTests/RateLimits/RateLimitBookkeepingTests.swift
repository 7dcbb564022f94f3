import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// The rate-limit tables stay bounded: pending counts leave at 0, closed windows are swept.
@Suite("Rate limits: bookkeeping", .timeLimit(.minutes(5)))
@MainActor
struct RateLimitBookkeepingTests {
    /// 100,000 distinct identities, 100 per virtual second, each with a one-second window: at
    /// most 100 windows are open at a sweep, so the table never holds more than
    /// `max(16, 2 × 100)` = 200 entries.
    @Test func manyDistinctIdentitiesOverTimeKeepTheWindowTableBounded() async throws {
        let clock = TestClock()
        let store = Store<Int, TickAction>(initialState: 0, options: StoreOptions(clock: clock)) { count, _ in count += 1 }
        var largest = 0
        for number in 0..<100_000 {
            #expect(store.dispatch(.tick(number), rate: .minimumInterval(.seconds(1))))
            largest = max(largest, store.rateLimitIdentityCount)
            if number % 100 == 99 { await clock.advance(by: .seconds(1)) }
        }
        #expect(store.state == 100_000)
        #expect(largest <= 200, "largest: \(largest)")
        #expect(largest >= 100, "the windows of one second were all held")
    }

    @Test func pendingCountsLeaveTheTableAtZero() async throws {
        let store = Store<Int, TickAction>(initialState: 0) { count, _ in count += 1 }
        #expect(runOnThreadAndWait {
            for number in 0..<1_000 { store.dispatch(.tick(number), rate: .limit(1)) }
        })
        #expect(store.rateLimitIdentityCount == 1_000)
        try await store.settled(timeout: patience)
        #expect(store.state == 1_000)
        #expect(store.rateLimitIdentityCount == 0)
    }

    @Test func aLimitedEntryIsNoBiggerThanAnOrdinaryOne() {
        // The identity is boxed (an indirect case): the entry keeps its size.
        #expect(MemoryLayout<QueueEntry<Int, TickAction>.Kind>.size == MemoryLayout<UnsafeRawPointer>.size)
    }
}

/// The text forms a log line or a test failure shows.
@Suite("Rate limits: descriptions")
struct RateLimitDescriptionTests {
    @Test func aRateLimitAndTheRefusalReasonDescribeThemselves() {
        #expect(RateLimit.limit(3).description == "limit(3)")
        #expect(RateLimit.minimumInterval(.milliseconds(500)).description == "minimumInterval(0.5 seconds)")
        #expect(RefusalReason.rateLimited.description == "rateLimited")
        #expect(DispatchOutcome<Int>.refused(.rateLimited).description == "refused(rateLimited)")
    }
}

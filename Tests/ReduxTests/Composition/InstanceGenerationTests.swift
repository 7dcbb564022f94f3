import Foundation
@testable import Redux
import Synchronization
import Testing

/// Issue 7, identity: instance generations are unique across the process, from any thread, and
/// never 0.
@Suite("Instance generation", .timeLimit(.minutes(5)))
struct InstanceGenerationTests {
    @Test func successiveGenerationsDifferAndAreNotZero() {
        let generations = (0..<1_000).map { _ in InstanceGeneration.next() }
        #expect(!generations.contains(0))
        #expect(Set(generations).count == generations.count)
    }

    @Test func generationsTakenOnManyThreadsAtOnceAreAllDistinct() {
        let threads = 4
        let perThread = 20_000
        let taken = SharedList<[UInt64]>()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            startThread {
                taken.append((0..<perThread).map { _ in InstanceGeneration.next() })
                done.signal()
            }
        }
        for _ in 0..<threads { #expect(waitForSignal(done)) }
        let all = taken.values.flatMap { $0 }
        #expect(all.count == threads * perThread)
        #expect(Set(all).count == all.count)
        #expect(!all.contains(0))
    }

    @Test func theCounterSkipsZeroWhenItWraps() {
        let counter = Atomic<UInt64>(UInt64.max - 1)
        #expect(InstanceGeneration.advance(counter) == UInt64.max)
        #expect(InstanceGeneration.advance(counter) == 1)
        #expect(InstanceGeneration.advance(counter) == 2)
    }
}

import Foundation
import Redux

/// What `P8` measured: one burst of remote dispatches queued while the main actor was busy.
struct BurstResult {
    /// Actions queued.
    let count: Int
    /// The slowest single `dispatch` call on the producer thread (appending to the inbox), in ns.
    let worstAppendNanoseconds: Double
    /// The mean `dispatch` call on the producer thread, in ns.
    let meanAppendNanoseconds: Double
    /// Resident bytes with the whole burst queued, over the store's idle figure.
    let queuedHeapBytes: Double?
    /// Resident bytes still held after the burst drained and the allocator was trimmed, over the
    /// same idle figure.
    let retainedHeapBytes: Double?
    /// Time the main actor took to process the burst once it was free, in seconds.
    let drainSeconds: Double
}

extension BenchCases {
    /// `P8`: a producer thread queues `burstActions` actions while the main actor is blocked (so
    /// nothing drains), then the main actor is let go and the store settles. Reports the worst and
    /// mean append on the producer, the memory the queued burst held, the memory still held once it
    /// drained (an idle store must not keep the memory of its largest backlog), and the drain time.
    func p8() async throws -> BurstResult {
        let store = Store(initialState: CounterState(), reducers: [makeCounterReducer()])
        let actions = source.actions
        let mask = source.mask
        let count = config.burstActions
        let idle = heapBytesInUse()
        let finished = DispatchSemaphore(value: 0)
        let timing = AppendTiming()
        let producer = Thread {
            let clock = ContinuousClock()
            var worst = Duration.zero
            let started = clock.now
            for index in 0..<count {
                let before = clock.now
                store.dispatch(actions[index & mask])
                let took = before.duration(to: clock.now)
                if took > worst { worst = took }
            }
            timing.record(worst: worst, total: started.duration(to: clock.now))
            finished.signal()
        }
        producer.start()
        finished.wait()  // synchronous on purpose: the main actor is busy, nothing drains
        let queued = heapBytesInUse()
        let clock = ContinuousClock()
        let drainStart = clock.now
        try await store.settled(timeout: .seconds(600))
        let drain = drainStart.duration(to: clock.now)
        trimAllocator()  // hand freed pages back, so the resident size shows what is still held
        let retained = heapBytesInUse()
        try expect(store.state.count == count, "P8: \(store.state.count) of \(count) actions reduced after settled()")
        Blackhole.consume(store.state.total)
        return BurstResult(
            count: count,
            worstAppendNanoseconds: timing.worst.nanoseconds,
            meanAppendNanoseconds: timing.total.nanoseconds / Double(count),
            queuedHeapBytes: zip(idle, queued).map { Double($1 - $0) },
            retainedHeapBytes: zip(idle, retained).map { Double($1 - $0) },
            drainSeconds: drain.nanoseconds * 1e-9
        )
    }
}

private func zip(_ first: Int?, _ second: Int?) -> (Int, Int)? {
    guard let first, let second else { return nil }
    return (first, second)
}

/// The producer thread's figures, handed to the main actor.
final class AppendTiming: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var worst = Duration.zero
    private(set) var total = Duration.zero

    func record(worst: Duration, total: Duration) {
        lock.withLock {
            self.worst = worst
            self.total = total
        }
    }
}

/// Asks glibc to return the free memory at the top of its heaps to the system (`malloc_trim(0)`,
/// looked up by name: `malloc.h` is not in the Glibc module). Elsewhere it does nothing.
func trimAllocator() {
    #if os(Linux)
    typealias MallocTrim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
    #endif
}

/// The resident size, as P7 reads it: freed memory shows up only once the allocator gives it
/// back to the system (glibc trims its heap top when it frees a large enough block).
func heapBytesInUse() -> Int? {
    residentBytes()
}

import Foundation
import Observation
import Redux
import Testing

/// Ten value-compared fields, one per observer.
struct TenFields: Sendable {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0

    static let paths: [WritableKeyPath<TenFields, Int> & Sendable] = [
        \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    ]
}

/// Dispatches from many threads while observers of one field each re-register on the main actor
/// after every change: each sees its field grow, never shrink, and ends on the state's value.
@Suite("Exact observation: concurrency", .timeLimit(.minutes(5)))
@MainActor
struct ObservationConcurrencyTests {
    /// 8 threads × 12,500 dispatches (a quarter under a sanitizer), each incrementing one field.
    @Test func observersOfOneFieldEachSeeANonDecreasingSequenceAndTheFinalStateWhileEightThreadsDispatch() async throws {
        let store = makeEditStore(TenFields())
        let observers = TenFields.paths.map { path in MemberObserver { store[dynamicMember: path] } }
        let threads = 8
        let perThread = repetitions(12_500)
        let finished = ArrivalCounter(count: threads)
        let start = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            startThread {
                start.wait()
                for index in 0..<perThread {
                    let path = TenFields.paths[(thread + index) % TenFields.paths.count]
                    store.dispatch(.write { $0[keyPath: path] += 1 })
                }
                finished.arrive()
            }
        }
        for _ in 0..<threads { start.signal() }
        #expect(await finished.gate.waitOpened(ifCancelled: .stopWaiting), "the threads finished dispatching")
        try await store.settled(timeout: patience)
        let state = store.state
        #expect(TenFields.paths.reduce(0) { $0 + state[keyPath: $1] } == threads * perThread)
        for (path, observer) in zip(TenFields.paths, observers) {
            #expect(observer.readings == observer.readings.sorted(), "\(path): never decreasing")
            #expect(observer.readings.last == state[keyPath: path], "\(path): the last read is the state's")
            #expect(store[dynamicMember: path] == state[keyPath: path])
            #expect(observer.fired >= 1)
        }
    }
}

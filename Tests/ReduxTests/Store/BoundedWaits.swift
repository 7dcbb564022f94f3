import Foundation
import Synchronization

// Bounded waits for the rule tests of issue 5. Each returns `false` instead of hanging once
// `patience` passes; none is a proof of anything (the tests assert on the log and the state).

/// Blocks the calling thread until `condition` holds, polling every 0.2 ms. Called on the main
/// actor, the main actor gets no turn meanwhile.
func blockUntil(within timeout: Duration = patience, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now >= deadline { return false }
        Thread.sleep(forTimeInterval: 0.000_2)
    }
    return true
}

/// Yields (`await Task.yield()`) until `condition` holds, so other work, the main actor's
/// included, runs meanwhile.
@MainActor
func yieldUntil(within timeout: Duration = patience, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now >= deadline { return false }
        await Task.yield()
    }
    return true
}

/// `REDUX_STRESS_SCALE` (default 1): multiplies the iterations of the stress variants.
let stressScale = max(1, ProcessInfo.processInfo.environment["REDUX_STRESS_SCALE"].flatMap(Int.init) ?? 1)

/// Threads that burn CPU only while told to spin (otherwise they nap), so a stress test creates
/// preemption where it matters without starving the rest of the suite.
final class Contention: Sendable {
    private let spinning = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    init(threads: Int) {
        for _ in 0..<threads {
            startThread { [self] in
                var spin = 0
                while !stopped.load(ordering: .relaxed) {
                    if spinning.load(ordering: .relaxed) { spin &+= 1 } else { usleep(500) }
                }
                if spin == -1 { print(spin) }
            }
        }
    }

    func spin(_ on: Bool) { spinning.store(on, ordering: .relaxed) }

    func stop() { stopped.store(true, ordering: .relaxed) }
}

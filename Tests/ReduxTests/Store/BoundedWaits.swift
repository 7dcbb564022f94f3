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

/// Whether the test process runs under ThreadSanitizer or AddressSanitizer (their runtimes define
/// these symbols). Sanitized code runs 5-30 times slower, so the heaviest tests shrink then: a
/// main-actor call of 100,000 actions would hold the main actor for about 20 s and starve the
/// rest of the suite.
let runsUnderSanitizer: Bool = {
    guard let program = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(program) }
    return dlsym(program, "__tsan_init") != nil || dlsym(program, "__asan_init") != nil
}()

/// How often a repeated rule check runs: `count` (the rule's figure), a quarter of it under a
/// sanitizer, where it is there to find data races and leaks rather than rare interleavings.
func repetitions(_ count: Int) -> Int {
    runsUnderSanitizer ? max(1, count / 4) : count
}

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

import Foundation

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

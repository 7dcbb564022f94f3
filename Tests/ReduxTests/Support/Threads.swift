import Foundation
import Synchronization

// Threads, blocking waits and overlap detection.

/// Starts `body` on a new Foundation thread (not a Swift concurrency thread).
func startThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.start()
}

/// Blocks the calling thread until `semaphore` is signalled (`true`) or `timeout` passes (`false`).
/// Synchronous on purpose: called on the main actor, it keeps the main actor busy.
func waitForSignal(_ semaphore: DispatchSemaphore, within timeout: Duration = patience) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .success
}

/// Runs `body` on a new Foundation thread and blocks the caller until it returns; `false` if it
/// did not return within `timeout`. Called on the main actor, the main actor gets no turn
/// meanwhile.
func runOnThreadAndWait(within timeout: Duration = patience, _ body: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    startThread {
        body()
        finished.signal()
    }
    return waitForSignal(finished, within: timeout)
}

/// Runs `body` in a detached task and blocks the caller until it returns; `false` if it did not
/// return within `timeout`. Called on the main actor, the main actor gets no turn meanwhile.
func runDetachedAndWait(within timeout: Duration = patience, _ body: @escaping @Sendable () async -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        finished.signal()
    }
    return waitForSignal(finished, within: timeout)
}

/// Catches a reducer running while another call of it is still in flight.
final class OverlapDetector: Sendable {
    private let inFlight = Atomic<Bool>(false)
    private let overlapCount = Atomic<Int>(0)

    /// Call first thing in the reducer.
    func enter() {
        if !inFlight.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            overlapCount.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// Call last thing in the reducer.
    func leave() {
        inFlight.store(false, ordering: .releasing)
    }

    /// How many times a call started while another was in flight.
    var overlaps: Int { overlapCount.load(ordering: .relaxed) }
}

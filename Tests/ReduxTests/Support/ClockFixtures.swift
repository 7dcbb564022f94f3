import Dispatch
import ReduxTesting
import Synchronization

// Participants and an executor for the TestClock tests.

/// Polls `condition` every 0.1 ms until it holds (`true`) or `timeout` passes (`false`): a guard
/// against a hang, for waiting until tasks are asleep on the clock.
func pollUntil(within timeout: Duration = patience, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .microseconds(100))
    }
    return true
}

/// Always quiescent; counts how often it was asked. Thread-safe.
final class CountingParticipant: VirtualClockParticipant {
    private let asked = Atomic<Int>(0)

    var calls: Int { asked.load(ordering: .relaxed) }

    func waitUntilQuiescent(timeout: Duration) async -> Bool {
        asked.add(1, ordering: .relaxed)
        return true
    }
}

/// Quiescent once `condition` holds, polled; `false` after `timeout`. Thread-safe.
final class ConditionParticipant: VirtualClockParticipant {
    private let condition: @Sendable () -> Bool

    init(_ condition: @escaping @Sendable () -> Bool) { self.condition = condition }

    func waitUntilQuiescent(timeout: Duration) async -> Bool {
        await pollUntil(within: timeout, condition)
    }
}

/// Quiescent once the test opens `gate`; `false` if `timeout` passes first. Opens `entered` when
/// first asked, and logs each answer ("quiescent" or "timed out") into `events`. Thread-safe.
final class GatedParticipant: VirtualClockParticipant {
    let gate = Gate()
    let entered = Gate()
    private let events: SharedList<String>

    init(events: SharedList<String>) { self.events = events }

    func waitUntilQuiescent(timeout: Duration) async -> Bool {
        entered.open()
        let quiescent = await gate.waitOpened(within: timeout, ifCancelled: .keepWaiting)
        events.append(quiescent ? "quiescent" : "timed out")
        return quiescent
    }
}

/// Runs jobs on one serial queue; once `logsEnqueues()` is called, logs "resumption enqueued" each
/// time a job is enqueued — which `CheckedContinuation.resume` does synchronously for a task that
/// prefers this executor. Thread-safe.
final class RecordingExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "RecordingExecutor")
    private let events: SharedList<String>
    private let logging = Atomic<Bool>(false)

    init(events: SharedList<String>) { self.events = events }

    func logsEnqueues() { logging.store(true, ordering: .releasing) }

    /// Returns once the job running on the executor (if any) has returned: a task that
    /// registered a sleeper from that job has then finished suspending, so resuming it enqueues
    /// a new job (resumed before it finished suspending, it would go on without one).
    func waitUntilIdle() { queue.sync {} }

    func enqueue(_ job: consuming ExecutorJob) {
        if logging.load(ordering: .acquiring) { events.append("resumption enqueued") }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

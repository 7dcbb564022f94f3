import Foundation
import Synchronization

// Gates: work waits on them, the test opens them.

/// A one-shot gate: store-owned work (or a thread) waits on it, the test opens it. Thread-safe.
///
/// Two kinds of wait: `wait()` blocks until the gate opens, whatever happens; a timed wait,
/// `waitOpened(within:ifCancelled:)`, also ends when its time is up, and each call says whether
/// the waiting task's cancellation ends it too, so no caller changes what it waits for by
/// accident.
final class Gate: @unchecked Sendable {
    /// What a timed wait does when the task that waits is cancelled.
    enum Cancellation: Sendable {
        /// Keeps waiting until the gate opens or the time is up; the cancellation is ignored.
        case keepWaiting
        /// Ends the wait at once, answering `false`, as a timeout would.
        case stopWaiting
    }

    private let lock = NSLock()
    private var opened = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    /// Timed waits that ended (time up, or cancelled) before they had suspended.
    private var ended: Set<Int> = []
    private var nextToken = 0

    func open() {
        lock.lock()
        opened = true
        let woken = waiters
        waiters = [:]
        lock.unlock()
        for continuation in woken.values { continuation.resume(returning: true) }
    }

    var isOpen: Bool { lock.withLock { opened } }

    /// Suspends until the gate opens. Ignores cancellation: work that must outlive a cancel.
    func wait() async {
        _ = await suspend(token: newToken())
    }

    /// Suspends until the gate opens (`true`) or `timeout` passes (`false`); with `.stopWaiting`,
    /// also until the waiting task is cancelled (`false`). A guard against a hang in the test,
    /// not a way of waiting for the store.
    func waitOpened(within timeout: Duration = patience, ifCancelled cancellation: Cancellation) async -> Bool {
        let token = newToken()
        let timer = Task.detached { [self] in
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { end(token) }
        }
        defer { timer.cancel() }
        switch cancellation {
        case .keepWaiting:
            return await suspend(token: token)
        case .stopWaiting:
            return await withTaskCancellationHandler {
                await suspend(token: token)
            } onCancel: {
                end(token)
            }
        }
    }

    private func newToken() -> Int {
        lock.withLock {
            nextToken += 1
            return nextToken
        }
    }

    private func suspend(token: Int) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lock.lock()
            if opened {
                lock.unlock()
                continuation.resume(returning: true)
            } else if ended.remove(token) != nil {
                lock.unlock()
                continuation.resume(returning: false)
            } else {
                waiters[token] = continuation
                lock.unlock()
            }
        }
    }

    /// Ends the wait of `token` with `false`: resumes it if it is suspended, or marks it so that
    /// it returns at once when it gets to suspend. Nothing if the gate is open.
    private func end(_ token: Int) {
        lock.lock()
        guard let continuation = waiters.removeValue(forKey: token) else {
            if !opened { ended.insert(token) }
            lock.unlock()
            return
        }
        lock.unlock()
        continuation.resume(returning: false)
    }
}

/// Opens `gate` once `arrive()` was called `count` times. Thread-safe.
final class ArrivalCounter: Sendable {
    private let remaining: Atomic<Int>
    let gate = Gate()

    init(count: Int) { remaining = Atomic(count) }

    func arrive() {
        if remaining.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 { gate.open() }
    }
}

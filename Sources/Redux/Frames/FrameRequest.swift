import Foundation

/// The answer slot of one frame request (``Store/dispatchForFrame(_:as:timeout:file:line:)``,
/// ``FrameTicket``): the first answer wins (the frame at the terminal, the outcome's refusal or
/// cancellation, the timeout, the caller's cancellation). Thread-safe (an `NSLock`).
final class FrameRequest: @unchecked Sendable {
    typealias Answer = Result<StateFrame, FrameError>

    private let lock = NSLock()
    private var answer: Answer?
    private var waiters: [UInt64: CheckedContinuation<Answer, Never>] = [:]
    private var nextWaiter: UInt64 = 0

    /// Records `value` and wakes every waiter, unless an answer was already recorded.
    func answer(_ value: Answer) {
        lock.lock()
        guard answer == nil else {
            lock.unlock()
            return
        }
        answer = value
        let woken = waiters
        waiters = [:]
        lock.unlock()
        for waiter in woken.values { waiter.resume(returning: value) }
    }

    /// Answers an outcome that gets no frame: a failure, a refusal, a cancellation. Called when
    /// the ticket's outcome is recorded — for a terminal, just before the frames step.
    func answer<Action>(outcome: DispatchOutcome<Action>) {
        switch outcome {
        case .failed(let error): answer(.failure(.failed(error)))
        case .refused(let reason): answer(.failure(.refused(reason)))
        case .cancelled: answer(.failure(.cancelled))
        default: break
        }
    }

    /// The answer, if one was recorded.
    var current: Answer? {
        lock.lock()
        defer { lock.unlock() }
        return answer
    }

    /// Whether an answer was recorded.
    var isAnswered: Bool { current != nil }

    /// Waits for the answer. Cancelling the waiting task answers this wait with
    /// ``FrameError/cancelled``; with `cancellingAnswers`, it answers the request itself so.
    func wait(cancellingAnswers: Bool) async -> Answer {
        let token = lock.withLock { () -> UInt64 in
            nextWaiter += 1
            return nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                lock.lock()
                if let answer {
                    lock.unlock()
                    continuation.resume(returning: answer)
                } else if Task.isCancelled {
                    lock.unlock()
                    if cancellingAnswers { self.answer(.failure(.cancelled)) }
                    continuation.resume(returning: .failure(.cancelled))
                } else {
                    waiters[token] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            if cancellingAnswers {
                answer(.failure(.cancelled))
                return
            }
            lock.lock()
            let waiter = waiters.removeValue(forKey: token)
            lock.unlock()
            waiter?.resume(returning: .failure(.cancelled))
        }
    }
}

/// A one-shot request as the store keeps it, by its action's sequence number: the slot and how
/// to encode the state. Main actor.
@MainActor
final class FrameRequestEntry<State> {
    let request: FrameRequest
    let encode: (State) throws(StateCodingError) -> Data

    init(request: FrameRequest, encode: @escaping (State) throws(StateCodingError) -> Data) {
        self.request = request
        self.encode = encode
    }
}

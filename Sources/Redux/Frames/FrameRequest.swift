import Foundation

/// The answer slot of one ``Store/dispatchForFrame(_:as:timeout:file:line:)``: the first answer
/// wins (the frame at the terminal, the outcome's refusal or cancellation, the timeout, the
/// caller's cancellation). Thread-safe (an `NSLock`).
final class FrameRequest: @unchecked Sendable {
    typealias Answer = Result<StateFrame, FrameError>

    private let lock = NSLock()
    private var answer: Answer?
    private var waiter: CheckedContinuation<Answer, Never>?

    /// Records `value` and wakes the caller, unless an answer was already recorded.
    func answer(_ value: Answer) {
        lock.lock()
        guard answer == nil else {
            lock.unlock()
            return
        }
        answer = value
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: value)
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

    /// Whether an answer was recorded.
    var isAnswered: Bool {
        lock.lock()
        defer { lock.unlock() }
        return answer != nil
    }

    /// Waits for the answer; cancelling the waiting task answers ``FrameError/cancelled``.
    func wait() async -> Answer {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                lock.lock()
                if let answer {
                    lock.unlock()
                    continuation.resume(returning: answer)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            answer(.failure(.cancelled))
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

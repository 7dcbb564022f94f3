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

/// A frame stream as the store keeps it: its storage, its key and encoding, and the last key
/// it saw. Main actor.
@MainActor
final class FrameStreamEntry<State> {
    let storage: FrameStreamStorage
    let changeKey: (State) -> AnyHashable
    let encode: (State) throws(StateCodingError) -> Data
    var lastKey: AnyHashable

    init(storage: FrameStreamStorage, changeKey: @escaping (State) -> AnyHashable, encode: @escaping (State) throws(StateCodingError) -> Data, lastKey: AnyHashable) {
        self.storage = storage
        self.changeKey = changeKey
        self.encode = encode
        self.lastKey = lastKey
    }

    /// The frames step for this stream: a frame if the key changed. Returns whether the stream
    /// still runs.
    func step(_ state: State, sequence: UInt64) -> Bool {
        guard !storage.isFinished else { return false }
        let key = changeKey(state)
        guard key != lastKey else { return true }
        lastKey = key
        return storage.deliver(frame(of: state, sequence: sequence, encode))
    }
}

/// A frame of `state`, or the encoding failure.
func frame<State>(of state: State, sequence: UInt64, _ encode: (State) throws(StateCodingError) -> Data) -> Result<StateFrame, FrameError> {
    do throws(StateCodingError) {
        return .success(StateFrame(data: try encode(state), sequence: sequence))
    } catch {
        return .failure(.encoding(error))
    }
}

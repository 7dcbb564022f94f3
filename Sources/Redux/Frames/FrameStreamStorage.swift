import Foundation

/// The buffer, the waiting consumer and the end of one ``FrameStream``. Thread-safe (an
/// `NSLock`): the store delivers on the main actor, the consumer reads anywhere, and the store's
/// release and the duration's timer finish it from any thread. The first finish wins.
final class FrameStreamStorage: @unchecked Sendable {
    typealias Element = Result<StateFrame, FrameError>

    private let lock = NSLock()
    private let count: Int?
    private let bufferLimit: Int
    private var buffer: [Element] = []
    private var delivered = 0
    private var waiter: CheckedContinuation<Element?, Never>?
    private var reason: FrameStreamEnd?
    private var iteratorMade = false
    /// Called once, outside the lock, when the stream finishes (unregisters it, stops its timer).
    private var onFinish: [@Sendable () -> Void] = []

    init(count: Int?, bufferLimit: Int) {
        self.count = count
        self.bufferLimit = bufferLimit
    }

    var finishReason: FrameStreamEnd? { lock.withLock { reason } }
    var isFinished: Bool { lock.withLock { reason != nil } }

    /// Runs `action` when the stream finishes (at once if it has).
    func whenFinished(_ action: @escaping @Sendable () -> Void) {
        lock.lock()
        if reason != nil {
            lock.unlock()
            action()
            return
        }
        onFinish.append(action)
        lock.unlock()
    }

    /// Delivers one element; finishes with ``FrameStreamEnd/countReached`` after the count's
    /// last frame. Returns whether the stream still runs.
    @discardableResult
    func deliver(_ element: Element) -> Bool {
        lock.lock()
        guard reason == nil else {
            lock.unlock()
            return false
        }
        let isFrame: Bool
        if case .success = element { isFrame = true } else { isFrame = false }
        if isFrame { delivered += 1 }
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: element)
            lock.lock()
        } else {
            buffered(element, isFrame: isFrame)
        }
        let reached = count.map { delivered >= $0 } ?? false
        lock.unlock()
        if reached { finish(.countReached) }
        return !reached
    }

    /// Adds `element` to the buffer under the lock, dropping per the bound (see ``FrameSpec``).
    private func buffered(_ element: Element, isFrame: Bool) {
        guard buffer.count >= bufferLimit else {
            buffer.append(element)
            return
        }
        if count == nil {
            buffer.removeFirst()
            buffer.append(element)
        } else if let failure = buffer.firstIndex(where: { if case .failure = $0 { true } else { false } }) {
            buffer.remove(at: failure)
            buffer.append(element)
        } else if isFrame {
            buffer.append(element)  // bounded by the count
        }
    }

    /// Finishes the stream with `end` unless it already finished. A waiting consumer ends; a
    /// consumer that stopped loses what waited.
    func finish(_ end: FrameStreamEnd) {
        lock.lock()
        guard reason == nil else {
            lock.unlock()
            return
        }
        reason = end
        if end == .consumerCancelled { buffer.removeAll() }
        let waiter = self.waiter
        self.waiter = nil
        let actions = onFinish
        onFinish = []
        lock.unlock()
        waiter?.resume(returning: nil)
        for action in actions { action() }
    }

    /// Marks the one consumer as started; `false` if one already was.
    func claimIterator() -> Bool {
        lock.withLock {
            defer { iteratorMade = true }
            return !iteratorMade
        }
    }

    var hasIterator: Bool { lock.withLock { iteratorMade } }

    /// The next element, waiting for one; `nil` once finished and drained. Cancelling the
    /// waiting task finishes the stream (``FrameStreamEnd/consumerCancelled``).
    func next() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                lock.lock()
                if !buffer.isEmpty {
                    let element = buffer.removeFirst()
                    lock.unlock()
                    continuation.resume(returning: element)
                } else if reason != nil {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            finish(.consumerCancelled)
        }
    }
}

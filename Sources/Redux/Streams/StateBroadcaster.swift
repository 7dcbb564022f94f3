/// A thread-safe broadcaster of values to any number of asynchronous consumers: every value
/// given to ``yield(_:)`` reaches every consumer iterating at that moment (ReduxCore's
/// `StateStreamer`, also available under that name: ``StateStreamer``).
///
/// ```swift
/// let broadcaster = StateBroadcaster<Int>()
/// Task { for await value in broadcaster { print("A:", value) } }
/// Task { for await value in broadcaster { print("B:", value) } }
/// broadcaster.yield(1)      // to A and B
/// broadcaster.finish()      // both loops end
/// ```
///
/// Given to a store as a driver or a streamer (``Store/subscribe(driver:)``,
/// ``Store/subscribe(streamer:)``), it receives a ``StoreSnapshot`` when subscribed and after
/// each handled action.
///
/// - **Consumers**: each iteration (each ``makeAsyncIterator()``, each ``stream()``) is one
///   consumer with its own `AsyncStream`. A consumer receives what is yielded after it started,
///   not what was yielded before. A consumer that stops is removed at once (``consumerCount``
///   drops): its task is cancelled while it waits, or its stream and iterators are all
///   released — leaving a `for await value in broadcaster` loop releases its iterator, the
///   only one; a stream from ``stream()`` kept elsewhere (a stored property, a task's capture)
///   keeps its consumer until it is released.
/// - **Buffering**: by default each consumer keeps only the newest value it has not read yet
///   (`.bufferingNewest(1)`): a slow consumer reads the latest value when it comes back, never
///   a backlog, and memory stays bounded however fast values are yielded. That is what a
///   broadcaster of states wants — a state supersedes the one before it. A broadcaster of
///   events, where every value matters, passes `bufferingPolicy: .unbounded` (each slow
///   consumer then holds every value it has not read).
/// - **Finishing**: ``finish()`` ends every consumer (each loop ends after reading what its
///   buffer holds); a consumer that starts afterwards ends at once, and ``yield(_:)`` does
///   nothing. Deallocating the broadcaster finishes it: the consumers' loops end, they are not
///   left waiting. A consumer does not keep its broadcaster alive.
/// - **Ordering**: values reach each consumer in the order of the ``yield(_:)`` calls;
///   concurrent calls are serialized, so every consumer sees them in the same order.
///
/// Isolation: `Sendable`; every method may be called from any isolation, and consumers may
/// iterate anywhere. Yielding never suspends and never blocks on a consumer.
public final class StateBroadcaster<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias AsyncIterator = AsyncStream<Value>.Iterator

    /// The consumers not yet ended, by key, and whether ``finish()`` was called.
    private struct Consumers {
        var nextKey: UInt64 = 0
        var continuations: [UInt64: AsyncStream<Value>.Continuation] = [:]
        var isFinished = false
    }

    private let consumers = Locked(Consumers())
    private let bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy

    /// A broadcaster with no consumer yet.
    ///
    /// - Parameter bufferingPolicy: what each consumer keeps of the values it has not read yet:
    ///   the newest one by default (right for states); `.unbounded` to keep every value.
    public init(bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .bufferingNewest(1)) {
        self.bufferingPolicy = bufferingPolicy
    }

    /// Finishes every consumer still iterating.
    deinit {
        let ending = consumers.withLock { consumers in
            consumers.isFinished = true
            defer { consumers.continuations.removeAll() }
            return Array(consumers.continuations.values)
        }
        for continuation in ending { continuation.finish() }
    }

    /// Sends `value` to every current consumer. Does nothing once ``finish()`` was called, or
    /// when no consumer is iterating (a value is never kept for a consumer that starts later).
    /// Any isolation; never suspends.
    public func yield(_ value: Value) {
        // Under the lock, so that concurrent yields reach every consumer in one order. A yield
        // never calls back into the broadcaster (only finishing or cancelling a stream does).
        consumers.withLock { consumers in
            for continuation in consumers.continuations.values { continuation.yield(value) }
        }
    }

    /// Ends every consumer: each one's loop ends once it has read what its buffer holds. Later
    /// consumers end at once and later values are ignored. Idempotent; any isolation.
    public func finish() {
        let ending = consumers.withLock { consumers in
            consumers.isFinished = true
            defer { consumers.continuations.removeAll() }
            return consumers.continuations.sorted { $0.key < $1.key }.map(\.value)
        }
        // Outside the lock: finishing a stream runs its termination handler, which takes it.
        for continuation in ending { continuation.finish() }
    }

    /// The consumers iterating now: started, and not yet stopped or finished. Any isolation.
    public var consumerCount: Int {
        consumers.withLock { $0.continuations.count }
    }

    /// Whether ``finish()`` was called. Any isolation.
    public var isFinished: Bool {
        consumers.withLock { $0.isFinished }
    }

    /// A new consumer: an `AsyncStream` of the values yielded from now on, buffered as the
    /// broadcaster's policy says. It ends when the broadcaster is finished or deallocated (at
    /// once if it already was); stopping to iterate it, or releasing it, removes the consumer.
    public func stream() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let key = consumers.withLock { consumers in
            consumers.nextKey += 1
            return consumers.nextKey
        }
        // Set before the consumer is added, so that no ending can miss it. Weak: a consumer
        // must not keep its broadcaster alive (its release finishes the consumers).
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.consumers.withLock { $0.continuations.removeValue(forKey: key) }
        }
        let added = consumers.withLock { consumers in
            guard !consumers.isFinished else { return false }
            consumers.continuations[key] = continuation
            return true
        }
        if !added { continuation.finish() }
        return stream
    }

    /// A new consumer's iterator (``stream()``'s): what `for await value in broadcaster` uses.
    public func makeAsyncIterator() -> AsyncStream<Value>.Iterator {
        stream().makeAsyncIterator()
    }
}

/// ReduxCore's name for ``StateBroadcaster``: a standalone, thread-safe broadcaster of states to
/// asynchronous consumers that finishes them when it is deallocated.
public typealias StateStreamer<Value: Sendable> = StateBroadcaster<Value>

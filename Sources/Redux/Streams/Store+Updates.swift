/// State streams (ReduxCore's `updates()`): the state, or one selection of it, as an
/// `AsyncStream` for async code. See <doc:ReadingState>.
extension Store {
    /// The state as an `AsyncStream`: the current state first, then the state after each
    /// handled action (one a reducer handled), delivered in the subscriptions' step of the
    /// pipeline, in subscription order with the select subscriptions.
    ///
    /// Not deduplicated: comparing whole states would copy their buffers. A slow consumer keeps
    /// only the newest state (`bufferingNewest(1)`): it reads the latest one when it comes
    /// back, never a backlog. That held state is a second reference to the state's buffers, so
    /// the store's next in-place write into one of them copies it once (see <doc:Pipeline>).
    ///
    /// The stream finishes when the store is invalidated or released; when the consumer stops
    /// (its task is cancelled or it leaves the loop) the stream is unregistered at once
    /// (``streamCount`` no longer counts it). On an invalidated store it finishes at once.
    /// Main actor; the stream itself may be consumed anywhere.
    public func updates() -> AsyncStream<State> {
        makeStream { .always({ $0.assumingMemoryBound(to: State.self).pointee }, $0) }
    }

    /// The value at `keyPath` as an `AsyncStream`: the current value first, then the value
    /// after each handled action that changed it, deduplicated like
    /// ``subscribe(select:_:)-(KeyPath<State,Value>,_)`` (value-compared values never repeat;
    /// stamp-compared collections and values compared on every handled action may repeat an
    /// equal value). Buffering, finishing and isolation as ``updates()``.
    public func updates<Value: Sendable>(of keyPath: KeyPath<State, Value>) -> AsyncStream<Value> {
        makeStream { .selecting(keyPath, isDuplicate: nil, $0) }
    }

    /// The state streams registered and not yet finished (by the store, or by their consumer
    /// stopping). Any isolation.
    public nonisolated var streamCount: Int { streams.count }

    /// A newest-only stream fed by the subscription `plan` makes from its `yield`.
    func makeStream<Value: Sendable>(_ plan: (@escaping (Value) -> Void) -> SubscriptionPlan) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        if isInvalidated {
            continuation.finish()
            return stream
        }
        let subscription = register(.stream, owner: .strong, plan { continuation.yield($0) })
        let key = streams.add { _ in continuation.finish() }
        let registry = streams
        continuation.onTermination = { _ in
            registry.remove(key)
            subscription.cancel()
        }
        return stream
    }
}

/// The frames of a ``Store/frames(_:arming:file:line:)`` request, as an `AsyncSequence` for one
/// consumer: each element is a ``StateFrame``, or a ``FrameError/encoding(_:)`` failure for a
/// frame whose projection could not be encoded (the stream goes on).
///
/// The sequence ends (`nil`) once the stream finished and its buffer was read;
/// ``finishReason`` then says why. It does not keep the store alive.
///
/// - **One consumer**: the first iterator gets the frames; a later one ends at once.
/// - **Stopping**: cancelling the consumer's task while it waits, or releasing its iterator
///   (leaving the `for await` loop), finishes the stream with
///   ``FrameStreamEnd/consumerCancelled`` and unregisters it (``Store/frameStreamCount`` drops
///   at once); so does releasing the stream before it was ever iterated.
///
/// `Sendable`: iterate it anywhere; the store delivers its frames on the main actor.
public final class FrameStream: AsyncSequence, Sendable {
    public typealias Element = Result<StateFrame, FrameError>

    let storage: FrameStreamStorage

    init(storage: FrameStreamStorage) {
        self.storage = storage
    }

    /// A stream never iterated ends with its release.
    deinit {
        if !storage.hasIterator { storage.finish(.consumerCancelled) }
    }

    /// Why the stream finished; `nil` while it runs. Any isolation.
    public var finishReason: FrameStreamEnd? { storage.finishReason }

    /// The stream's iterator: its release (when its loop ends) stops the stream.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let consumer: Consumer?

        /// The next frame, waiting for it; `nil` once the stream finished and its buffer was read.
        public mutating func next() async -> Element? {
            guard let consumer else { return nil }
            return await consumer.storage.next()
        }
    }

    /// The consumer's hold on the stream: released with its last iterator copy, it stops the
    /// stream.
    final class Consumer: Sendable {
        let storage: FrameStreamStorage
        init(storage: FrameStreamStorage) { self.storage = storage }
        deinit { storage.finish(.consumerCancelled) }
    }

    /// The one consumer's iterator (a second call returns one that ends at once).
    public func makeAsyncIterator() -> Iterator {
        Iterator(consumer: storage.claimIterator() ? Consumer(storage: storage) : nil)
    }
}

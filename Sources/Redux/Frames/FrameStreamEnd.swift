/// Why a ``FrameStream`` finished: its ``FrameStream/finishReason`` once it did.
public enum FrameStreamEnd: Sendable, Equatable {
    /// It delivered its spec's count of frames (an initial frame counts; an encoding failure
    /// does not).
    case countReached
    /// Its spec's duration passed on the store's clock, counted from the stream's creation.
    case durationElapsed
    /// The consumer stopped: its task was cancelled while it waited, or its iterator (or the
    /// stream, before any iteration) was released. Undelivered frames are dropped.
    case consumerCancelled
    /// The store was released.
    case storeReleased
    /// The store was invalidated (or already was, for a stream without an arming action).
    case storeInvalidated
    /// The arming action was refused (the store was invalidated).
    case armingActionRefused(RefusalReason)
}

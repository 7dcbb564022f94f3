/// Why a ``FrameSpec`` could not be made: each case carries the value that was refused.
public enum FrameSpecError: Error, Sendable, Equatable {
    /// A count of 0 or less: a stream must be allowed at least one frame.
    case nonPositiveCount(Int)
    /// A duration of zero or less.
    case nonPositiveDuration(Duration)
    /// Neither a count nor a duration: every stream must end by itself.
    case noLimit
    /// A buffer limit of 0 or less.
    case nonPositiveBufferLimit(Int)
}

/// Why a frame was not taken: the answer of a failed ``Store/dispatchForFrame(_:as:timeout:file:line:)``,
/// or (only ``encoding(_:)``) an element of a ``FrameStream``.
///
/// `Sendable`; not `Equatable` (``failed(_:)`` carries any error): match it with `case`.
public enum FrameError: Error, Sendable, CustomStringConvertible {
    /// The action failed: an error no resolver took, or a resolver's `.fail`. No frame is taken.
    case failed(any Error)
    /// The store refused the action (it was invalidated first): answered at once.
    case refused(RefusalReason)
    /// The store was invalidated or released before the action's terminal, or the awaiting task
    /// was cancelled.
    case cancelled
    /// The action did not reach its terminal within the given time, on the store's clock.
    case timedOut(after: Duration)
    /// The action ended, but its projection could not be encoded (a NaN, an infinity, or an
    /// `encode(to:)` that threw).
    case encoding(StateCodingError)

    public var description: String {
        switch self {
        case .failed(let error): return "failed: \(error)"
        case .refused(let reason): return "refused: \(reason)"
        case .cancelled: return "cancelled"
        case .timedOut(let duration): return "timed out after \(duration)"
        case .encoding(let error): return "encoding failed: \(error)"
        }
    }
}

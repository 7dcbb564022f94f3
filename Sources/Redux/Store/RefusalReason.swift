/// Why a dispatch was refused (placeholder; replaced by the API branch).
public enum RefusalReason: Sendable, Hashable {
    /// The store was invalidated.
    case invalidated
    /// The store was released.
    case storeReleased
}

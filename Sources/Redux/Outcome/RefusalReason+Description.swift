// The text form of a refusal reason, for logs, demos and test failures.

extension RefusalReason: CustomStringConvertible {
    /// `invalidated` or `storeReleased`.
    public var description: String {
        switch self {
        case .invalidated: "invalidated"
        case .storeReleased: "storeReleased"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

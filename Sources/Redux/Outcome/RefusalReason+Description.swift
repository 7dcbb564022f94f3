// The text form of a refusal reason, for logs, demos and test failures.

extension RefusalReason: CustomStringConvertible {
    /// `invalidated`, `storeReleased` or `rateLimited`.
    public var description: String {
        switch self {
        case .invalidated: "invalidated"
        case .storeReleased: "storeReleased"
        case .rateLimited: "rateLimited"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

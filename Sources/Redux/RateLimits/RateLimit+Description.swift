// The text form of a rate limit, for logs, demos and test failures.

extension RateLimit: CustomStringConvertible {
    /// `limit(3)` or `minimumInterval(0.5 seconds)`.
    public var description: String {
        switch self {
        case .limit(let count): "limit(\(count))"
        case .minimumInterval(let interval): "minimumInterval(\(interval))"
        }
    }
}

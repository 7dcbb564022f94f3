// The text form of an outcome, for logs, demos and test failures.

extension DispatchOutcome: CustomStringConvertible {
    /// A short text form, e.g. `reduced`, `refused(invalidated)` or
    /// `recovered(reduceAs(loggedIn(false)), reduced: true)`.
    public var description: String {
        switch self {
        case .reduced: "reduced"
        case .consumed: "consumed"
        case let .recovered(recovery, reduced): "recovered(\(recovery), reduced: \(reduced))"
        case .failed(let error): "failed(\(error))"
        case .unhandled: "unhandled"
        case .cancelled: "cancelled"
        case .refused(let reason): "refused(\(reason))"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

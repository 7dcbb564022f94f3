// Equality of outcomes, so a test can write `#expect(try await ticket.outcome == .reduced)`.
// The failure rule (`sameFailure`, in Log/LogEvent+Equatable.swift) is the one every `==` on
// the pipeline's reporting types follows; see <doc:EnumPolicy>. The `switch` is exhaustive, so
// a new case cannot be forgotten here.

extension DispatchOutcome: Equatable where Action: Equatable {
    /// Whether two outcomes are the same case with equal payloads.
    ///
    /// Two ``failed(_:)`` outcomes are equal when their errors have the same dynamic type and the
    /// same `String(describing:)` text.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .reduced: if case .reduced = rhs { true } else { false }
        case .consumed: if case .consumed = rhs { true } else { false }
        case let .recovered(recovery, reduced):
            if case let .recovered(other, otherReduced) = rhs { recovery == other && reduced == otherReduced } else { false }
        case .failed(let error): if case .failed(let other) = rhs { sameFailure(error, other) } else { false }
        case .unhandled: if case .unhandled = rhs { true } else { false }
        case .cancelled: if case .cancelled = rhs { true } else { false }
        case .refused(let reason): if case .refused(let other) = rhs { reason == other } else { false }
        case ._doNotMatchThisCase: if case ._doNotMatchThisCase = rhs { true } else { false }
        }
    }
}

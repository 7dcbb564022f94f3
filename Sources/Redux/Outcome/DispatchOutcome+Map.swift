// Outcomes in another action type: a child's tracked sends and tickets (`Effect.map(_:)`,
// lifted components) and the harnesses of `ReduxTesting` translate outcomes through here, so the
// one exhaustive `switch` below is where a new case must be mapped.

extension DispatchOutcome {
    /// This outcome in a child's action type: a `.reduceAs` replacement the child cannot take
    /// back becomes `.reduce`.
    func mapped<Child: Sendable>(extract: (@Sendable (Action) -> Child?)?) -> DispatchOutcome<Child> {
        mapped(recovery: { recovery in
            switch recovery {
            case .reduce: .reduce
            case .done: .done
            case .reduceAs(let parent): extract?(parent).map { .reduceAs($0) } ?? .reduce
            }
        })
    }

    /// This outcome in another action type. Only ``recovered(_:reduced:)`` carries an action (in
    /// its ``Recovery``): `recovery` translates it, and `nil` from it makes the outcome
    /// `_doNotMatchThisCase`. Every other case is kept as it is.
    ///
    /// The `switch` is exhaustive (no `default:`), so a case added to ``DispatchOutcome`` does
    /// not compile until it is mapped here.
    package func mapped<Other: Sendable>(recovery translate: (Recovery<Action>) -> Recovery<Other>?) -> DispatchOutcome<Other> {
        switch self {
        case .reduced: .reduced
        case .consumed: .consumed
        case let .recovered(recovery, reduced): translate(recovery).map { .recovered($0, reduced: reduced) } ?? ._doNotMatchThisCase
        case .failed(let error): .failed(error)
        case .unhandled: .unhandled
        case .cancelled: .cancelled
        case .refused(let reason): .refused(reason)
        case ._doNotMatchThisCase: ._doNotMatchThisCase
        }
    }
}

import Redux

// The private action type of a MiddlewareHarness's store, and the translations of what its log
// reports back into the user's actions. Nothing here is public: the user sees only their own
// actions, exits and outcomes.

/// An action of a harness's private store.
///
/// The middleware under test is lifted over it with an embedding that extracts only ``run(_:)``,
/// so it sees exactly the actions the test runs; what it answers or dispatches in its own actions
/// is embedded as ``emitted(_:)``, which it never sees again (it is recorded, not re-processed).
enum HarnessAction<State: Sendable, Action: Sendable>: Sendable {
    /// An action the test runs through the middleware.
    case run(Action)
    /// An action the middleware produced: dispatched (sync or from its work), or passed on with
    /// `.nextAs` / `.exit(.reduceAs)`.
    case emitted(Action)
    /// The test set the harness's state (handled by the harness's reducer only).
    case replaceState(State)

    /// The user's action this one carries, if any.
    var payload: Action? {
        switch self {
        case .run(let action), .emitted(let action): action
        case .replaceState: nil
        }
    }

    /// The embedding of the middleware under test: it sees `.run`, and what it emits is `.emitted`.
    static var embedding: Embedding<HarnessAction, Action> {
        Embedding(extract: { if case .run(let action) = $0 { action } else { nil } }, embed: HarnessAction.emitted)
    }
}

extension LoggedExit {
    /// The same exit with its action (if any) translated; an exit whose action has no translation
    /// (never produced by a harness) becomes `_doNotMatchThisCase`.
    func translated<Other: Sendable>(_ translate: (Action) -> Other?) -> LoggedExit<Other> {
        switch self {
        case .next: return .next
        case .defaultNext: return .defaultNext
        case .nextAs(let action): return translate(action).map { .nextAs($0) } ?? ._doNotMatchThisCase
        case .reduce: return .reduce
        case .reduceAs(let action): return translate(action).map { .reduceAs($0) } ?? ._doNotMatchThisCase
        case .done: return .done
        case .resolve(let error): return .resolve(error)
        case .fail(let error): return .fail(error)
        case .task: return .task
        case .effect: return .effect
        case .deferred: return .deferred
        case ._doNotMatchThisCase: return ._doNotMatchThisCase
        }
    }
}

extension DispatchOutcome {
    /// The same outcome with its recovery's action (if any) translated; a recovery whose action
    /// has no translation (never produced by a harness) becomes `_doNotMatchThisCase`. Through
    /// the library's own mapping, whose `switch` is exhaustive: a new outcome case cannot slip
    /// past here.
    func translated<Other: Sendable>(_ translate: (Action) -> Other?) -> DispatchOutcome<Other> {
        mapped(recovery: { recovery in
            switch recovery {
            case .reduce: .reduce
            case .reduceAs(let action): translate(action).map { .reduceAs($0) }
            case .done: .done
            }
        })
    }
}

/// The failure rule of the library's `==` on outcomes and exits: the same dynamic type and the
/// same `String(describing:)` text.
func sameHarnessFailure(_ lhs: any Error, _ rhs: any Error) -> Bool {
    ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs))
        && String(describing: lhs) == String(describing: rhs)
}

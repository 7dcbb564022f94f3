// Equality of the pipeline's exit and log types, so tests can compare them with `==`
// (`DispatchOutcome`'s is in Outcome/DispatchOutcome+Equatable.swift).
//
// Two rules, stated in each type's documentation and in <doc:EnumPolicy>:
// - an `any Error` payload equals another when both have the same dynamic type and the same
//   `String(describing:)` text (`sameFailure`);
// - durations are left out (`ComponentStep`).
// Each `==` switches over its left side exhaustively, so a new case cannot be forgotten here.

/// The failure rule of every `==` on outcomes, exits and events: same dynamic type, same text.
func sameFailure(_ lhs: any Error, _ rhs: any Error) -> Bool {
    ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs))
        && String(describing: lhs) == String(describing: rhs)
}

extension Recovery: Equatable where Action: Equatable {
    /// Whether two recoveries are the same case with equal actions.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .reduce: if case .reduce = rhs { true } else { false }
        case .reduceAs(let action): if case .reduceAs(let other) = rhs { action == other } else { false }
        case .done: if case .done = rhs { true } else { false }
        }
    }
}

extension LoggedExit: Equatable where Action: Equatable {
    /// Whether two exits are the same case with equal payloads.
    ///
    /// Two ``resolve(_:)`` (or two ``fail(_:)``) exits are equal when their errors have the same
    /// dynamic type and the same `String(describing:)` text.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .next: if case .next = rhs { true } else { false }
        case .defaultNext: if case .defaultNext = rhs { true } else { false }
        case .nextAs(let action): if case .nextAs(let other) = rhs { action == other } else { false }
        case .reduce: if case .reduce = rhs { true } else { false }
        case .reduceAs(let action): if case .reduceAs(let other) = rhs { action == other } else { false }
        case .done: if case .done = rhs { true } else { false }
        case .resolve(let error): if case .resolve(let other) = rhs { sameFailure(error, other) } else { false }
        case .fail(let error): if case .fail(let other) = rhs { sameFailure(error, other) } else { false }
        case .task: if case .task = rhs { true } else { false }
        case .effect: if case .effect = rhs { true } else { false }
        case .deferred: if case .deferred = rhs { true } else { false }
        case ._doNotMatchThisCase: if case ._doNotMatchThisCase = rhs { true } else { false }
        }
    }
}

extension EffectErrorResolution: Equatable where Action: Equatable {
    /// Whether two resolutions are the same case with equal payloads.
    ///
    /// Two ``failed(_:)`` resolutions are equal when their errors have the same dynamic type and
    /// the same `String(describing:)` text.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .done: if case .done = rhs { true } else { false }
        case .enqueued(let action): if case .enqueued(let other) = rhs { action == other } else { false }
        case .ignoredReduce: if case .ignoredReduce = rhs { true } else { false }
        case .failed(let error): if case .failed(let other) = rhs { sameFailure(error, other) } else { false }
        case .dropped: if case .dropped = rhs { true } else { false }
        case ._doNotMatchThisCase: if case ._doNotMatchThisCase = rhs { true } else { false }
        }
    }
}

extension CallSite: Equatable {
    /// Whether two call sites name the same file and line, on the same side of the main actor.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.line == rhs.line && lhs.onMainActor == rhs.onMainActor && lhs.fileID == rhs.fileID
    }
}

extension ComponentStep: Equatable {
    /// Whether two steps name the same component (`id`, `position` and `path`); the durations are left
    /// out, so the same run measured twice compares equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.position == rhs.position && lhs.id == rhs.id && lhs.path == rhs.path
    }
}

extension LogEvent: Equatable where Action: Equatable {
    /// Whether two events have the same sequence number, action and kind (durations left out,
    /// errors compared by dynamic type and text; see ``LogEvent/Kind``).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sequence == rhs.sequence && lhs.action == rhs.action && lhs.kind == rhs.kind
    }
}

extension LogEvent.Kind: Equatable where Action: Equatable {
    /// Whether two kinds are the same case with equal payloads.
    ///
    /// Errors (in `.effectFailed`, and inside exits and outcomes) are equal when they have the
    /// same dynamic type and the same `String(describing:)` text; a ``ComponentStep``'s duration
    /// is left out.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .enqueued(let site): if case .enqueued(let other) = rhs { site == other } else { false }
        case let .refused(reason, site):
            if case let .refused(otherReason, otherSite) = rhs { reason == otherReason && site == otherSite } else { false }
        case let .middleware(step, exit):
            if case let .middleware(otherStep, otherExit) = rhs { step == otherStep && exit == otherExit } else { false }
        case let .resumed(step, exit):
            if case let .resumed(otherStep, otherExit) = rhs { step == otherStep && exit == otherExit } else { false }
        case let .resolver(step, exit):
            if case let .resolver(otherStep, otherExit) = rhs { step == otherStep && exit == otherExit } else { false }
        case let .reducer(step, exit):
            if case let .reducer(otherStep, otherExit) = rhs { step == otherStep && exit == otherExit } else { false }
        case let .childAbsent(step, absence):
            if case let .childAbsent(otherStep, otherAbsence) = rhs { step == otherStep && absence == otherAbsence } else { false }
        case .terminal(let outcome): if case .terminal(let other) = rhs { outcome == other } else { false }
        case .effectStarted(let origin):
            if case .effectStarted(let other) = rhs { origin == other } else { false }
        case let .effectFailed(origin, error):
            if case let .effectFailed(otherOrigin, otherError) = rhs { origin == otherOrigin && sameFailure(error, otherError) } else { false }
        case .effectErrorResolved(let resolution):
            if case .effectErrorResolved(let other) = rhs { resolution == other } else { false }
        case .queueHighWaterMark(let mark): if case .queueHighWaterMark(let other) = rhs { mark == other } else { false }
        case let .detachedSlice(path, site):
            if case let .detachedSlice(otherPath, otherSite) = rhs { path == otherPath && site == otherSite } else { false }
        case let .highFrequencyAction(identity, count, window):
            if case let .highFrequencyAction(otherIdentity, otherCount, otherWindow) = rhs {
                identity == otherIdentity && count == otherCount && window == otherWindow
            } else { false }
        case let .ruleRegistered(id, replaced):
            if case let .ruleRegistered(otherID, otherReplaced) = rhs { id == otherID && replaced == otherReplaced } else { false }
        case let .ruleFired(id, dispatched):
            if case let .ruleFired(otherID, otherDispatched) = rhs { id == otherID && dispatched == otherDispatched } else { false }
        case .ruleRemoved(let id): if case .ruleRemoved(let other) = rhs { id == other } else { false }
        case .timeTravel(let step): if case .timeTravel(let other) = rhs { step == other } else { false }
        case ._doNotMatchThisCase: if case ._doNotMatchThisCase = rhs { true } else { false }
        }
    }
}

// Text forms of the pipeline's exit and log types, for logs, demos and test failures
// (`DispatchOutcome`'s and `RefusalReason`'s are in Outcome/).

extension Recovery: CustomStringConvertible {
    /// `reduce`, `reduceAs(action)` or `done`.
    public var description: String {
        switch self {
        case .reduce: "reduce"
        case .reduceAs(let action): "reduceAs(\(action))"
        case .done: "done"
        }
    }
}

extension LoggedExit: CustomStringConvertible {
    /// The exit as it would be written in code, e.g. `nextAs(increment)` or `resolve(error)`.
    public var description: String {
        switch self {
        case .next: "next"
        case .defaultNext: "defaultNext"
        case .nextAs(let action): "nextAs(\(action))"
        case .reduce: "reduce"
        case .reduceAs(let action): "reduceAs(\(action))"
        case .done: "done"
        case .resolve(let error): "resolve(\(error))"
        case .fail(let error): "fail(\(error))"
        case .task: "task"
        case .effect: "effect"
        case .deferred: "deferred"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

extension EffectErrorResolution: CustomStringConvertible {
    /// `done`, `enqueued(action)`, `ignoredReduce`, `failed(error)` or `dropped`.
    public var description: String {
        switch self {
        case .done: "done"
        case .enqueued(let action): "enqueued(\(action))"
        case .ignoredReduce: "ignoredReduce"
        case .failed(let error): "failed(\(error))"
        case .dropped: "dropped"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

extension LogEvent: CustomStringConvertible {
    /// One line: sequence number, action, and what happened, e.g.
    /// `#3 increment: reducer counter#0 → next (410 ns)`.
    public var description: String {
        "#\(sequence) \(action): \(kind)"
    }
}

extension LogEvent.Kind: CustomStringConvertible {
    /// What happened, in words, with durations in a readable unit, e.g.
    /// `reducer counter#0 → next (410 ns)` or `resumed after loader#1 → next (suspended 1.20 s)`.
    public var description: String {
        switch self {
        case .enqueued(let site): "enqueued at \(site)\(site.onMainActor ? "" : " (off the main actor)")"
        case let .refused(reason, site): "refused (\(reason)) at \(site)\(site.onMainActor ? "" : " (off the main actor)")"
        case let .middleware(step, exit): "middleware \(step) → \(exit) (\(step.duration.logText))"
        case let .resumed(step, exit): "resumed after \(step) → \(exit) (suspended \(step.duration.logText))"
        case let .resolver(step, exit): "resolver \(step) → \(exit) (\(step.duration.logText))"
        case let .reducer(step, exit): "reducer \(step) → \(exit) (\(step.duration.logText))"
        case let .childAbsent(step, absence): "warning: \(step) skipped the action: \(step.path) \(absence)"
        case .terminal(let outcome): "terminal: \(outcome)"
        case .effectStarted(let origin): "\(origin) started"
        case let .effectFailed(origin, error): "\(origin) threw \(error)"
        case .effectErrorResolved(let resolution): "effect error resolved: \(resolution)"
        case .queueHighWaterMark(let mark): "queue high-water mark \(mark)"
        case let .detachedSlice(path, site): "warning: the slice of \(path) is detached (its child is gone): nothing dispatched from \(site)"
        case let .highFrequencyAction(identity, count, window): "warning: high-frequency action \(identity): \(count) dispatches within \(window.logText)"
        case let .ruleRegistered(id, replaced): "rule \"\(id)\" \(replaced ? "replaced" : "registered")"
        case let .ruleFired(id, dispatched): "rule \"\(id)\" fired: dispatched \(dispatched)"
        case .ruleRemoved(let id): "rule \"\(id)\" removed"
        case .timeTravel(let step): "time travel: \(step)"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}

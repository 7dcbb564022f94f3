/// Rate-limited dispatching from a middleware (see ``RateLimit``).
extension MiddlewareContext {
    /// Queues `action` behind the current one, like ``dispatch(_:file:line:)``, if `rate`
    /// admits it, and says whether it did. Main actor.
    ///
    /// The budget is that of the action the store receives: for a lifted middleware, the
    /// identity of the child action embedded in the parent's (the root action's identity), so a
    /// child's `.save` sent from two rows shares one budget, and a store-level dispatch of the
    /// same root action shares it too. A refused action is never queued; the log records one
    /// `.refused(.rateLimited, site)` event for it, after the current pass. See
    /// ``Store/dispatch(_:rate:file:line:isolation:)`` for the rules.
    ///
    /// - Parameters:
    ///   - action: the action to queue.
    ///   - rate: the cap for the action's identity.
    ///   - file: the call site's file, for the log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    /// - Returns: `true` if the action was queued, `false` if it was refused.
    @discardableResult
    public func dispatch(_ action: Action, rate: RateLimit, file: StaticString = #fileID, line: UInt = #line) -> Bool {
        source.dispatch(action, rate: rate, file: file, line: line)
    }

    /// Queues `action` like ``dispatch(_:rate:file:line:)`` and returns a ticket whose
    /// ``DispatchTicket/outcome`` says how its run ended: ``DispatchOutcome/refused(_:)`` with
    /// ``RefusalReason/rateLimited`` at once if `rate` did not admit it. Main actor.
    ///
    /// - Parameters:
    ///   - action: the action to queue.
    ///   - rate: the cap for the action's identity.
    ///   - file: the call site's file, for the log (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    public func dispatchTracked(_ action: Action, rate: RateLimit, file: StaticString = #fileID, line: UInt = #line) -> DispatchTicket<Action> {
        source.dispatchTracked(action, rate: rate, file: file, line: line)
    }
}

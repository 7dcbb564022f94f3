/// Building log events. Only reached when a log handler is attached.
extension Store {
    @inlinable
    func emit(_ sequence: UInt64, _ action: Action, _ kind: LogEvent<Action>.Kind) {
        onLog?(LogEvent(sequence: sequence, action: action, kind: kind))
    }

    /// Delivers an event about another action than the one being processed (a refusal, a
    /// cancellation): held while a call processes, so it follows the current pass's terminal.
    @usableFromInline
    func emitForeign(_ event: LogEvent<Action>) {
        if isProcessing {
            heldEvents.append(event)
        } else {
            onLog?(event)
        }
    }

    /// Delivers the held events, oldest first, including any the handler raises meanwhile
    /// (they are held too while it runs, so each event's handler call completes first).
    @usableFromInline
    func flushHeldEvents() {
        let wasProcessing = isProcessing
        isProcessing = true
        while !heldEvents.isEmpty {
            let held = heldEvents
            heldEvents = []
            for event in held { onLog?(event) }
        }
        isProcessing = wasProcessing
    }

    /// Runs `body` with foreign events held, then delivers them: used outside a pass (by
    /// `invalidate()` and the refusal turn) so that what the log handler causes while one
    /// dropped action's events are delivered lands after them, never between.
    @inlinable
    func holdingEvents(_ body: () -> Void) {
        let wasProcessing = isProcessing
        isProcessing = true
        body()
        isProcessing = wasProcessing
        if !wasProcessing, !heldEvents.isEmpty { flushHeldEvents() }
    }

    @inlinable
    func step(_ id: String, _ position: Int, since started: Duration?, path: ChildPath = .root) -> ComponentStep {
        let elapsed: Duration = if let started, let now = clock.now { now() - started } else { .zero }
        return ComponentStep(id: id, position: position, duration: elapsed, path: path)
    }

    /// Logs a reducer's event, with its child path when it is lifted, and a `.childAbsent`
    /// warning when a lifted reducer skipped the action because its child is absent — and was
    /// absent when the chain started (not removed by an earlier reducer of the chain).
    @inlinable
    func logReducer(_ position: Int, _ started: Duration?, _ exit: ReducerExit, _ action: Action, sequence: UInt64) {
        let reducer = reducers[position]
        guard let lift = reducer.lift else {
            emit(sequence, action, .reducer(step(reducer.id, position, since: started), exit))
            return
        }
        emit(sequence, action, .reducer(step(reducer.id, position, since: started, path: lift.logPath(action)), exit))
        if exit == .defaultNext, absentAtChainStart[position], let found = lift.absence(storage, action) {
            emit(sequence, action, .childAbsent(ComponentStep(id: reducer.id, position: position, duration: .zero, path: found.0), found.1))
        }
    }

    /// Logs a middleware's event, with its child path when it is lifted, and a `.childAbsent`
    /// warning when a lifted middleware passed the action by because its child is absent.
    @inlinable
    func logMiddleware(_ position: Int, _ started: Duration?, _ exit: LoggedExit<Action>, _ run: ActionRun<State, Action>) {
        if !pendingRuleEvents.isEmpty { flushRuleEvents(run.sequence, run.action) }
        let middleware = middlewares[position]
        guard let lift = middleware.lift else {
            emit(run.sequence, run.action, .middleware(step(middleware.id, position, since: started), exit))
            return
        }
        emit(run.sequence, run.action, .middleware(step(middleware.id, position, since: started, path: lift.logPath(run.action)), exit))
        if case .defaultNext = exit, let found = lift.absence(storage, run.action) {
            emit(run.sequence, run.action, .childAbsent(ComponentStep(id: middleware.id, position: position, duration: .zero, path: found.0), found.1))
        }
    }

    /// The step of the middleware at `position` for `action`: with its child path when lifted.
    @usableFromInline
    func middlewareStep(_ position: Int, since started: Duration?, _ action: Action) -> ComponentStep {
        let middleware = middlewares[position]
        return step(middleware.id, position, since: started, path: middleware.lift?.logPath(action) ?? .root)
    }

    /// Logs a resolver's event, with its child path when it is lifted, and a `.childAbsent`
    /// warning when a lifted resolver declined the error because its child is absent.
    @usableFromInline
    func logResolver(_ position: Int, _ started: Duration?, _ exit: ResolverExit<Action>, _ run: ActionRun<State, Action>) {
        let resolver = resolvers[position]
        guard let lift = resolver.lift else {
            emit(run.sequence, run.action, .resolver(step(resolver.id, position, since: started), LoggedExit(exit)))
            return
        }
        emit(run.sequence, run.action, .resolver(step(resolver.id, position, since: started, path: lift.logPath(run.action)), LoggedExit(exit)))
        if case .defaultNext = exit, let found = lift.absence(storage, run.action) {
            emit(run.sequence, run.action, .childAbsent(ComponentStep(id: resolver.id, position: position, duration: .zero, path: found.0), found.1))
        }
    }

    /// Logs a new high-water mark, against the first entry of the segment about to be processed.
    @usableFromInline
    func logHighWaterMark(before segment: [QueueEntry<State, Action>]) {
        guard let first = segment.first, let mark = inbox.newHighWaterMark() else { return }
        emit(first.run.sequence, first.run.action, .queueHighWaterMark(mark))
    }
}

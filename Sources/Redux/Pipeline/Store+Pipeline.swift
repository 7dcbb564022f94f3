/// The synchronous pass of one action: middlewares, then resolvers on an error, then reducers
/// (Store+Reduce.swift), then the terminal; the loop that feeds it entries is Store+Drain.swift. Runs on the main actor while a call processes (`isProcessing` set), with
/// the action's ``ActionRun`` carried through every step.
extension Store {
    /// Runs the middleware chain from `start`, then the reducers, unless a middleware ends,
    /// suspends or fails the chain first.
    @inlinable @inline(__always)
    func runPipeline(_ run: inout ActionRun<State, Action>, from start: Int) {
        var position = start
        let count = middlewares.count
        guard position < count else {
            let handled = reduce(run.action, run)
            terminate(handled ? .reduced : .unhandled, action: run.action, run)
            return
        }
        var context = MiddlewareContext(store: self, action: run.action)
        while position < count {
            let started = onLog == nil ? nil : clock.now?()
            let exit: MiddlewareExit<State, Action>
            do {
                exit = try middlewares[position].body(context)
            } catch {
                if started != nil { logMiddleware(position, started, .resolve(error), run) }
                resolve(error, origin: .middleware(id: middlewares[position].id, position: position), run)
                return
            }
            if started != nil { logMiddleware(position, started, LoggedExit(exit), run) }
            switch exit {
            case .next:
                break
            case .defaultNext:
                if diagnosesAbsences { reportAbsence(middleware: position, run.action) }
            case .nextAs(let next):
                run.action = next
                context.current = next
                startReplacementAction()
            case .exit(let terminal):
                end(with: terminal, middleware: position, run)
                return
            case .task(let work):
                startTask(work, middleware: position, lifetime: takeLiftedLifetime(middleware: position), &run)
            case .effect(let effect):
                startEffect(effect, origin: .effect(middlewareID: middlewares[position].id, position: position), action: run.action, run)
            case .deferred(let handler):
                startDeferred(handler, middleware: position, lifetime: takeLiftedLifetime(middleware: position), run)
                return
            }
            position += 1
        }
        let handled = reduce(run.action, run)
        terminate(handled ? .reduced : .unhandled, action: run.action, run)
    }

    /// Applies a middleware's (or a resumed deferred handler's) terminal exit.
    @usableFromInline
    func end(with terminal: MiddlewareTerminal<Action>, middleware position: Int, _ run: ActionRun<State, Action>) {
        switch terminal {
        case .reduce:
            let handled = reduce(run.action, run)
            terminate(handled ? .reduced : .unhandled, action: run.action, run)
        case .reduceAs(let replacement):
            startReplacementAction()
            let handled = reduce(replacement, run)
            terminate(handled ? .reduced : .unhandled, action: replacement, run)
        case .done:
            terminate(.consumed, action: run.action, run)
        case .resolve(let error):
            resolve(error, origin: .middleware(id: middlewares[position].id, position: position), run)
        }
    }

    /// Consults the resolvers in order about `error` and returns the first terminal answer, or
    /// `nil` when every resolver declined. Logs one `.resolver` event per resolver consulted.
    @usableFromInline
    func consultResolvers(_ error: any Error, origin: ErrorOrigin, _ run: ActionRun<State, Action>) -> ResolverTerminal<Action>? {
        for position in resolvers.indices {
            let started = onLog == nil ? nil : clock.now?()
            let context = ResolverContext(store: self, error: error, origin: origin, action: run.action, dispatchedAction: run.dispatched)
            let exit = resolvers[position].body(context)
            if started != nil { logResolver(position, started, exit, run) }
            switch exit {
            case .exit(let terminal): return terminal
            case .defaultNext: if diagnosesAbsences { reportAbsence(resolver: position, run.action) }
            }
        }
        return nil
    }

    /// Handles an error raised by a middleware (or a deferred handler): the first resolver that
    /// takes it decides; with none, the action fails (and a debug build says so on standard
    /// error when no log handler is attached).
    @usableFromInline
    func resolve(_ error: any Error, origin: ErrorOrigin, _ run: ActionRun<State, Action>) {
        switch consultResolvers(error, origin: origin, run) {
        case .reduce:
            let handled = reduce(run.action, run)
            terminate(.recovered(.reduce, reduced: handled), action: run.action, run)
        case .reduceAs(let replacement):
            startReplacementAction()
            let handled = reduce(replacement, run)
            terminate(.recovered(.reduceAs(replacement), reduced: handled), action: replacement, run)
        case .done:
            terminate(.recovered(.done, reduced: false), action: run.action, run)
        case .fail(let failure):
            terminate(.failed(failure), action: run.action, run)
        case nil:
            if onLog == nil, let diagnostics { diagnostics.reportUnhandledFailure(error, origin: origin, action: run.action, site: passSite) }
            terminate(.failed(error), action: run.action, run)
        }
    }

    /// Reports the action's terminal to the log and to its ticket, then delivers the events held
    /// during its pass and releases the task errors parked on its run; then, if a frame request
    /// or stream is registered or the store has a persistence, runs the after-terminal steps
    /// (the frames, Frames/Store+FrameStep.swift; the persistence,
    /// Persistence/Store+PersistenceStep.swift) — before the next queued action runs.
    @inlinable @inline(__always)
    func terminate(_ outcome: DispatchOutcome<Action>, action: Action, _ run: ActionRun<State, Action>) {
        if let onLog {
            onLog(LogEvent(sequence: run.sequence, action: action, kind: .terminal(outcome)))
            if !heldEvents.isEmpty { flushHeldEvents() }
        }
        run.promise?.resolve(outcome)
        if let record = currentRecord {
            currentRecord = nil
            releaseParkedEffectErrors(of: record)
        }
        if runsAfterTerminal { afterTerminal(outcome, action: run.dispatched, sequence: run.sequence) }
    }
}

/// The synchronous pass of one action: middlewares, then resolvers on an error, then reducers,
/// then the terminal. Runs on the main actor with `isProcessing` set.
extension Store {
    /// Runs the middleware chain from `start`, then the reducers, unless a middleware ends,
    /// suspends or fails the chain first.
    @inlinable
    func runPipeline(dispatched: Action, current: Action, from start: Int, sequence: UInt64, promise: OutcomePromise<Action>?) {
        var action = current
        var position = start
        let count = middlewares.count
        guard position < count else {
            let handled = reduce(action, sequence: sequence)
            terminate(handled ? .reduced : .unhandled, action: action, sequence: sequence, promise: promise)
            return
        }
        var context = MiddlewareContext(store: self, action: action)
        while position < count {
            let started = onLog == nil ? nil : clock.now?()
            let exit: MiddlewareExit<State, Action>
            do {
                exit = try middlewares[position].body(context)
            } catch {
                if started != nil { logMiddleware(position, started, .resolve(error), action: action, sequence: sequence) }
                resolve(error, origin: .middleware(id: middlewares[position].id, position: position), action: action, dispatched: dispatched, sequence: sequence, promise: promise)
                return
            }
            if started != nil { logMiddleware(position, started, LoggedExit(exit), action: action, sequence: sequence) }
            switch exit {
            case .next, .defaultNext:
                break
            case .nextAs(let next):
                action = next
                context.current = next
            case .exit(let terminal):
                end(with: terminal, middleware: position, action: action, dispatched: dispatched, sequence: sequence, promise: promise)
                return
            case .task(let work):
                startTask(work, middleware: position, action: action, dispatched: dispatched, sequence: sequence)
            case .deferred(let handler):
                startDeferred(handler, middleware: position, action: action, dispatched: dispatched, sequence: sequence, promise: promise)
                return
            }
            position += 1
        }
        let handled = reduce(action, sequence: sequence)
        terminate(handled ? .reduced : .unhandled, action: action, sequence: sequence, promise: promise)
    }

    /// Applies a middleware's (or a resumed deferred handler's) terminal exit.
    @usableFromInline
    func end(with terminal: MiddlewareTerminal<Action>, middleware position: Int, action: Action, dispatched: Action, sequence: UInt64, promise: OutcomePromise<Action>?) {
        switch terminal {
        case .reduce:
            let handled = reduce(action, sequence: sequence)
            terminate(handled ? .reduced : .unhandled, action: action, sequence: sequence, promise: promise)
        case .reduceAs(let replacement):
            let handled = reduce(replacement, sequence: sequence)
            terminate(handled ? .reduced : .unhandled, action: replacement, sequence: sequence, promise: promise)
        case .done:
            terminate(.consumed, action: action, sequence: sequence, promise: promise)
        case .resolve(let error):
            resolve(error, origin: .middleware(id: middlewares[position].id, position: position), action: action, dispatched: dispatched, sequence: sequence, promise: promise)
        }
    }

    /// Runs the reducer chain on `action`; returns whether any reducer handled it. Observers are
    /// told once afterwards if one did.
    @inlinable
    func reduce(_ action: Action, sequence: UInt64) -> Bool {
        if onLog != nil { return reduceLogged(action, sequence: sequence) }
        var handled = false
        var position = 0
        let count = reducers.count
        chain: while position < count {
            switch reducers[position].body(&storage, action) {
            case .next: handled = true
            case .done:
                handled = true
                break chain
            case .defaultNext: break
            }
            position += 1
        }
        if handled { notifyObservers() }
        return handled
    }

    @inlinable
    func reduceLogged(_ action: Action, sequence: UInt64) -> Bool {
        var handled = false
        for position in reducers.indices {
            let started = clock.now?()
            let exit = reducers[position].body(&storage, action)
            emit(sequence, action, .reducer(step(reducers[position].id, position, since: started), exit))
            if exit != .defaultNext { handled = true }
            if exit == .done { break }
        }
        if handled { notifyObservers() }
        return handled
    }

    /// Consults the resolvers in order about `error` and returns the first terminal answer, or
    /// `nil` when every resolver declined. Logs one `.resolver` event per resolver consulted.
    @usableFromInline
    func consultResolvers(_ error: any Error, origin: ErrorOrigin, action: Action, dispatched: Action, sequence: UInt64) -> ResolverTerminal<Action>? {
        for position in resolvers.indices {
            let started = onLog == nil ? nil : clock.now?()
            let context = ResolverContext(store: self, error: error, origin: origin, action: action, dispatchedAction: dispatched)
            let exit = resolvers[position].body(context)
            if started != nil { emit(sequence, action, .resolver(step(resolvers[position].id, position, since: started), LoggedExit(exit))) }
            if case .exit(let terminal) = exit { return terminal }
        }
        return nil
    }

    /// Handles an error raised by a middleware (or a deferred handler): the first resolver that
    /// takes it decides; with none, the action fails.
    @usableFromInline
    func resolve(_ error: any Error, origin: ErrorOrigin, action: Action, dispatched: Action, sequence: UInt64, promise: OutcomePromise<Action>?) {
        switch consultResolvers(error, origin: origin, action: action, dispatched: dispatched, sequence: sequence) {
        case .reduce:
            let handled = reduce(action, sequence: sequence)
            terminate(.recovered(.reduce, reduced: handled), action: action, sequence: sequence, promise: promise)
        case .reduceAs(let replacement):
            let handled = reduce(replacement, sequence: sequence)
            terminate(.recovered(.reduceAs(replacement), reduced: handled), action: replacement, sequence: sequence, promise: promise)
        case .done:
            terminate(.recovered(.done, reduced: false), action: action, sequence: sequence, promise: promise)
        case .fail(let failure):
            terminate(.failed(failure), action: action, sequence: sequence, promise: promise)
        case nil:
            terminate(.failed(error), action: action, sequence: sequence, promise: promise)
        }
    }

    /// Logs the cancelled terminals that `invalidate()` held back during the pass that just ended.
    @usableFromInline
    func flushDeferredCancellations() {
        let held = deferredCancellations
        deferredCancellations = []
        for (sequence, action) in held { emit(sequence, action, .terminal(.cancelled)) }
    }

    /// Reports the action's terminal to the log and to its ticket.
    @inlinable
    func terminate(_ outcome: DispatchOutcome<Action>, action: Action, sequence: UInt64, promise: OutcomePromise<Action>?) {
        if let onLog {
            onLog(LogEvent(sequence: sequence, action: action, kind: .terminal(outcome)))
            if !deferredCancellations.isEmpty { flushDeferredCancellations() }
        }
        promise?.resolve(outcome)
        if let run = currentRun {
            currentRun = nil
            releaseParkedEffectErrors(of: run)
        }
    }
}

/// Store-owned asynchronous work: `.task` and `.deferred`, their resumption and their errors.
extension Store {
    /// Starts a middleware's `.task` on the effect runtime. Its error, if any, is queued as an
    /// effect-error entry for the resolvers; cancellation is not an error.
    @usableFromInline
    func startTask(_ work: @escaping @Sendable (EffectContext<State, Action>) async throws -> Void, middleware position: Int, action: Action, dispatched: Action, sequence: UInt64) {
        let context = EffectContext(store: self, clock: clock.clock)
        let run: ActionRun<State, Action>
        if let current = currentRun {
            run = current
        } else {
            run = ActionRun()
            currentRun = run
        }
        runtime.spawn {
            do {
                try await work(context)
            } catch {
                if Task.isCancelled { return }
                let entry = Entry(sequence: sequence, action: action, kind: .effectError(index: position, dispatched: dispatched, error: error, run: run), promise: nil)
                context.store?.enqueueRemote(entry)
            }
        }
    }

    /// Suspends the action: runs the handler on the effect runtime and queues its resumption.
    @usableFromInline
    func startDeferred(_ handler: @escaping @Sendable (EffectContext<State, Action>) async throws -> DeferredExit<Action>, middleware position: Int, action: Action, dispatched: Action, sequence: UInt64, promise: OutcomePromise<Action>?) {
        let context = EffectContext(store: self, clock: clock.clock)
        let suspendedAt = onLog == nil ? nil : clock.now?()
        let run = currentRun  // the run goes on at the resumption
        currentRun = nil
        let suspended = self.suspended
        let token = suspended.register(sequence: sequence, action: action, promise: promise)
        let started = runtime.spawn {
            let result: Result<DeferredExit<Action>, any Error>
            do {
                result = .success(try await handler(context))
            } catch {
                result = .failure(error)
            }
            // Shutdown answered it already (and cancelled us): nothing more to do.
            guard suspended.claim(token) else { return }
            guard !Task.isCancelled, let store = context.store else {
                promise?.resolve(.cancelled)
                return
            }
            let kind = Entry.Kind.resume(index: position, dispatched: dispatched, suspendedAt: suspendedAt, result: result, run: run)
            store.enqueueRemote(Entry(sequence: sequence, action: action, kind: kind, promise: promise))
        }
        if !started, suspended.claim(token) {
            // The store was invalidated earlier in this pass: the action ends here, cancelled.
            if onLog != nil {
                emit(sequence, action, .terminal(.cancelled))
                if !deferredCancellations.isEmpty { flushDeferredCancellations() }
            }
            promise?.resolve(.cancelled)
        }
    }

    /// Continues a suspended action's chain after the deferring middleware.
    @usableFromInline
    func resume(_ entry: Entry, after position: Int, dispatched: Action, suspendedAt: Duration?, result: Result<DeferredExit<Action>, any Error>) {
        let id = middlewares[position].id
        switch result {
        case .failure(let error):
            if onLog != nil { emit(entry.sequence, entry.action, .resumed(step(id, position, since: suspendedAt), .resolve(error))) }
            resolve(error, origin: .middleware(id: id, position: position), action: entry.action, dispatched: dispatched, sequence: entry.sequence, promise: entry.promise)
        case .success(let exit):
            if onLog != nil { emit(entry.sequence, entry.action, .resumed(step(id, position, since: suspendedAt), LoggedExit(exit))) }
            switch exit {
            case .next:
                runPipeline(dispatched: dispatched, current: entry.action, from: position + 1, sequence: entry.sequence, promise: entry.promise)
            case .nextAs(let next):
                runPipeline(dispatched: dispatched, current: next, from: position + 1, sequence: entry.sequence, promise: entry.promise)
            case .exit(let terminal):
                end(with: terminal, middleware: position, action: entry.action, dispatched: dispatched, sequence: entry.sequence, promise: entry.promise)
            }
        }
    }

    /// Queues the task errors that arrived before their run's terminal, now that it came.
    @usableFromInline
    func releaseParkedEffectErrors(of run: ActionRun<State, Action>) {
        for entry in run.finish() {
            if case .rejected = queue.append(entry, scheduleDrain: false) { return }
        }
    }

    /// Consults the resolvers about an error a `.task` threw after its action's terminal.
    @usableFromInline
    func resolveEffectError(_ error: any Error, middleware index: Int, action: Action, dispatched: Action, sequence: UInt64) {
        let origin = ErrorOrigin.effect(middlewareID: middlewares[index].id, position: index)
        if onLog != nil { emit(sequence, action, .effectFailed(origin, error)) }
        let resolution: EffectErrorResolution<Action>
        switch consultResolvers(error, origin: origin, action: action, dispatched: dispatched, sequence: sequence) {
        case .reduce: resolution = .ignoredReduce
        case .reduceAs(let next):
            resolution = .enqueued(next)
            enqueueOnMainActor(next, file: #fileID, line: #line, promise: nil)
        case .done: resolution = .done
        case .fail(let failure): resolution = .failed(failure)
        case nil: resolution = .failed(error)
        }
        if onLog != nil { emit(sequence, action, .effectErrorResolved(resolution)) }
    }
}

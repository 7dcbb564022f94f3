import Synchronization

/// Store-owned asynchronous work: `.task` and `.deferred`, their resumption and their errors.
extension Store {
    /// Starts a middleware's `.task` on the effect runtime. Its error, if any, is queued in the
    /// inbox as an effect-error entry for the resolvers; cancellation, and any error thrown once
    /// the task was cancelled, is not an error. A lifted middleware's task runs under its child
    /// instance's `lifetime`: it is cancelled when the instance goes away, and what it
    /// dispatches is dropped from then on. The task binds the store's dependencies of now, if
    /// it scopes any.
    @usableFromInline
    func startTask(_ work: @escaping @Sendable (EffectContext<State, Action>) async throws -> Void, middleware position: Int, lifetime: InstanceLifetime?, _ run: inout ActionRun<State, Action>) {
        let context = EffectContext(store: self, clock: effectClock, lifetime: lifetime)
        let record = passRecord(for: run)
        let failure = run.failure(of: run.action)
        let site = passSite
        let origin = ErrorOrigin.effect(middlewareID: middlewares[position].id, position: position)
        _ = runtime.spawn(priority: nil, ids: [], group: record.group, lifetime: lifetime, runsIfCancelledEarly: true, dependencies: taskDependencies, origin: origin, sequence: run.sequence) { token in
            do {
                try await work(context)
            } catch {
                if Task.isCancelled || token.isCancelled { return }
                lifetime?.sendQueued()
                context.store?.enqueueRemote(Entry(failure, site: site, record: record, .effectError(origin: origin, error: error, lifetime: lifetime)))
            }
        }
    }

    /// Suspends the action: runs the handler on the effect runtime and queues its resumption in
    /// the inbox, so it never runs inside the call that suspended it. Ends the action's pass.
    /// A lifted middleware's handler runs under its child instance's `lifetime`: it is
    /// cancelled when the instance goes away, and its resumption then ends the action
    /// ``DispatchOutcome/cancelled`` instead of resuming it. The handler binds the store's
    /// dependencies of now, if it scopes any; the resumed chain runs in the main-actor call
    /// that processes the resumption, with the store's dependencies of that call.
    @usableFromInline
    func startDeferred(_ handler: @escaping @Sendable (EffectContext<State, Action>) async throws -> DeferredExit<Action>, middleware position: Int, lifetime: InstanceLifetime?, _ run: ActionRun<State, Action>) {
        let context = EffectContext(store: self, clock: effectClock, lifetime: lifetime)
        let suspendedAt = onLog == nil ? nil : clock.now?()
        let suspended = self.suspended
        let settle = self.settle
        let record = currentRecord  // the run goes on at the resumption
        currentRecord = nil
        let token = suspended.register(sequence: run.sequence, action: run.action, promise: run.promise, record: record)
        var passSite = passSite
        // The resumption's terminal is recorded with the origin the action had (see <doc:RecordingHistory>).
        if isRecording {
            passSite.fromStoreWork = passOrigin == .effect
            // Dated at its dispatch (a resumption suspended again keeps its first date).
            passSite.dispatchedAt = passDispatchedAt == .min ? clockNanoseconds() : passDispatchedAt
            passDispatchedAt = .min
        }
        let site = passSite
        let reportedAbsence = reportedAbsenceInPass  // one absent-child line per action, across the suspension
        let started = runtime.spawn(
            priority: nil, ids: [], group: nil, lifetime: lifetime, runsIfCancelledEarly: true, dependencies: taskDependencies,
            origin: .middleware(id: middlewares[position].id, position: position), sequence: run.sequence
        ) { _ in
            let result: Result<DeferredExit<Action>, any Error>
            do {
                result = .success(try await handler(context))
            } catch {
                result = .failure(error)
            }
            // Shutdown answered it already (and cancelled us): nothing more to do.
            guard suspended.claim(token) else { return }
            defer {
                suspended.delivered()
                if settle.hasWaiters.load(ordering: .relaxed) { settle.pulse() }
            }
            guard let store = context.store else {
                run.promise?.resolve(.cancelled)
                return
            }
            // On an invalidated store the inbox refuses it: the ticket answers cancelled and
            // its cancelled terminal is logged on the main actor's next turn.
            lifetime?.sendQueued()  // the instance is not idle while its resumption is queued
            store.enqueueRemote(Entry(run, site: site, record: record, .resume(index: position, suspendedAt: suspendedAt, result: result, lifetime: lifetime, reportedAbsence: reportedAbsence)))
        } != nil
        if !started, suspended.claim(token) {
            suspended.delivered()
            // The store was invalidated earlier in this pass: the action ends here, cancelled.
            if onLog != nil { emit(run.sequence, run.action, .terminal(.cancelled)) }
            run.promise?.resolve(.cancelled)
        }
        if !heldEvents.isEmpty { flushHeldEvents() }  // the pass ends here
    }

    /// Continues a suspended action's chain after the deferring middleware; when the deferring
    /// middleware is lifted and its child instance (`lifetime`) is gone, ends the action
    /// ``DispatchOutcome/cancelled`` instead.
    @usableFromInline
    func resume(_ suspendedRun: ActionRun<State, Action>, after position: Int, suspendedAt: Duration?, result: Result<DeferredExit<Action>, any Error>, lifetime: InstanceLifetime?) {
        var run = suspendedRun
        if lifetime != nil, !instanceIsAlive(lifetime) {
            terminate(.cancelled, action: run.action, run)
            return
        }
        let id = middlewares[position].id
        switch result {
        case .failure(let error):
            if onLog != nil { emit(run.sequence, run.action, .resumed(middlewareStep(position, since: suspendedAt, run.action), .resolve(error))) }
            resolve(error, origin: .middleware(id: id, position: position), run)
        case .success(let exit):
            if onLog != nil { emit(run.sequence, run.action, .resumed(middlewareStep(position, since: suspendedAt, run.action), LoggedExit(exit))) }
            switch exit {
            case .next:
                runPipeline(&run, from: position + 1)
            case .nextAs(let next):
                run.action = next
                startReplacementAction()
                runPipeline(&run, from: position + 1)
            case .exit(let terminal):
                end(with: terminal, middleware: position, run)
            }
        }
    }

    /// Queues, in the pipeline queue, the task errors that arrived before their run's terminal,
    /// now that it came: they are processed in the same call. Specialized but out of line: the
    /// terminal of every action (P1's path) calls it when a record exists.
    @inlinable @inline(never)
    func releaseParkedEffectErrors(of record: RunRecord<State, Action>) {
        let released = record.finish()
        if released.isEmpty { return }
        if isInvalidated {
            if onLog != nil { for entry in released { logDropped(entry) } }
            return
        }
        pipeline.append(contentsOf: released)
    }

    /// Consults the resolvers about an error a `.task` threw after its action's terminal.
    @usableFromInline
    func resolveEffectError(_ error: any Error, origin: ErrorOrigin, run: ActionRun<State, Action>) {
        if onLog != nil { emit(run.sequence, run.action, .effectFailed(origin, error)) }
        let resolution: EffectErrorResolution<Action>
        switch consultResolvers(error, origin: origin, run) {
        case .reduce: resolution = .ignoredReduce
        case .reduceAs(let next):
            // A resolver that invalidated the store cannot have its recovery enqueued.
            resolution = isInvalidated ? .dropped : .enqueued(next)
            let site = CallSite(file: #fileID, line: #line, onMainActor: true)
            enqueueInPipeline(CollectionOfOne(markedAsStoreWork(dispatchEntry(next, site: site, promise: nil, logged: true))))
        case .done: resolution = .done
        case .fail(let failure): resolution = .failed(failure)
        case nil:
            resolution = .failed(error)
            if onLog == nil, let diagnostics { diagnostics.reportUnhandledEffectError(error, origin: origin, action: run.action, site: passSite) }
        }
        if onLog != nil { emit(run.sequence, run.action, .effectErrorResolved(resolution)) }
    }
}

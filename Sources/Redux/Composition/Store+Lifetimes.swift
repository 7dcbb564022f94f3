/// The lifetimes of lifted child instances: after every reducer chain, the instances whose state
/// went away end, and their work is cancelled; an action their work sent is dropped when it is
/// processed (see <doc:Composition>).
extension Store {
    /// Ends the registered instances that are no longer in the state and cancels their tasks.
    /// Called after every reducer chain when some component is lifted over a removable child.
    ///
    /// Complexity: O(instances with work in flight × lift depth); one atomic load when none.
    @inlinable
    func sweepInstances() {
        if instances.count == 0 { return }
        sweepRegisteredInstances()
    }

    @usableFromInline @inline(never)
    func sweepRegisteredInstances() {
        let victims = instances.sweep { lifetime in liftedInstanceIsPresent(lifetime) }
        if !victims.isEmpty { runtime.cancel(tasks: victims) }
    }

    /// Whether the work of `lifetime`'s instance may still reach the reducers: `true` for work
    /// of no child instance; otherwise the instance has not ended and is still in the state.
    @inlinable
    func instanceIsAlive(_ lifetime: InstanceLifetime?) -> Bool {
        guard let lifetime else { return true }
        return !lifetime.hasEnded && liftedInstanceIsPresent(lifetime)
    }

    /// Asks the owning component's lift whether the instance at the lifetime's path is in the
    /// current state (same id, same `Presented` generation, same case).
    @usableFromInline
    func liftedInstanceIsPresent(_ lifetime: InstanceLifetime) -> Bool {
        switch lifetime.owner {
        case .reducer(let position):
            return reducers[position].lift?.isAlive(storage, lifetime.path[...]) ?? true
        case .middleware(let position):
            return middlewares[position].lift?.isAlive(storage, lifetime.path[...]) ?? true
        case .slice(let probe):
            return probe.isPresent()
        }
    }
}

extension Store {
    /// Queues an action that the `.task` or `.deferred` work of a lifted middleware dispatched,
    /// tagged with its child instance: when it is processed, it is dropped if the instance is
    /// gone (like a child effect's send). Callable from any thread.
    nonisolated func enqueueInstanceSend(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, lifetime: InstanceLifetime) {
        let token = EffectToken(id: 0, runtime: runtime, group: nil, lifetime: lifetime)
        lifetime.sendQueued()
        let run = ActionRun<State, Action>(sequence: sequenceNumber(for: promise), action: action, promise: promise)
        if pressure != nil { notePressureRemotely(action, sequence: run.sequence, site: site) }
        enqueueRemote(Entry(run, site: site, .effectSend(token, logged: false)))
    }

    /// The lifetime of the child instance whose `.task` or `.deferred` work the lifted
    /// middleware at `position` just returned (``LiftChannel``), taken and cleared; `nil` for a
    /// root middleware's work, or a child that never goes away.
    @usableFromInline
    func takeLiftedLifetime(middleware position: Int) -> InstanceLifetime? {
        guard let path = LiftChannel.pendingPath else { return nil }
        LiftChannel.pendingPath = nil
        guard path.contains(where: \.removable) else { return nil }
        return instances.lifetime(owner: .middleware(position), path: path)
    }
}

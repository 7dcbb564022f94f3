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
    /// current state (same id, same generation, same case).
    @usableFromInline
    func liftedInstanceIsPresent(_ lifetime: InstanceLifetime) -> Bool {
        switch lifetime.owner {
        case .reducer(let position):
            return reducers[position].lift?.isAlive(storage, lifetime.path[...]) ?? true
        case .middleware(let position):
            return middlewares[position].lift?.isAlive(storage, lifetime.path[...]) ?? true
        }
    }
}

/// The store's dependencies: the container its components and tasks read through
/// ``Dependency``, and the places that bind it.
extension Store {
    /// The dependencies the store's components read through ``Dependency`` (see
    /// <doc:UsingDependencies>).
    ///
    /// Initially ``StoreOptions/dependencies``, or an empty live container when the options gave
    /// none. Once dependencies were given — in the options or by setting this property — or
    /// when the store's clock is not the default one, the store binds ``Dependencies/current``
    /// to this container while it runs its components (install hooks, middlewares, resolvers,
    /// reducers) and in every task it starts (effects, middleware `.task` and `.deferred` work,
    /// throttle timers). A store with the default clock never given any binds nothing: its
    /// components see `Dependencies.current` as their caller has it.
    ///
    /// Setting it between dispatches reaches every action processed afterwards and every task
    /// started afterwards. A task keeps the container of the moment it was started: an effect
    /// already running (and the later parts of its concatenation, which belong to the same
    /// effect) goes on with the values it started with. Set from inside the pipeline (by a
    /// middleware that holds the store), the change reaches the tasks started from then on, and
    /// the actions of the next main-actor call: the actions still processed by the current call
    /// keep the container it started with.
    ///
    /// The store's clock is in the container as ``Dependencies/clock`` (and replaces a clock
    /// set there by hand: see that property) whenever the store binds it — given dependencies,
    /// or a clock other than the default `ContinuousClock`, which makes the store bind even
    /// when given no dependencies.
    ///
    /// Isolation: main actor.
    public var dependencies: Dependencies {
        get { dependencyValues }
        set {
            var values = newValue
            if values.bindStoreClock(effectClock) { diagnostics?.reportIgnoredClockDependency() }
            dependencyValues = values
            scopesDependencies = true
            leavesFastPath = true
        }
    }

    /// Runs `body` with ``Dependencies/current`` bound to ``dependencies`` when the store scopes
    /// them; otherwise just runs it.
    @inlinable
    func withStoreDependencies<R>(_ body: () throws -> R) rethrows -> R {
        if scopesDependencies {
            return try Dependencies.$current.withValue(dependencyValues, operation: body)
        }
        return try body()
    }

    /// What a task started now must bind: the store's container while it scopes dependencies,
    /// else `nil` (the task binds nothing). Read on the main actor, at the start.
    @inlinable
    var taskDependencies: Dependencies? {
        scopesDependencies ? dependencyValues : nil
    }
}

/// The store's dependencies: the container its components and tasks read through
/// ``Dependency``, and the places that bind it.
extension Store {
    /// The dependencies the store's components read through ``Dependency`` (see
    /// <doc:UsingDependencies>).
    ///
    /// Initially ``StoreOptions/dependencies``. Once dependencies were given — in the options or
    /// by setting this property — the store binds ``Dependencies/current`` to this container
    /// while it runs its components (install hooks, middlewares, resolvers, reducers) and in
    /// every task it starts (effects, middleware `.task` and `.deferred` work, throttle timers).
    ///
    /// A store given none binds nothing when its clock is the default `ContinuousClock` and it
    /// was created where `\.clock` is a plain `ContinuousClock` too: its components see
    /// `Dependencies.current` as their caller has it, and this property reads an empty live
    /// container. Any other clock (a `TestClock`, say), or a default-clock store created where
    /// `\.clock` is another clock (inside another store's effect, or a
    /// ``Dependencies/withValues(_:operation:)`` scope that set it), makes it bind its caller's
    /// container — ``Dependencies/current`` as the main-actor call that runs its components, or
    /// the code that starts its task, has it — with only ``Dependencies/clock`` replaced by its
    /// own clock; this property then reads that container as the current scope has it.
    ///
    /// Setting it between dispatches reaches every action processed afterwards and every task
    /// started afterwards. A task keeps the container of the moment it was started: an effect
    /// already running (and the later parts of its concatenation, which belong to the same
    /// effect) goes on with the values it started with. Set from inside the pipeline (by a
    /// middleware that holds the store), the change reaches the tasks started from then on, and
    /// the actions of the next main-actor call: the actions still processed by the current call
    /// keep the container it started with.
    ///
    /// The store's clock is in the container as ``Dependencies/clock`` whenever the store binds
    /// it, and replaces a clock set there by hand (see that property; a debug build says so
    /// once per store).
    ///
    /// Isolation: main actor.
    public var dependencies: Dependencies {
        get { dependencyValues }
        set {
            var values = newValue
            if values.bindStoreClock(effectClock) { reportIgnoredClock() }
            ownDependencies = values
            followsCallerDependencies = false
            scopesDependencies = true
            leavesFastPath = true
        }
    }

    /// The container the store binds: its own, or its caller's with its clock as `\.clock`.
    @inlinable
    var dependencyValues: Dependencies {
        followsCallerDependencies ? callerDependencies() : ownDependencies
    }

    /// ``Dependencies/current`` with the store's clock as ``Dependencies/clock``.
    @usableFromInline
    func callerDependencies() -> Dependencies {
        var values = Dependencies.current
        _ = values.bindStoreClock(effectClock)
        return values
    }

    /// Says, once per store in a debug build with diagnostics on, that a container given to
    /// the store set `\.clock` by hand and the store's clock replaced it.
    func reportIgnoredClock() {
        guard !reportedIgnoredClock else { return }
        reportedIgnoredClock = true
        diagnostics?.reportIgnoredClockDependency()
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

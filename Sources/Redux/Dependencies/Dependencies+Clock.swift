/// The built-in clock dependency: the clock of the store that runs the component.
extension Dependencies {
    /// The clock to sleep on and measure time with (`@Dependency(\.clock) var clock`, then
    /// `try await clock.sleep(for: .seconds(1))`); durations are `Swift.Duration`.
    ///
    /// Inside a store, one source: the store's own clock (``StoreOptions/clock``), the same
    /// clock effects get as ``Send/clock``. A store binds its dependencies (see
    /// ``Store/dependencies``) with this key set to its clock: its own container when it was
    /// given one, else its caller's container with only this key replaced — whenever its clock
    /// is not the default `ContinuousClock`, or it was created where this key is another clock
    /// (inside another store's effect, say). A client that sleeps on `\.clock` from an effect
    /// therefore sleeps on the store's clock — under a `TestClock`, it moves with the test's
    /// `advance` and, slept on the effect's own task, counts as asleep, like
    /// `send.sleep(for:)` (a sleep in a child task — `async let`, a task group, an inner
    /// `Task` — counts as running work, so each clock step waits for it to settle). A store
    /// with the default clock and no dependencies, created where this key is a plain
    /// `ContinuousClock`, binds nothing: its components read their caller's value, the same
    /// clock.
    ///
    /// The store's clock always wins: a value set for this key in a container given to a store
    /// (``StoreOptions/dependencies``, ``Store/dependencies``) is replaced by the store's
    /// clock, and a debug build says so once per store on standard error (through the store's
    /// diagnostics, see ``StoreOptions/printsDiagnostics``). Give the clock as
    /// `StoreOptions(clock:)` instead. Outside any store (``withValues(_:operation:)``) the
    /// value set is read as is.
    ///
    /// Live and test value: `ContinuousClock()`.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    /// Puts the store's clock in as ``clock``. Returns whether it replaced a clock set by hand:
    /// any value that is not some store's own clock (a container taken from another store
    /// carries that store's clock, which is not a choice of the caller's).
    mutating func bindStoreClock(_ storeClock: EffectClock) -> Bool {
        let replacesOwnChoice = setsClock
        self[ClockKey.self] = storeClock
        return replacesOwnChoice
    }

    /// Whether ``clock`` was set in this container (rather than given by default): a test store
    /// reports it, since the store's clock would replace it.
    package var setsClock: Bool {
        guard let stored = values[ObjectIdentifier(ClockKey.self)] else { return false }
        return !(stored is EffectClock)
    }
}

/// The key of ``Dependencies/clock``.
enum ClockKey: DependencyKey {
    static var liveValue: any Clock<Duration> { ContinuousClock() }
}

/// Settings for a ``Store`` that are not part of its pipeline.
///
/// Sendable; read once by the store's initializer.
public struct StoreOptions: Sendable {
    /// The clock that the store's asynchronous work sleeps on and that log durations are
    /// measured with. Exposed to `.task` and `.deferred` handlers as ``EffectContext/clock``;
    /// inject a manual clock in tests to control time. Default: `ContinuousClock()`.
    public var clock: any Clock<Duration>

    /// Creates options.
    ///
    /// - Parameter clock: the store's clock; durations are `Swift.Duration`.
    public init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }
}

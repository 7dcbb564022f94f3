/// The store's clock, opened once so that reading "now" needs no existential juggling later.
///
/// `now` is built only when a log handler is attached, and never read otherwise.
@usableFromInline
struct StoreClock: Sendable {
    let clock: any Clock<Duration>
    /// Time since an origin taken when the store was created; `nil` when nothing needs it.
    @usableFromInline let now: (@Sendable () -> Duration)?

    init(_ clock: any Clock<Duration>, measuring: Bool) {
        self.clock = clock
        self.now = measuring ? Self.elapsedReader(for: clock) : nil
    }

    /// A reader of the time elapsed on `clock` since this call, for the features that read the
    /// clock on every dispatch (log durations, rate-limit windows, pressure diagnostics). The
    /// default `ContinuousClock` gets a specialized reader (no witness calls); any other clock
    /// (a `TestClock` in tests) is read through its own `now`. Any thread, if the clock's `now` is.
    static func elapsedReader(for clock: any Clock<Duration>) -> @Sendable () -> Duration {
        if let continuous = clock as? ContinuousClock {
            let origin = continuous.now
            return { origin.duration(to: ContinuousClock.now) }
        }
        return reader(for: clock)
    }

    private static func reader<C: Clock<Duration>>(for clock: C) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }
}

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
        self.now = measuring ? Self.reader(for: clock) : nil
    }

    private static func reader<C: Clock<Duration>>(for clock: C) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }
}

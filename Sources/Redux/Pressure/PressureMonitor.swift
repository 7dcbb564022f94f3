/// A store's pressure diagnostics at run time: the settings and the locked ``PressureBook``.
/// Created when ``StoreOptions/pressureDiagnostics`` is set.
///
/// Thread-safe: dispatches from any isolation record through one ``SpinningLock`` (held for a
/// ring write, and a hash lookup when the identity differs from the previous dispatch's; the
/// identity is computed and the clock read before taking it).
///
/// `@unchecked Sendable`: `book` is touched only under `lock`.
#if canImport(Glibc)
import Glibc
#endif

@usableFromInline
final class PressureMonitor: @unchecked Sendable {
    @usableFromInline let settings: PressureDiagnostics
    private let lock = SpinningLock()
    @exclusivity(unchecked) private var book: PressureBook
    /// Whether the store's clock is the default `ContinuousClock` on Linux, which reads the
    /// boot-time clock: then the time is read from it directly, in nanoseconds.
    private let readsBootTime: Bool
    /// The boot-time reading at creation, when ``readsBootTime``.
    private let origin: Int64
    /// The time elapsed on any other clock (a `TestClock`'s virtual time in tests).
    private let elapsed: @Sendable () -> Duration

    init(_ settings: PressureDiagnostics, clock: any Clock<Duration>) {
        settings.validate()
        self.settings = settings
        self.book = PressureBook(settings)
        self.elapsed = StoreClock.elapsedReader(for: clock)
        #if os(Linux)
        self.readsBootTime = clock is ContinuousClock
        #else
        self.readsBootTime = false
        #endif
        self.origin = readsBootTime ? Self.bootTime() : 0
    }

    /// Nanoseconds on the boot-time clock (what `ContinuousClock` reads on Linux).
    private static func bootTime() -> Int64 {
        #if os(Linux)
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        #else
        return 0
        #endif
    }

    /// The time elapsed on the store's clock, in nanoseconds.
    private func now() -> Int64 {
        readsBootTime ? Self.bootTime() &- origin : PressureBook.nanoseconds(elapsed())
    }

    /// Records a dispatch of `identity` now; returns the count to report when it warns.
    @usableFromInline
    func record(_ identity: ActionIdentity) -> Int? {
        let now = now()
        lock.lock()
        defer { lock.unlock() }
        return book.record(identity, atNanoseconds: now)
    }

    /// Records a dispatch of `identity` at `now` (tests of the bookkeeping).
    func record(_ identity: ActionIdentity, at now: Duration) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return book.record(identity, at: now)
    }

    /// The number of identities held now (the store's ``Store/pressureIdentityCount``).
    var identityCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return book.count
    }
}

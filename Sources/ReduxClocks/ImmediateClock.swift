import Foundation
import Redux

/// A clock on which every sleep returns at once, moving its time to the sleep's deadline — for
/// tests that want delayed work to happen now, without stepping time by hand.
///
/// It plays the part of swift-clocks' `ImmediateClock` in The Composable Architecture's tests:
/// a `sleep(for: .seconds(3))` returns without waiting and ``now`` is then 3 seconds later. It is
/// not a `VirtualClock`: nothing waits for the stores on it, and there is no step to wait for.
///
/// Order: time jumps as each sleep happens, so concurrent sleepers see one another's jumps in
/// whatever order the scheduler runs them. Timing operators that compare instants — debounce,
/// throttle, timeouts racing work — therefore give order-dependent results on this clock; test
/// them on ``TestClock``, where time moves in deadline order.
///
/// A value type sharing one time: copies of a clock read and move the same ``now``.
/// Isolation: `Sendable`; every member may be called from any thread (the time is behind a lock).
public struct ImmediateClock: Clock, Sendable {
    /// A point in an ``ImmediateClock``'s time: an offset from the clock's zero, the same type
    /// as ``TestClock/Instant``.
    public typealias Instant = TestClock.Instant

    /// The time shared by a clock and its copies. `@unchecked Sendable`: `current` is read and
    /// written only under `lock` (an `NSLock`, which ThreadSanitizer understands on Linux, unlike
    /// `Mutex`).
    private final class Time: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Instant

        init(_ now: Instant) {
            current = now
        }

        var now: Instant { lock.withLock { current } }

        /// Moves the time to `instant` if that is later.
        func move(to instant: Instant) {
            lock.withLock {
                if current < instant { current = instant }
            }
        }
    }

    private let time: Time

    /// Creates a clock whose time starts at `now` (zero by default).
    public init(now: Instant = .init()) {
        time = Time(now)
    }

    /// The current time: where it started, moved forward by the sleeps so far. Thread-safe.
    public var now: Instant {
        time.now
    }

    /// Zero: any two instants can be told apart.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, after moving ``now`` to `deadline` if `deadline` is later (time never
    /// moves backward). So `sleep(for: duration)` moves ``now`` forward by `duration`, unless
    /// another sleep moved it in between. `tolerance` is ignored.
    ///
    /// - Throws: `CancellationError` if the calling task is cancelled; time does not move then.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        time.move(to: deadline)
    }
}

import Foundation

/// The store's clock as effects see it (``Send/clock``, ``EffectContext/clock``): the clock from
/// ``StoreOptions/clock``, with time measured from its first use, whose sleeps tell the
/// store's runtime that the sleeping task is asleep — when the underlying clock is a
/// ``VirtualClock`` and the sleeper is the runtime's task itself. Any other sleep (a real clock,
/// a child task's sleep) counts as running work.
@usableFromInline
struct EffectClock: Clock {
    @usableFromInline
    struct Instant: InstantProtocol {
        /// Time since the store was created, on the underlying clock.
        @usableFromInline let offset: Duration

        @usableFromInline func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        @usableFromInline func duration(to other: Instant) -> Duration { other.offset - offset }
        @usableFromInline static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let base: any ClockBase
    private let runtime: EffectRuntime

    init(_ clock: any Clock<Duration>, runtime: EffectRuntime) {
        self.base = Self.makeBase(clock)
        self.runtime = runtime
    }

    private static func makeBase<C: Clock<Duration>>(_ clock: C) -> any ClockBase {
        if let virtual = clock as? any VirtualClock { return openVirtual(virtual) }
        return PlainBase(origin: Origin(clock))
    }

    private static func openVirtual<V: VirtualClock>(_ clock: V) -> any ClockBase {
        VirtualBase(origin: Origin(clock))
    }

    /// The runtime whose sleepers this clock counts: which store's clock it is.
    var runtimeID: ObjectIdentifier { ObjectIdentifier(runtime) }

    @usableFromInline var now: Instant { Instant(offset: base.elapsed) }
    @usableFromInline var minimumResolution: Duration { base.minimumResolution }

    @usableFromInline
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if let token = EffectToken.current, token.runtimeID == ObjectIdentifier(runtime), base.isVirtual, token.isCurrentTask {
            let runtime = self.runtime
            try await base.sleep(untilOffset: deadline.offset, tolerance: tolerance, counting: runtime, task: token.id)
        } else {
            try await base.sleep(untilOffset: deadline.offset, tolerance: tolerance, counting: nil, task: 0)
        }
    }
}

/// The underlying clock, opened once so that instants convert without existentials. Its origin
/// (the store's "time zero") is read the first time an effect uses the clock, so a store whose
/// effects never look at time never reads the clock.
private protocol ClockBase: Sendable {
    var elapsed: Duration { get }
    var minimumResolution: Duration { get }
    var isVirtual: Bool { get }
    func sleep(untilOffset offset: Duration, tolerance: Duration?, counting runtime: EffectRuntime?, task id: UInt64) async throws
}

/// `@unchecked Sendable`: `instant` is touched only under `lock` (an `NSLock`, which
/// ThreadSanitizer understands on Linux, unlike `Mutex`).
private final class Origin<C: Clock<Duration>>: @unchecked Sendable {
    let clock: C
    private let lock = NSLock()
    private var instant: C.Instant?

    init(_ clock: C) { self.clock = clock }

    var value: C.Instant {
        lock.lock()
        defer { lock.unlock() }
        if let instant { return instant }
        let now = clock.now
        instant = now
        return now
    }
}

private struct PlainBase<C: Clock<Duration>>: ClockBase {
    let origin: Origin<C>
    var elapsed: Duration { origin.value.duration(to: origin.clock.now) }
    var minimumResolution: Duration { origin.clock.minimumResolution }
    var isVirtual: Bool { false }
    func sleep(untilOffset offset: Duration, tolerance: Duration?, counting runtime: EffectRuntime?, task id: UInt64) async throws {
        try await origin.clock.sleep(until: origin.value.advanced(by: offset), tolerance: tolerance)
    }
}

private struct VirtualBase<C: VirtualClock>: ClockBase {
    let origin: Origin<C>
    var elapsed: Duration { origin.value.duration(to: origin.clock.now) }
    var minimumResolution: Duration { origin.clock.minimumResolution }
    var isVirtual: Bool { true }
    func sleep(untilOffset offset: Duration, tolerance: Duration?, counting runtime: EffectRuntime?, task id: UInt64) async throws {
        let deadline = origin.value.advanced(by: offset)
        if let runtime {
            try await origin.clock.sleep(until: deadline, onSleep: { runtime.taskWillSleep(id) }, onWake: { runtime.taskWillWake(id) })
        } else {
            try await origin.clock.sleep(until: deadline, tolerance: tolerance)
        }
    }
}

import ReduxTesting

// Stamps for the timing tests on `TestClock`: what happened, and at which virtual time.
//
// A reducer cannot read the store's clock, but a test's reducer (or effect) can capture the
// `TestClock` itself, which is `Sendable`, and read its `now` when it runs: a reducer that
// appends `stamped(name, clock.now)` to the state records when each delivered action was
// reduced. Under a `TestClock` that is the instant of the step that delivered it, since each
// step waits until the store has processed everything the step set off before time moves on.

/// The instant `milliseconds` after a `TestClock`'s zero.
func instant(_ milliseconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .milliseconds(milliseconds))
}

/// "`what`@`N`ms": `what`, stamped with a virtual time (the full `Duration` if it is not a whole
/// number of milliseconds, so that an instant off by a nanosecond shows).
func stamped(_ what: String, _ instant: TestClock.Instant) -> String {
    let milliseconds = instant.offset / .milliseconds(1)
    guard milliseconds == milliseconds.rounded(), instant.offset == .milliseconds(Int64(milliseconds)) else {
        return "\(what)@\(instant.offset)"
    }
    return "\(what)@\(Int64(milliseconds))ms"
}

/// An actor to hop to: work that suspends briefly on something other than the store's clock.
actor Hop {
    private var visits = 0

    func visit() -> Int {
        visits += 1
        return visits
    }
}

/// Timing operators. All of them sleep on the store's clock (``StoreOptions/clock``), never on
/// `Task.sleep` directly, so a `TestClock` controls them and waits for them at each step.
extension Effect {
    /// Starts this effect `duration` after it was returned, unless an effect with the same `id`
    /// arrives first, which cancels this one and starts its own wait: of a burst of effects, only
    /// the last runs, `duration` after it arrived.
    ///
    /// It is ``cancellable(id:cancelInFlight:)`` with `cancelInFlight: true` after a
    /// ``delay(for:)``: ``cancel(id:)`` with `id` cancels the pending one too.
    ///
    /// - Parameters:
    ///   - id: the debounce id (any `Hashable & Sendable`, scoped to the store).
    ///   - duration: how long to wait after the last effect; a negative duration counts as zero.
    public func debounce(id: some Hashable & Sendable, for duration: Duration) -> Effect {
        Effect.concatenate(Effect(.sleep(max(duration, .zero))), self)
            .cancellable(id: id, cancelInFlight: true)
    }

    /// Thins out the actions this effect sends, per `id` (The Composable Architecture's
    /// throttle): the first action after an idle period is delivered at once and opens a window
    /// of `duration`.
    ///
    /// - `latest: true`: an action arriving inside the window replaces the one pending; the
    ///   pending one is delivered when the window ends, and opens a new window.
    /// - `latest: false`: the first action arriving inside the window is kept (later ones in
    ///   that window are dropped) and delivered when the window ends, opening a new window.
    ///
    /// In both modes an action from an earlier window is never delivered later. The window is
    /// shared by every effect throttled with `id` in this store; ``cancel(id:)`` with `id`
    /// cancels those effects and drops the pending action.
    ///
    /// A held action stays its sender's: ``DispatchTicket/waitForEffects()`` on the dispatch
    /// whose effect sent it (directly or through the actions it sent) waits until it is
    /// delivered (and reduced) or dropped, and cancelling that wait drops it if the dispatch's
    /// own effect sent it. The window belongs to no dispatch and to no other id: waiting on the
    /// effects of the action that opened it does not wait for the window to end, and cancelling
    /// an id around one sender's effect (`.throttle(...).cancellable(id:cancelInFlight:)`
    /// included) cancels that effect, not the window.
    ///
    /// - Parameters:
    ///   - id: the throttle id (any `Hashable & Sendable`, scoped to the store).
    ///   - duration: the window's length; a negative duration counts as zero.
    ///   - latest: which action of a window is delivered at its end.
    public func throttle(id: some Hashable & Sendable, for duration: Duration, latest: Bool) -> Effect {
        if isNone { return self }
        return Effect(.throttle(EffectID(id), max(duration, .zero), latest: latest, self))
    }

    /// Starts this effect `duration` later, on the store's clock. Everything it sends then comes
    /// from a task and is processed on a later main-actor turn.
    ///
    /// - Parameter duration: the delay; a negative duration counts as zero.
    public func delay(for duration: Duration) -> Effect {
        Effect.concatenate(Effect(.sleep(max(duration, .zero))), self)
    }

    /// Sends `action` every `interval` on the store's clock until cancelled (make it
    /// ``cancellable(id:cancelInFlight:)`` to stop it) or until the store goes away. Ticks are
    /// scheduled from the start, `interval`, 2 × `interval`, …, so they do not drift.
    ///
    /// The toolchain ships no timer sequence; this is the library's.
    ///
    /// - Parameters:
    ///   - interval: the time between ticks; must be positive (a zero or negative interval
    ///     counts as one nanosecond, so the timer cannot spin).
    ///   - action: what each tick sends.
    public static func timer(every interval: Duration, send action: Action) -> Effect {
        timer(every: interval) { _ in action }
    }

    /// Sends `tick(n)` for the n-th tick (1, 2, …) every `interval` on the store's clock until
    /// cancelled (see ``timer(every:send:)``).
    public static func timer(every interval: Duration, _ tick: @escaping @Sendable (_ count: Int) -> Action) -> Effect {
        let step = max(interval, .nanoseconds(1))
        return .run { send in
            let clock = send.effectClock
            let start = clock.now
            var count = 0
            while true {
                count += 1
                try await clock.sleep(until: start.advanced(by: step * count), tolerance: nil)
                send(tick(count))
            }
        }
    }
}

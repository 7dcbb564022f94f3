/// What an effect's asynchronous work uses to send actions back into its store, and the store's
/// clock to sleep on. Passed to ``Effect/run(priority:_:)``'s closure (the idea of an effect's
/// `send` comes from The Composable Architecture).
///
/// Isolation: `Sendable`; call it from the effect's task or any other thread. It holds the store
/// weakly: once the store is gone, sends do nothing.
///
/// Ordering: actions are queued in the store's inbox in the order they are sent and processed on
/// a later main-actor turn. Once the effect is cancelled (by id, by the store's invalidation or
/// release, or by cancelling a wait on its action's effects), what it sends is dropped — also
/// an action sent just before the cancellation that was still waiting in the queue.
public struct Send<Action: Sendable>: Sendable {
    let deliver: @Sendable (Action, CallSite) -> Void
    let deliverTracked: @Sendable (Action, CallSite) -> DispatchTicket<Action>
    /// The store's clock (from ``StoreOptions/clock``; its instants count from the first
    /// time the store's work used it). Sleep on it, not on `Task.sleep`: under a `TestClock` a sleep on it counts the
    /// effect as asleep, so the clock can move time without racing the effect.
    public var clock: any Clock<Duration> { effectClock }
    let effectClock: EffectClock
    let diagnostics: DiagnosticSink?

    @usableFromInline
    init(
        deliver: @escaping @Sendable (Action, CallSite) -> Void,
        deliverTracked: @escaping @Sendable (Action, CallSite) -> DispatchTicket<Action>,
        clock: EffectClock,
        diagnostics: DiagnosticSink?
    ) {
        self.deliver = deliver
        self.deliverTracked = deliverTracked
        self.effectClock = clock
        self.diagnostics = diagnostics
    }

    /// Queues `action` in the store (`send(action)`). Dropped once the effect is cancelled.
    ///
    /// - Parameters:
    ///   - action: the action to send.
    ///   - file: the call site's file, for the `.enqueued` log event (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    public func callAsFunction(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        deliver(action, CallSite(file: file, line: line, onMainActor: false))
    }

    /// Queues `action` and returns a ticket whose outcome can be awaited.
    ///
    /// Once the effect is cancelled the ticket answers ``DispatchOutcome/cancelled``; once the
    /// store is invalidated or released, ``DispatchOutcome/refused(_:)``. Under
    /// ``Effect/map(_:)`` the outcome is the parent action's, mapped back: a resolver's
    /// replacement action (`.recovered(.reduceAs(...))`) that the map cannot take back reports
    /// as `.recovered(.reduce, reduced:)`.
    public func tracked(_ action: Action, file: StaticString = #fileID, line: UInt = #line) -> DispatchTicket<Action> {
        deliverTracked(action, CallSite(file: file, line: line, onMainActor: false))
    }

    /// Sleeps for `duration` on the store's clock (virtual time under a `TestClock`).
    ///
    /// - Throws: `CancellationError` if the effect is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await effectClock.sleep(for: duration)
    }
}

import Redux

// Middlewares whose store-owned work waits on a gate or sleeps until it is cancelled, generic so
// the counter and the pipe tests share them.

/// Where a middleware runs its work.
enum WorkKind: Sendable {
    /// A `.task`: the action goes on; the work runs beside it.
    case task
    /// A `.deferred` handler: the action is suspended until the work returns.
    case deferred
}

/// A middleware that, for `trigger`, starts work (`kind`) which opens `started`, sleeps an hour on
/// the store's clock and, when the sleep is cancelled, dispatches `untracked`, then `tracked`
/// with `dispatchTracked`, stores the tracked outcome's text in `late`, opens `cancelled` and
/// rethrows the cancellation. Other actions pass with `.next`.
func sleepingMiddleware<State: Sendable, Action: Sendable & Equatable>(
    id: String,
    for trigger: Action,
    as kind: WorkKind,
    started: Gate,
    cancelled: Gate,
    late: SharedValue<String?>,
    thenSends untracked: Action,
    andTracked tracked: Action
) -> Middleware<State, Action> {
    @Sendable func work(_ effect: EffectContext<State, Action>) async throws {
        started.open()
        do {
            try await effect.sleep(for: .seconds(3_600))
        } catch {
            effect.dispatch(untracked)
            late.value = try? await effect.dispatchTracked(tracked).outcome.description
            cancelled.open()
            throw error
        }
    }
    return Middleware(id: id) { context in
        guard context.action == trigger else { return .next }
        switch kind {
        case .task:
            return .task { effect in try await work(effect) }
        case .deferred:
            return .deferred { effect in
                try await work(effect)
                return .next
            }
        }
    }
}

/// A middleware that suspends `trigger` (every action when `nil`) in `.deferred`: the handler
/// opens `started` (if given), waits for `gate` to open, ignoring cancellation, then resumes with
/// `resume`. Other actions pass with `.next`.
func deferringMiddleware<State: Sendable, Action: Sendable & Equatable>(
    id: String,
    for trigger: Action?,
    started: Gate? = nil,
    until gate: Gate,
    resume: DeferredExit<Action> = .next
) -> Middleware<State, Action> {
    Middleware(id: id) { context in
        if let trigger, context.action != trigger { return .next }
        return .deferred { _ in
            started?.open()
            await gate.wait()
            return resume
        }
    }
}

/// Dispatches `actions` as another isolation would, though called from the main actor: a
/// nonisolated caller's `#isolation` is `nil`, so the batch waits in the inbox until the next
/// main-actor call (or turn) takes the backlog.
nonisolated func enqueueFromAnotherIsolation<S: Sendable, A: Sendable>(_ store: Store<S, A>, _ actions: A...) {
    store.dispatch(contentsOf: actions)
}

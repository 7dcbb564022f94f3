/// A description of work a store runs after an action: actions to send, asynchronous work,
/// cancellation, timing. A value; nothing happens until a store starts it.
///
/// Reducers return effects (``Reducer/init(id:effects:)``, the shape of The Composable
/// Architecture's and SwiftRex's reducers) and middlewares can too
/// (``MiddlewareExit/effect(_:)``, SwiftRex's effect middleware). The store runs every effect on
/// its one store-owned runtime, the same one that runs middleware `.task` and `.deferred` work:
///
/// - **Lifetime.** Invalidating or releasing the store cancels every effect; nothing an effect
///   sends afterwards reaches a reducer. Effects hold the store weakly, so a store whose last
///   reference goes away is released even while an effect sleeps.
/// - **Where actions land.** A ``send(_:file:line:)`` the reducer returns at top level (not after
///   asynchronous work) is queued on the main actor behind the current action and processed in
///   the same dispatch call, after that action's terminal (FIFO: behind what was queued before it, such as the rest of a batch). Everything sent after
///   asynchronous work (``run(priority:_:)``, ``task(priority:_:)``, a ``concatenate(_:)-(Effect<Action>...)``
///   after a run, ``delay(for:)``) comes from another isolation and is processed on a later
///   main-actor turn, in the order it was sent.
/// - **Errors.** An error thrown by an effect's work reaches the resolver chain after the
///   producing action's terminal, with an ``ErrorOrigin/reducer(id:position:)`` origin (or
///   ``ErrorOrigin/effect(middlewareID:position:)`` for a middleware's effect). A
///   `CancellationError`, or any error thrown once the work was cancelled, is not a failure.
/// - **Time.** Sleep on the store's clock (``Send/sleep(for:)``, ``Send/clock``) and use the
///   timing operators (``debounce(id:for:)``, ``throttle(id:for:latest:)``, ``delay(for:)``,
///   ``timer(every:send:)``): on `ReduxTesting`'s `TestClock` they move only when the test moves
///   time, and the clock waits for every store to be quiescent at each step.
///
/// `Sendable`; building, combining and mapping effects is pure and may happen anywhere.
public struct Effect<Action: Sendable>: Sendable {
    @usableFromInline
    indirect enum Operation: Sendable {
        case none
        case send(Action, CallSite)
        case run(TaskPriority?, @Sendable (Send<Action>) async throws -> Void)
        case merge([Effect<Action>])
        case concatenate([Effect<Action>])
        case cancellable(EffectID, cancelInFlight: Bool, Effect<Action>)
        case cancel(EffectID)
        /// Sleeps on the store's clock and sends nothing: the first half of `delay` and `debounce`.
        case sleep(Duration)
        case throttle(EffectID, Duration, latest: Bool, Effect<Action>)
        /// The effect of a lifted child instance: its ids are scoped below `step`, and its work
        /// lives as long as the instance does (see <doc:Composition>).
        case scoped(ScopeStep, Effect<Action>)
    }

    @usableFromInline
    let operation: Operation

    @usableFromInline
    init(_ operation: Operation) {
        self.operation = operation
    }

    /// No work. What a reducer returns when it has nothing to start; costs nothing to run.
    @inlinable
    public static var none: Effect { Effect(.none) }

    /// Sends `action` back into the store.
    ///
    /// At top level (returned by a reducer, or in a top-level ``merge(_:)-(Effect<Action>...)``), it is
    /// queued behind the current action on the main actor and processed in the same dispatch
    /// call, after the current action's terminal (FIFO, behind what was already queued). After asynchronous work (inside a
    /// ``concatenate(_:)-(Effect<Action>...)`` after a run, or after a ``delay(for:)``) it is sent
    /// from the effect's task and processed on a later main-actor turn.
    ///
    /// - Parameters:
    ///   - action: the action to send.
    ///   - file: the call site's file, for the `.enqueued` log event (defaults to `#fileID`).
    ///   - line: the call site's line (defaults to `#line`).
    @inlinable
    public static func send(_ action: Action, file: StaticString = #fileID, line: UInt = #line) -> Effect {
        Effect(.send(action, CallSite(file: file, line: line, onMainActor: true)))
    }

    /// Runs asynchronous, throwing work in a task the store owns; `send` queues actions back.
    ///
    /// The work runs off the main actor (a detached task at `priority`) and is cancelled with
    /// the store, or by ``cancel(id:)`` when it is made ``cancellable(id:cancelInFlight:)``.
    /// What it sends after cancellation is dropped. An error it throws reaches the resolvers
    /// (see the type's documentation); `CancellationError` does not.
    ///
    /// Sleep through `send.sleep(for:)` (or `send.clock`) so tests control time.
    ///
    /// - Parameters:
    ///   - priority: the task's priority; `nil` for the default.
    ///   - work: the work; `send(action)` queues an action, `send.tracked(action)` returns a
    ///     ``DispatchTicket``.
    public static func run(
        priority: TaskPriority? = nil,
        _ work: @escaping @Sendable (_ send: Send<Action>) async throws -> Void
    ) -> Effect {
        Effect(.run(priority, work))
    }

    /// Runs asynchronous work that returns at most one action, which is sent when it returns
    /// (SwiftRex's effect shape). `nil` sends nothing.
    ///
    /// Runs like ``run(priority:_:)``: a task the store owns, cancelled with the store; errors
    /// reach the resolvers.
    public static func task(
        priority: TaskPriority? = nil,
        _ work: @escaping @Sendable () async throws -> Action?
    ) -> Effect {
        Effect(.run(priority) { send in
            if let action = try await work() { send(action) }
        })
    }

    /// Runs every effect concurrently; each asynchronous branch is a task of its own on the
    /// store's runtime (not a task group), so cancelling one by id leaves the others running.
    /// Top-level sends in the branches are queued in argument order.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// Runs every effect of `effects` concurrently (see ``merge(_:)-(Effect<Action>...)``).
    public static func merge(_ effects: some Sequence<Effect>) -> Effect {
        let parts = effects.filter { !$0.isNone }
        switch parts.count {
        case 0: return .none
        case 1: return parts[0]
        default: return Effect(.merge(parts))
        }
    }

    /// Runs the effects one after the other: each starts when the previous one has finished
    /// (all its work, including what it merged).
    ///
    /// A link that is cancelled ends and the next one starts; a link cancelled before it started
    /// is skipped. The concatenation registers each link's ids (the `cancellable` and `throttle`
    /// ids at its top) when it starts, so ``cancel(id:)`` reaches a link that has not started; a
    /// cancellation of an id enclosing the whole concatenation stops all of it. A link's own
    /// `cancelInFlight` acts when that link starts. A link whose work throws (other than by its
    /// cancellation) ends the concatenation.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }

    /// Runs the effects of `effects` one after the other (see ``concatenate(_:)-(Effect<Action>...)``).
    public static func concatenate(_ effects: some Sequence<Effect>) -> Effect {
        let parts = effects.filter { !$0.isNone }
        switch parts.count {
        case 0: return .none
        case 1: return parts[0]
        default: return Effect(.concatenate(parts))
        }
    }

    /// Whether this effect is ``none``.
    @inlinable
    public var isNone: Bool {
        if case .none = operation { return true }
        return false
    }

    /// Whether this effect only cancels: a ``cancel(id:)``, or merges of them (in a child
    /// instance's scope or not). Starting it logs no `.effectStarted` event.
    @inlinable
    var isOnlyCancels: Bool {
        switch operation {
        case .cancel: return true
        case .merge(let parts): return parts.allSatisfy(\.isOnlyCancels)
        case .scoped(_, let inner): return inner.isOnlyCancels
        default: return false
        }
    }
}

extension Effect {
    /// Makes this effect's work cancellable by ``cancel(id:)`` with `id`.
    ///
    /// Ids are any `Hashable & Sendable` value and are scoped to the store instance: two stores
    /// of one feature that use the same id never cancel each other's work. A cancellation
    /// processed before the work's task has actually started still stops it.
    ///
    /// - Parameters:
    ///   - id: the cancellation id.
    ///   - cancelInFlight: when `true`, starting this effect first cancels the work already
    ///     running with `id` (a newer search replacing the request in flight). In a link of a
    ///     ``concatenate(_:)-(Effect<Action>...)`` it acts when the link starts, and does not
    ///     reach the links before it, which have finished (what they sent is delivered). It
    ///     does skip a link of another concatenation registered under `id` that has not
    ///     started yet.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        if isNone && !cancelInFlight { return self }
        return Effect(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// Cancels the work with `id` in this store: tasks stop (they see cancellation) and nothing
    /// they send afterwards is reduced; a throttled action still pending with that id is
    /// dropped; a link of a ``concatenate(_:)-(Effect<Action>...)`` registered under it and not
    /// started yet is skipped.
    ///
    /// It applies where it is written: it stops every effect with `id` started before it — in
    /// an earlier reducer of the chain, or earlier in the same ``merge(_:)-(Effect<Action>...)``,
    /// even if its task has not run yet — and none started after it. Returned at top level by a
    /// reducer, it is processed on the main actor within the same dispatch call.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(EffectID(id)))
    }
}

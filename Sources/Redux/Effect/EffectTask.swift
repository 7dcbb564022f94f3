/// One task of an effect tree — a `.run` or a `.sleep` — in one object: its runtime token, what
/// started it (its source's fields and its scope), what follows it (the completion a merge or
/// a concatenation waits for) and the target of its `send`. With the `Task` itself, the only
/// allocation starting a lone `.run` costs: the task's closure and the `send` closures capture
/// this object alone, so they need no context of their own.
///
/// Holds the store weakly (a sleeping effect must not keep it alive), and its work, its
/// completion and its runtime only until the task ends: the object outlives the task wherever
/// its `send` is kept (by an object the work captured, or by a `Task` the work started, which
/// inherits the token), and it must not keep the work's captures — or, through them, the
/// store — alive. Created on whichever isolation starts the effect; its work runs on the
/// global executor.
@usableFromInline
final class EffectTask<State: Sendable, Action: Sendable>: EffectToken, @unchecked Sendable {
    /// What the task does.
    @usableFromInline
    enum Work: Sendable {
        /// An effect's `.run` closure, given the task's `send`.
        case run(@Sendable (Send<Action>) async throws -> Void)
        /// A `.sleep` on the store's clock.
        case sleep(Duration)
    }

    @usableFromInline weak let store: Store<State, Action>?
    /// Until the task ends (written only by the task itself, see ``run()``).
    @usableFromInline nonisolated(unsafe) var runtime: EffectRuntime?
    @usableFromInline let scope: EffectScope
    /// The component the task's errors are attributed to.
    @usableFromInline let origin: ErrorOrigin
    /// The producing action's run, without its ticket.
    @usableFromInline let failure: ActionRun<State, Action>
    /// The producing pass's run record, if its errors must wait for the action's terminal.
    @usableFromInline let record: RunRecord<State, Action>?
    @usableFromInline let site: CallSite
    /// The store's dependencies when the effect started, bound in the task.
    @usableFromInline let dependencies: Dependencies?
    /// Until the task ends.
    @usableFromInline nonisolated(unsafe) var then: Store<State, Action>.EffectCompletion?
    /// Until the task ends.
    @usableFromInline nonisolated(unsafe) var work: Work?
    @usableFromInline let clock: EffectClock
    @usableFromInline let diagnostics: DiagnosticSink?

    @inlinable
    init(store: Store<State, Action>, scope: EffectScope, origin: ErrorOrigin, failure: ActionRun<State, Action>, record: RunRecord<State, Action>?, site: CallSite, dependencies: Dependencies?, then: Store<State, Action>.EffectCompletion?, work: Work) {
        self.store = store
        self.runtime = store.runtime
        self.scope = scope
        self.origin = origin
        self.failure = failure
        self.record = record
        self.site = site
        self.dependencies = dependencies
        self.then = then
        self.work = work
        self.clock = store.effectClock
        self.diagnostics = store.diagnostics
        super.init(id: store.runtime.drawID(), runtime: store.runtime, group: record?.group, lifetime: scope.lifetime, tracksQueuedSends: !scope.ids.isEmpty)
    }

    /// The task's body: binds the store's dependencies and the token, runs the work unless the
    /// task was cancelled before it started (with a completion to call, the completion still
    /// runs, so what follows goes on), then reports the end to the runtime.
    @inlinable
    func run() async {
        await runBound(dependencies: dependencies) {
            if then != nil || !isCancelled { await perform() }
        }
        runtime?.finish(id)
        // What only the task needed goes with it (see the type's documentation).
        work = nil
        then = nil
        runtime = nil
    }

    /// Runs the work; its error (other than its cancellation) goes to the store's resolvers;
    /// then the completion, told whether the work failed. Once the store is gone, nothing runs.
    @inlinable
    func perform() async {
        var failed = false
        if !isCancelled {
            guard store != nil else { return }
            do {
                switch work {
                case .run(let operation)?:
                    try await operation(makeSend())
                case .sleep(let duration)?:
                    try await clock.sleep(for: duration)
                case nil:
                    break
                }
            } catch {
                if !(isCancelled || Task.isCancelled || error is CancellationError) {
                    failed = true
                    scope.lifetime?.sendQueued()
                    store?.enqueueRemote(QueueEntry(failure, site: site, record: record, .effectError(origin: origin, error: error, lifetime: scope.lifetime)))
                }
            }
        }
        then?(!failed, false)
    }

    /// The `send` of the task: through the scope's throttle, from another isolation; dropped
    /// once the task is cancelled or the store is gone.
    @inlinable
    func makeSend() -> Send<Action> {
        Send(
            deliver: { [self] action, site in
                store?.deliver(action, site: site, promise: nil, token: self, scope: scope, group: group, dependencies: dependencies, inPass: false)
            },
            deliverTracked: { [self] action, site in
                guard let store else {
                    let box = OutcomeBox<Action>(sequence: 0)
                    box.resolve(.refused(.storeReleased))
                    return DispatchTicket(box: box)
                }
                let box = OutcomeBox<Action>(sequence: store.inbox.nextSequence())
                store.deliver(action, site: site, promise: OutcomePromise(box: box), token: self, scope: scope, group: group, dependencies: dependencies, inPass: false)
                return DispatchTicket(box: box)
            },
            clock: clock,
            diagnostics: diagnostics
        )
    }
}

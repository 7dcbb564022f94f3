import Foundation

/// Starting effects: the interpreter of ``Effect`` on the store's runtime.
///
/// An effect tree is walked once, in written order: effects start and cancellations apply in
/// the order they are met. Synchronous parts (`.none`, `.send`, `.cancel`, and merges or
/// concatenations of only those) run where they are met: during the action's pass, on the main
/// actor, their sends are queued in the pipeline queue (processed in the same call); later,
/// from a task, they go to the inbox. Every `.run` is a task of its own on the runtime,
/// registered under its ids when it is spawned, so a `.cancel(id:)` met after it stops it even
/// before its task runs.
///
/// A concatenation registers each of its links under the links' ids (the enclosing scopes' and
/// the link's own `cancellable` and `throttle` ids) when it starts, and goes on from wherever its
/// previous link finished, so no task ever waits for another (which keeps "all asleep" exact for
/// virtual clocks). A link cancelled while it runs ends, and the next one starts; a link
/// cancelled before it started is skipped; a cancellation of an id enclosing the whole
/// concatenation reaches every link. A link that fails (its work throws) ends the
/// concatenation.
extension Store {
    /// Called when an effect subtree has finished: `completed` is `false` if it failed (an error
    /// other than its cancellation) or could not start (store closed, wait cancelled); the rest
    /// of a concatenation then does not run. `inPass` says whether the caller is still in the
    /// producing action's pass on the main actor.
    @usableFromInline
    typealias EffectCompletion = @Sendable (_ completed: Bool, _ inPass: Bool) -> Void

    /// The run record of the current pass, made when the first effect or `.task` of the pass
    /// starts; a tracked dispatch's record carries the ticket's effect group.
    @inlinable
    func passRecord(for run: ActionRun<State, Action>) -> RunRecord<State, Action> {
        if let current = currentRecord { return current }
        let record = RunRecord<State, Action>(group: run.promise?.box.effectGroup)
        currentRecord = record
        return record
    }

    /// Starts the effects the reducers returned, in chain order, each in written order (§ order
    /// after the reducers, step 5): a cancellation stops what was started before it, in this
    /// pass too. An effect made only of cancellations is applied without an `.effectStarted`
    /// event.
    ///
    /// This path, down to the task's `send`, is inlinable so that it is specialized for the
    /// app's state and action: unspecialized, its generic metadata lookups and witness calls
    /// were most of the cost of starting an effect (P8-run).
    ///
    /// The effects come in ``firstEffect`` and ``collectedEffects`` (the store's, reused: a
    /// pass allocates nothing to carry them), which are emptied here.
    @inlinable
    func startCollectedEffects(action: Action, _ run: ActionRun<State, Action>) {
        let position = firstEffectPosition
        var effect = Effect<Action>.none
        swap(&effect, &firstEffect)
        firstEffectPosition = -1
        startReducerEffect(effect, position: position, action: action, run)
        if collectedEffects.isEmpty { return }
        var more: [(position: Int, effect: Effect<Action>)] = []
        swap(&more, &collectedEffects)
        for (position, effect) in more {
            startReducerEffect(effect, position: position, action: action, run)
        }
        more.removeAll(keepingCapacity: true)
        if collectedEffects.capacity == 0 { swap(&more, &collectedEffects) }
    }

    /// Makes `sent` the ``pendingSend`` if it can be: no log handler, no effect group, nothing
    /// queued and no entry of a taken segment ahead. Returns whether it did.
    @inlinable
    func holdsPendingSend(_ sent: Action, _ site: CallSite, _ run: ActionRun<State, Action>) -> Bool {
        guard onLog == nil, run.promise == nil, currentRecord == nil, !hasEntriesAhead, pipeline.isEmpty else { return false }
        pendingSend = sent
        pendingSendSite = CallSite(file: site.file, line: site.line, onMainActor: true)
        pipeline.countOutsideEntry(1)
        inbox.notePipelineDepth(1)
        return true
    }

    /// Starts the effect the reducer at `position` returned: a lone `.send` at once, an effect
    /// made only of cancellations without an `.effectStarted` event.
    @inlinable
    func startReducerEffect(_ effect: Effect<Action>, position: Int, action: Action, _ run: ActionRun<State, Action>) {
        if isInvalidated { return }
        if case let .send(sent, site) = effect.operation {
            if holdsPendingSend(sent, site, run) { return }
        } else if effect.isOnlyCancels {
            performCancels(effect, scope: EffectScope(), owner: .reducer(position))
            return
        }
        let origin = ErrorOrigin.reducer(id: reducers[position].id, position: position)
        startEffect(effect, origin: origin, action: action, run)
    }

    /// Starts `effect` for the current pass, attributed to `origin` (a reducer or middleware).
    /// Out of line: the middleware chain (P2's path) calls it for `.effect` exits.
    ///
    /// A lone `.send` in a pass that has no effect group (no ticket, not sent by a grouped
    /// effect) is queued behind the current action at once, on the main actor: it needs no
    /// source, no run record and no token, and takes no lock; when nothing else is queued and
    /// no log handler is attached, it is not even a queue entry (``pendingSend``).
    @inlinable @inline(never)
    func startEffect(_ effect: Effect<Action>, origin: ErrorOrigin, action: Action, _ run: ActionRun<State, Action>) {
        if effect.isNone || isInvalidated { return }
        if onLog != nil { emit(run.sequence, action, .effectStarted(origin)) }
        if case let .send(sent, written) = effect.operation, run.promise == nil, currentRecord == nil {
            if holdsPendingSend(sent, written, run) { return }
            let site = CallSite(file: written.file, line: written.line, onMainActor: true)
            let entry = Entry(ActionRun(sequence: sequenceNumber(for: nil), action: sent, promise: nil), site: site, .dispatch(logged: true))
            enqueueInPipeline(CollectionOfOne(markedAsStoreWork(entry)))
            return
        }
        // A reducer's effect in a pass with no record and no ticket needs none: the terminal
        // follows the reducers at once (see ``EffectSource/record``).
        let record: RunRecord<State, Action>?
        if case .reducer = origin, currentRecord == nil, run.promise == nil {
            record = nil
        } else {
            record = passRecord(for: run)
        }
        if case let .run(priority, work) = effect.operation {
            startRun(priority: priority, scope: EffectScope(), origin: origin, failure: run.failure(of: action), record: record, site: passSite, dependencies: taskDependencies, then: nil, .run(work))
            return
        }
        let source = EffectSource(origin: origin, failure: run.failure(of: action), record: record, site: passSite, dependencies: taskDependencies)
        start(effect, scope: EffectScope(), source: source, inPass: true, then: nil)
    }

    /// Applies an effect made only of cancellations (see ``Effect/isOnlyCancels``), in order.
    @inlinable
    func performCancels(_ effect: Effect<Action>, scope: EffectScope, owner: LiftOwner) {
        switch effect.operation {
        case .cancel(let id):
            cancelEffects(id.scoped(by: scope.idScope))
        case .merge(let parts):
            for part in parts { performCancels(part, scope: scope, owner: owner) }
        case let .scoped(step, inner):
            performCancels(inner, scope: entering(step, scope, owner: owner), owner: owner)
        default:
            break
        }
    }

    /// The scope inside a child instance's `.scoped` node: its path, and its lifetime when some
    /// step on the path can go away (registered now if it is not yet).
    @inlinable
    nonisolated func entering(_ step: ScopeStep, _ scope: EffectScope, owner: LiftOwner?) -> EffectScope {
        var inside = scope
        inside.path.append(step)
        if let owner, inside.lifetime != nil || step.removable {
            inside.lifetime = instances.lifetime(owner: owner, path: inside.path)
        }
        return inside
    }

    /// Cancels the work registered with `id` and drops a throttled action pending with it.
    /// `link`: where the cancellation is written, inside a concatenation; `inFlight`: it is a
    /// `cancelInFlight` (see ``EffectRuntime/cancel(id:inFlight:from:)``).
    @usableFromInline
    nonisolated func cancelEffects(_ id: EffectID, inFlight: Bool = false, from link: ConcatenationLink? = nil) {
        runtime.cancel(id: id, inFlight: inFlight, from: link)
        throttles.remove(id)
    }

    /// Walks `effect` (see the extension's documentation). Callable from any thread; `inPass`
    /// is `true` only on the main actor during the producing pass.
    @inlinable
    nonisolated func start(_ effect: Effect<Action>, scope: EffectScope, source: EffectSource<State, Action>, inPass: Bool, then: EffectCompletion?) {
        switch effect.operation {
        case .none:
            then?(true, inPass)
        case let .send(action, site):
            // Outside the pass, a send comes after async work, in a link of a concatenation: it is
            // that link's send, cancelled with it.
            deliver(action, site: site, promise: nil, token: inPass ? nil : scope.link?.token, scope: scope, group: source.group, dependencies: source.dependencies, inPass: inPass)
            then?(true, inPass)
        case .cancel(let id):
            cancelEffects(id.scoped(by: scope.idScope), from: scope.link)
            then?(true, inPass)
        case let .cancellable(id, cancelInFlight, inner):
            let id = id.scoped(by: scope.idScope)
            if cancelInFlight { cancelEffects(id, inFlight: true, from: scope.link) }
            var inside = scope
            inside.ids.append(id)
            start(inner, scope: inside, source: source, inPass: inPass, then: then)
        case let .throttle(id, window, latest, inner):
            let id = id.scoped(by: scope.idScope)
            var inside = scope
            inside.ids.append(id)
            inside.throttle = ThrottleRule(id: id, window: window, latest: latest)
            start(inner, scope: inside, source: source, inPass: inPass, then: then)
        case let .scoped(step, inner):
            start(inner, scope: entering(step, scope, owner: source.owner), source: source, inPass: inPass, then: then)
        case .merge(let parts):
            startMerge(parts, scope: scope, source: source, inPass: inPass, then: then)
        case .concatenate(let parts):
            startConcatenation(parts, scope: scope, source: source, inPass: inPass, then: then)
        case let .run(priority, work):
            startRun(priority: priority, scope: scope, source: source, then: then, .run(work))
        case .sleep(let duration):
            startRun(priority: nil, scope: scope, source: source, then: then, .sleep(duration))
        }
    }

    @inlinable
    nonisolated func startMerge(_ parts: [Effect<Action>], scope: EffectScope, source: EffectSource<State, Action>, inPass: Bool, then: EffectCompletion?) {
        guard let then else {
            for part in parts { start(part, scope: scope, source: source, inPass: inPass, then: nil) }
            return
        }
        let join = MergeJoin(count: parts.count, then: then)
        for part in parts {
            start(part, scope: scope, source: source, inPass: inPass) { completed, inPass in
                join.partEnded(completed: completed, inPass: inPass)
            }
        }
    }

    /// Registers the concatenation's links, then starts the first.
    @inlinable
    nonisolated func startConcatenation(_ parts: [Effect<Action>], scope: EffectScope, source: EffectSource<State, Action>, inPass: Bool, then: EffectCompletion?) {
        let ids = parts.map { scope.ids + linkIDs($0, scope: scope) }
        guard let links = runtime.beginConcatenation(ids, group: source.group, lifetime: scope.lifetime, enclosing: scope.link) else {
            then?(false, inPass)
            return
        }
        startLink(0, parts, links, scope: scope, source: source, inPass: inPass, then: then)
    }

    /// The ids a link registers under of its own: those of the `cancellable` and `throttle`
    /// wrappers at its top.
    @inlinable
    nonisolated func linkIDs(_ effect: Effect<Action>, scope: EffectScope) -> [EffectID] {
        switch effect.operation {
        case let .cancellable(id, _, inner), let .throttle(id, _, _, inner):
            return [id.scoped(by: scope.idScope)] + linkIDs(inner, scope: scope)
        default:
            return []
        }
    }

    /// Starts link `index` — or the first one after it not cancelled yet — and, when it has
    /// ended, the next; a link that failed ends the concatenation.
    @inlinable
    nonisolated func startLink(_ index: Int, _ parts: [Effect<Action>], _ links: [ConcatenationLink], scope: EffectScope, source: EffectSource<State, Action>, inPass: Bool, then: EffectCompletion?) {
        var index = index
        while index < parts.count {
            let link = links[index]
            if source.group?.hasBeenCancelled == true {
                for rest in links[index...] { runtime.release(rest) }
                then?(false, inPass)
                return
            }
            if link.token.isCancelled {
                runtime.release(link)
                index += 1
                continue
            }
            var inside = scope
            inside.link = link
            let next = index + 1
            start(parts[index], scope: inside, source: source, inPass: inPass) { [weak self] completed, inPass in
                guard let self else {
                    then?(false, inPass)
                    return
                }
                self.runtime.release(link)
                guard completed else {
                    for rest in links[next...] { self.runtime.release(rest) }
                    then?(false, inPass)
                    return
                }
                self.startLink(next, parts, links, scope: scope, source: source, inPass: inPass, then: then)
            }
            return
        }
        then?(true, inPass)
    }

    /// Starts one runtime task for `work` (an ``EffectTask``, which is also its token and its
    /// `send`'s target); its errors go to the resolvers, its completion goes on with what
    /// follows it — also when the task was cancelled before its work could run (the work is
    /// then skipped). If the task cannot start (store closed, group cancelled), the completion
    /// reports it failed.
    @inlinable
    nonisolated func startRun(
        priority: TaskPriority?,
        scope: EffectScope,
        source: EffectSource<State, Action>,
        then: EffectCompletion?,
        _ work: EffectTask<State, Action>.Work
    ) {
        startRun(priority: priority, scope: scope, origin: source.origin, failure: source.failure, record: source.record, site: source.site, dependencies: source.dependencies, then: then, work)
    }

    /// ``startRun(priority:scope:source:then:_:)`` with the source's fields: a lone `.run`
    /// makes no ``EffectSource``.
    @inlinable
    nonisolated func startRun(
        priority: TaskPriority?,
        scope: EffectScope,
        origin: ErrorOrigin,
        failure: ActionRun<State, Action>,
        record: RunRecord<State, Action>?,
        site: CallSite,
        dependencies: Dependencies?,
        then: EffectCompletion?,
        _ work: EffectTask<State, Action>.Work
    ) {
        let task = EffectTask(store: self, scope: scope, origin: origin, failure: failure, record: record, site: site, dependencies: dependencies, then: then, work: work)
        guard runtime.register(task, ids: scope.ids, link: scope.link, origin: origin, sequence: failure.sequence) else {
            then?(false, false)
            return
        }
        task.attach(Task.detached(priority: priority) { [task] in await task.run() })
    }
}

/// Counts the branches of a merge inside a concatenation; the last one to end goes on.
///
/// What follows runs in the pass only if every branch ended in the pass: when an asynchronous
/// branch ended first (its task was quick) and a synchronous one ends last, on the main actor,
/// the merge still followed asynchronous work, so what comes next is sent from another isolation
/// and processed on a later turn.
///
/// `@unchecked Sendable`: its counters are touched only under `lock` (an `NSLock`, which
/// ThreadSanitizer understands on Linux, unlike `Mutex`).
@usableFromInline
final class MergeJoin: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private var completed = true
    private var inPass = true
    private let then: @Sendable (Bool, Bool) -> Void

    @usableFromInline
    init(count: Int, then: @escaping @Sendable (Bool, Bool) -> Void) {
        self.remaining = count
        self.then = then
    }

    @usableFromInline
    func partEnded(completed partCompleted: Bool, inPass partInPass: Bool) {
        lock.lock()
        remaining -= 1
        if !partCompleted { completed = false }
        if !partInPass { inPass = false }
        let last = remaining == 0
        let (allCompleted, allInPass) = (completed, inPass)
        lock.unlock()
        if last { then(allCompleted, allInPass) }
    }
}

import Foundation
import Redux
import Synchronization

/// What the P8 effect cases measured, in microseconds per effect (per task for the floor).
struct EffectResults {
    /// `P8-run`: dispatch, start, run, send back, reduce; one sample per run.
    let run: Samples
    /// The dispatch loop of each `P8-run` run, for the report: starting the effects, and
    /// reducing the actions they sent back meanwhile (each main-actor dispatch first takes what
    /// other isolations queued).
    let runStart: Samples
    /// `P8-naive-pool`: the same workload on a plain reducer and a middleware that starts one
    /// hand-made task per `.start`, created off any actor, that hops to the main actor to
    /// dispatch `.done`.
    let naivePool: Samples
    /// `P8-naive-main`: the same, with a main-actor task that dispatches `.done`.
    let naiveMain: Samples
    /// `P8-task-floor`: a bare `Task { }` created and awaited.
    let taskFloor: Samples
    /// `P8-cancel`: release the store until every sleeping effect saw its cancellation.
    let cancel: Samples
    /// Effects (tasks) per run.
    let count: Int
    /// `P8-memory`: the largest total of the store's ``StoreBookkeeping`` counts read after
    /// `settled()` in any `P8-run` run (warm-ups, timed and memory runs alike); 0 when every
    /// run left its tables empty.
    let worstBookkeeping: Int
    /// `P8-run` runs whose bookkeeping was read.
    let bookkeepingRuns: Int
    /// `P8-memory`: resident-size growth in bytes from after an untimed `P8-run` run to after
    /// `memoryRuns` further runs; `nil` where the resident size cannot be read.
    let residentGrowth: Int?
    /// `P8-run` runs between the two resident-size readings.
    let memoryRuns: Int
}

/// The action of the effect cases: `start` starts one effect, which sends `done` back.
enum EffectAction: Sendable {
    case start
    case done
}

struct EffectState: Sendable {
    var started = 0
    var done = 0
}

extension BenchCases {
    /// The P8 effect cases. `P8-run`, `P8-naive-pool`, `P8-naive-main` and `P8-task-floor`
    /// alternate run by run (after one untimed run of each), so that a change in the machine's
    /// load hits them alike.
    ///
    /// - `P8-run`: `effects` main-actor dispatches of `.start`, whose effect reducer returns
    ///   one `.run { send in send(.done) }` each, then `settled()` until every `.done` was
    ///   reduced. Per effect: the dispatch that starts it, its task, its send, the reduction of
    ///   what it sent — "start and finish an effect".
    /// - `P8-naive-pool`: the same workload written by hand on the store, without effects (see
    ///   ``p8NaiveOnce(count:onMainActor:)``): per effect, the dispatch of `.start` through a
    ///   middleware and a plain reducer, one task created off any actor that hops to the main
    ///   actor and dispatches `.done`, and that dispatch.
    /// - `P8-naive-main`: the same with a `@MainActor` task, which never leaves the main thread.
    /// - `P8-task-floor`: `effects` bare `Task { }` (created off any actor, so they run on the
    ///   global executor like the store's effect tasks), then each one awaited.
    /// - `P8-cancel`: a store whose `.start` effects sleep for an hour on the store's clock
    ///   (`ContinuousClock`); once all `effects` have started, the store's last reference is
    ///   dropped and the time runs until every effect caught its `CancellationError` (a shared
    ///   atomic counter reaching `effects`).
    /// - `P8-memory`: after every `P8-run` run, the store's ``Store/bookkeeping`` is read (the
    ///   largest total is kept); after the timed runs, one more untimed `P8-run` run, the
    ///   resident size, `memoryRuns` further `P8-run` runs back to back, and the resident size
    ///   again. The runs of this phase come after every timed run, so they change no timing.
    func p8Effects() async throws -> EffectResults {
        let count = config.effects
        var worstBookkeeping = 0, bookkeepingRuns = 0
        func note(_ measured: (total: Double, start: Double, bookkeeping: Int)) {
            worstBookkeeping = max(worstBookkeeping, measured.bookkeeping)
            bookkeepingRuns += 1
        }
        note(try await p8RunOnce(count: count))
        _ = try await p8NaiveOnce(count: count, onMainActor: false)
        _ = try await p8NaiveOnce(count: count, onMainActor: true)
        _ = await p8TaskFloorOnce(count: count)
        _ = try await p8CancelOnce(count: count)
        var run: [Double] = [], start: [Double] = [], floor: [Double] = [], cancel: [Double] = []
        var naivePool: [Double] = [], naiveMain: [Double] = []
        for _ in 0..<config.runs {
            let measured = try await p8RunOnce(count: count)
            note(measured)
            run.append(measured.total)
            start.append(measured.start)
            naivePool.append(try await p8NaiveOnce(count: count, onMainActor: false))
            naiveMain.append(try await p8NaiveOnce(count: count, onMainActor: true))
            floor.append(await p8TaskFloorOnce(count: count))
        }
        for _ in 0..<config.runs {
            cancel.append(try await p8CancelOnce(count: count))
        }
        let memoryRuns = 10
        note(try await p8RunOnce(count: count))
        // Freed memory counts once the allocator gives it back (as P8 mem reads it): the pool
        // threads' heaps otherwise keep what their tasks freed.
        trimAllocator()
        let residentBefore = residentBytes()
        for _ in 0..<memoryRuns {
            note(try await p8RunOnce(count: count))
        }
        trimAllocator()
        let residentAfter = residentBytes()
        var residentGrowth: Int?
        if let residentBefore, let residentAfter {
            residentGrowth = residentAfter - residentBefore
        }
        return EffectResults(
            run: Samples(values: run),
            runStart: Samples(values: start),
            naivePool: Samples(values: naivePool),
            naiveMain: Samples(values: naiveMain),
            taskFloor: Samples(values: floor),
            cancel: Samples(values: cancel),
            count: count,
            worstBookkeeping: worstBookkeeping,
            bookkeepingRuns: bookkeepingRuns,
            residentGrowth: residentGrowth,
            memoryRuns: memoryRuns
        )
    }

    /// One `P8-run` run on a fresh store: microseconds per effect, in total and for the
    /// dispatch loop, and the total of the store's ``StoreBookkeeping`` counts read after
    /// `settled()` (outside the timed span).
    func p8RunOnce(count: Int) async throws -> (total: Double, start: Double, bookkeeping: Int) {
        let store = Store(initialState: EffectState(), reducers: [makeRunEffectReducer()])
        let clock = ContinuousClock()
        let began = clock.now
        for _ in 0..<count {
            store.dispatch(.start)
        }
        let dispatched = clock.now
        try await store.settled(timeout: .seconds(120))
        let ended = clock.now
        let state = store.state
        try expect(state.started == count && state.done == count, "P8-run: \(state.started) started, \(state.done) of \(count) sent actions reduced after settled()")
        let tables = store.bookkeeping
        let kept = tables.tasks + tables.cancellationIDs + tables.throttleWindows + tables.childInstances + tables.suspendedActions
        return (microseconds(began.duration(to: ended), per: count), microseconds(began.duration(to: dispatched), per: count), kept)
    }

    /// One `P8-naive-pool` (`onMainActor` false) or `P8-naive-main` (`onMainActor` true) run on a
    /// fresh store: microseconds per effect, from the first `.start` until every `.done` was
    /// reduced.
    ///
    /// The store has a plain reducer (no effects) that counts `.start` and `.done`, and one
    /// middleware that, for each `.start`, starts one hand-made task that dispatches `.done` on
    /// the main actor: created off any actor with `await MainActor.run { ... }` inside (so its
    /// body starts on the global executor, like the store's `.run` tasks, then hops), or a
    /// `@MainActor` task. The task dispatches `.done` from the main actor, where nothing else
    /// runs, so it is reduced before `dispatch` returns; the task then counts its arrival, and
    /// the last arrival resumes the one waiter (no polling of the main actor). The self-check
    /// reads the store's counts afterwards.
    func p8NaiveOnce(count: Int, onMainActor: Bool) async throws -> Double {
        let name = onMainActor ? "P8-naive-main" : "P8-naive-pool"
        let replies = ArrivalCounter(target: count)
        let box = NaiveStoreBox()
        let store = Store(
            initialState: EffectState(),
            reducers: [makeNaiveCountingReducer()],
            middlewares: [makeNaiveReplyMiddleware(box: box, replies: replies, onMainActor: onMainActor)]
        )
        box.store = store
        let clock = ContinuousClock()
        let began = clock.now
        for _ in 0..<count {
            store.dispatch(.start)
        }
        let allReplied = await replies.wait(timeout: .seconds(120))
        let ended = clock.now
        let state = store.state
        try expect(allReplied, "\(name): \(replies.count) of \(count) replies dispatched")
        try expect(state.started == count && state.done == count, "\(name): \(state.started) started, \(state.done) of \(count) replies reduced")
        return microseconds(began.duration(to: ended), per: count)
    }

    /// One `P8-task-floor` run: microseconds per task.
    func p8TaskFloorOnce(count: Int) async -> Double {
        let clock = ContinuousClock()
        let began = clock.now
        let tasks = spawnBareTasks(count)
        for task in tasks {
            await task.value
        }
        let ended = clock.now
        Blackhole.consume(tasks.count)
        return microseconds(began.duration(to: ended), per: count)
    }

    /// One `P8-cancel` run: microseconds per effect from the store's release until every effect
    /// observed its cancellation.
    private func p8CancelOnce(count: Int) async throws -> Double {
        let sleeping = ArrivalCounter(target: count)
        let cancelled = ArrivalCounter(target: count)
        var store: Store<EffectState, EffectAction>? = Store(
            initialState: EffectState(),
            reducers: [makeSleepingEffectReducer(sleeping: sleeping, cancelled: cancelled)]
        )
        weak var released: Store<EffectState, EffectAction>?
        released = store
        for _ in 0..<count {
            store?.dispatch(.start)
        }
        try expect(await sleeping.wait(timeout: .seconds(120)), "P8-cancel: \(sleeping.count) of \(count) effects started")
        let clock = ContinuousClock()
        let began = clock.now
        store = nil
        try expect(released == nil, "P8-cancel: releasing the store's last reference did not free it (its sleeping effects keep it alive)")
        let allCancelled = await cancelled.wait(timeout: .seconds(120))
        let ended = clock.now
        try expect(allCancelled, "P8-cancel: \(cancelled.count) of \(count) effects observed their cancellation")
        return microseconds(began.duration(to: ended), per: count)
    }
}

private func microseconds(_ duration: Duration, per count: Int) -> Double {
    duration.nanoseconds / 1000 / Double(count)
}

/// `count` bare tasks, created outside any actor (so they run on the global executor).
@inline(never)
func spawnBareTasks(_ count: Int) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(count)
    for _ in 0..<count {
        tasks.append(Task {})
    }
    return tasks
}

/// P8-run's reducer: `.start` starts one effect that sends `.done` back.
@inline(never)
func makeRunEffectReducer() -> Reducer<EffectState, EffectAction> {
    Reducer(id: "runs", effects: { state, action in
        switch action {
        case .start:
            state.started &+= 1
            return .run { send in send(.done) }
        case .done:
            state.done &+= 1
            return .none
        }
    })
}

/// How the naive cases' tasks reach their store: set once the store exists; weak, so the
/// tasks never keep it alive.
@MainActor
final class NaiveStoreBox {
    weak var store: Store<EffectState, EffectAction>?
}

/// The naive cases' reducer: counts `.start` and `.done`, starts nothing.
@inline(never)
func makeNaiveCountingReducer() -> Reducer<EffectState, EffectAction> {
    Reducer(id: "counts") { state, action in
        switch action {
        case .start: state.started &+= 1
        case .done: state.done &+= 1
        }
        return .next
    }
}

/// The naive cases' middleware: for each `.start`, one hand-made task that dispatches `.done`
/// on the main actor, then counts its arrival in `replies`.
@inline(never)
func makeNaiveReplyMiddleware(box: NaiveStoreBox, replies: ArrivalCounter, onMainActor: Bool) -> Middleware<EffectState, EffectAction> {
    Middleware(id: "replies") { context in
        if case .start = context.action {
            if onMainActor {
                startMainActorReply(box: box, replies: replies)
            } else {
                startPoolReply(box: box, replies: replies)
            }
        }
        return .next
    }
}

/// `P8-naive-pool`'s task: created outside any actor, so its body starts on the global executor
/// (like the store's `.run` tasks), then hops to the main actor to dispatch `.done`.
@inline(never)
func startPoolReply(box: NaiveStoreBox, replies: ArrivalCounter) {
    Task {
        await MainActor.run {
            box.store?.dispatch(.done)
            replies.arrive()
        }
    }
}

/// `P8-naive-main`'s task: a main-actor task that dispatches `.done`; it never leaves the main
/// thread.
@inline(never)
func startMainActorReply(box: NaiveStoreBox, replies: ArrivalCounter) {
    Task { @MainActor in
        box.store?.dispatch(.done)
        replies.arrive()
    }
}

/// P8-cancel's reducer: `.start` starts one effect that sleeps an hour on the store's clock and
/// counts its cancellation.
@inline(never)
func makeSleepingEffectReducer(sleeping: ArrivalCounter, cancelled: ArrivalCounter) -> Reducer<EffectState, EffectAction> {
    Reducer(id: "sleeps", effects: { state, action in
        switch action {
        case .start:
            state.started &+= 1
            return .run { send in
                sleeping.arrive()
                do {
                    try await send.sleep(for: .seconds(3_600))
                } catch is CancellationError {
                    cancelled.arrive()
                    return
                }
                send(.done)
            }
        case .done:
            state.done &+= 1
            return .none
        }
    })
}

/// A shared atomic counter and one waiter, resumed when the count reaches `target`.
final class ArrivalCounter: Sendable {
    let target: Int
    private let arrived = Atomic<Int>(0)
    /// The waiter, and whether its timeout already passed.
    private let waiter = Mutex<(continuation: CheckedContinuation<Bool, Never>?, timedOut: Bool)>((nil, false))

    init(target: Int) { self.target = target }

    var count: Int { arrived.load(ordering: .acquiring) }

    func arrive() {
        let now = arrived.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        if now == target { waiter.withLock { $0.continuation.take() }?.resume(returning: true) }
    }

    /// Returns `true` once the count reached `target`, `false` if `timeout` passed first.
    func wait(timeout: Duration) async -> Bool {
        let timer = Task { [self] in
            try? await Task.sleep(for: timeout)
            waiter.withLock { slot in
                slot.timedOut = true
                return slot.continuation.take()
            }?.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let early = waiter.withLock { slot -> Bool? in
                if arrived.load(ordering: .acquiring) >= target { return true }
                if slot.timedOut { return false }
                slot.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }
}

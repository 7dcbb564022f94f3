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
    /// `P8-task-floor`: a bare `Task { }` created and awaited.
    let taskFloor: Samples
    /// `P8-cancel`: release the store until every sleeping effect saw its cancellation.
    let cancel: Samples
    /// Effects (tasks) per run.
    let count: Int
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
    /// The P8 effect cases. `P8-run` and `P8-task-floor` alternate run by run (after one
    /// untimed run of each), so that a change in the machine's load hits both alike.
    ///
    /// - `P8-run`: `effects` main-actor dispatches of `.start`, whose effect reducer returns
    ///   one `.run { send in send(.done) }` each, then `settled()` until every `.done` was
    ///   reduced. Per effect: the dispatch that starts it, its task, its send, the reduction of
    ///   what it sent — "start and finish an effect".
    /// - `P8-task-floor`: `effects` bare `Task { }` (created off any actor, so they run on the
    ///   global executor like the store's effect tasks), then each one awaited.
    /// - `P8-cancel`: a store whose `.start` effects sleep for an hour on the store's clock
    ///   (`ContinuousClock`); once all `effects` have started, the store's last reference is
    ///   dropped and the time runs until every effect caught its `CancellationError` (a shared
    ///   atomic counter reaching `effects`).
    func p8Effects() async throws -> EffectResults {
        let count = config.effects
        _ = try await p8RunOnce(count: count)
        _ = await p8TaskFloorOnce(count: count)
        _ = try await p8CancelOnce(count: count)
        var run: [Double] = [], start: [Double] = [], floor: [Double] = [], cancel: [Double] = []
        for _ in 0..<config.runs {
            let measured = try await p8RunOnce(count: count)
            run.append(measured.total)
            start.append(measured.start)
            floor.append(await p8TaskFloorOnce(count: count))
        }
        for _ in 0..<config.runs {
            cancel.append(try await p8CancelOnce(count: count))
        }
        return EffectResults(
            run: Samples(values: run),
            runStart: Samples(values: start),
            taskFloor: Samples(values: floor),
            cancel: Samples(values: cancel),
            count: count
        )
    }

    /// One `P8-run` run on a fresh store: microseconds per effect, in total and for the
    /// dispatch loop.
    func p8RunOnce(count: Int) async throws -> (total: Double, start: Double) {
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
        return (microseconds(began.duration(to: ended), per: count), microseconds(began.duration(to: dispatched), per: count))
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

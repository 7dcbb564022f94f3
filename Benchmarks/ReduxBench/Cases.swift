import Foundation
import Redux

/// How much work each case does.
struct BenchConfig {
    /// Dispatches per timed run of the per-dispatch cases (baseline, floor, P1, P2, P4, P6).
    let operations: Int
    /// Dispatches in the untimed warm-up run before them.
    let warmUp: Int
    /// Timed runs per case; the median is reported.
    let runs: Int
    /// P5's producer threads and dispatches per thread.
    let threads: Int
    let perThread: Int
    /// P7's dispatches per measurement.
    let memoryDispatches: Int
    /// P4's array length.
    let arrayLength: Int
    /// P8's burst: actions queued from a thread while the main actor is busy.
    let burstActions: Int
    /// Effects (tasks) per run of P8-run, P8-task-floor and P8-cancel: 10,000 in
    /// both modes (a run takes tens of milliseconds).
    let effects: Int
    /// Dispatches (mutations) per timed run of SUB10, SUB10-floor, P3b and P3b-whole, and the
    /// warm-up before them.
    var observedOperations = 20_000
    var observedWarmUp = 2_000
    /// Dispatches per timed run of P3 (1,000 observers), and the warm-up before it.
    var wideOperations = 200
    var wideWarmUp = 20
    /// Runs of P7-observed (fewer than P7's: each run re-registers observers on every dispatch).
    var observedMemoryRuns = 3
    /// Dispatches per timed run of P13-big (each copies P4's 8 MB array), and the warm-up before
    /// them (at least the recorder's maxAge of 50, so that its ring is full).
    var copyingOperations = 500
    var copyingWarmUp = 60

    static let full = BenchConfig(operations: 2_000_000, warmUp: 200_000, runs: 5, threads: 4, perThread: 250_000, memoryDispatches: 1_000_000, arrayLength: 1_000_000, burstActions: 2_000_000, effects: 10_000, observedOperations: 200_000, observedWarmUp: 20_000, wideOperations: 2_000, wideWarmUp: 200, observedMemoryRuns: 3, copyingOperations: 500, copyingWarmUp: 60)
    static let quick = BenchConfig(operations: 100_000, warmUp: 10_000, runs: 5, threads: 4, perThread: 25_000, memoryDispatches: 100_000, arrayLength: 1_000_000, burstActions: 200_000, effects: 10_000, observedOperations: 20_000, observedWarmUp: 2_000, wideOperations: 200, wideWarmUp: 20, observedMemoryRuns: 3, copyingOperations: 100, copyingWarmUp: 60)
}

/// The cases. Every per-dispatch case runs the same loop, `for index in 0..<count`, over the same
/// action source, `actions[index & mask]`, so their ratios compare like with like.
@MainActor
struct BenchCases {
    let config: BenchConfig
    let source: ActionSource

    init(config: BenchConfig) {
        self.config = config
        self.source = ActionSource(seed: 0x5EED, bound: config.arrayLength)
    }

    /// `baseline`: the reducer body through an out-of-line function on a local state.
    func baseline() throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            var state = CounterState()
            for index in 0..<count {
                baselineStep(&state, actions[index & mask])
            }
            try expect(state.count == count, "baseline applied \(state.count) of \(count) actions")
            Blackhole.consume(state.total)
        }
    }

    /// `floor`: a minimal hand-written store.
    func floor() throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        let store = FloorStore(state: CounterState(), reduce: makeFloorReducer())
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            try expect(store.state.count == before + count, "floor applied \(store.state.count - before) of \(count) actions")
            Blackhole.consume(store.state.total)
        }
    }

    /// `P1`: main-actor dispatch, one reducer, no middleware, no log handler.
    func p1() throws -> Samples {
        try storeCase("P1", Store(initialState: CounterState(), reducers: [makeCounterReducer()]))
    }

    /// `P2`: P1 plus three pass-through middlewares and one resolver that is never reached.
    func p2() throws -> Samples {
        try storeCase("P2", Store(
            initialState: CounterState(),
            reducers: [makeCounterReducer()],
            middlewares: makePassThroughMiddlewares(3),
            resolvers: [makeIdleResolver()]
        ))
    }

    /// `P1-effect`: P1 with the reducer made an effect reducer that returns `.none` (same
    /// workload, same loop): what the effect-reducer path costs an action that starts nothing.
    func p1Effect() throws -> Samples {
        try storeCase("P1-effect", Store(initialState: CounterState(), reducers: [makeCounterEffectReducer()]))
    }

    /// `P1-send`: an effect reducer whose `.add(v)` counts and returns `.send(.added(v))`, and
    /// whose `.added(v)` adds `v` to the total and returns `.none`. One main-actor dispatch of
    /// `.add` per iteration, over P1's action source and loop; the figure is per pair of reduced
    /// actions. A top-level `.send` is queued behind the current action and processed in the
    /// same `dispatch` call: the self-check proves both actions of every pair were reduced
    /// before `dispatch` returned.
    func p1Send() throws -> Samples {
        let actions = source.actions.map(PairAction.init)
        let mask = source.mask
        let store = Store(initialState: PairState(), reducers: [makePairSendReducer()])
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state
            try expect(
                after.requested == before.requested + count && after.received == before.received + count,
                "P1-send: \(after.requested - before.requested) of \(count) actions and \(after.received - before.received) of their sent actions reduced synchronously"
            )
            Blackhole.consume(after.total)
        }
    }

    /// `P4`: the reducer writes one element of a 1,000,000-element array held in the state.
    func p4() throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        let store = Store(initialState: ArrayState(items: Array(repeating: 0, count: config.arrayLength)), reducers: [makeArrayReducer()])
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state.count
            try expect(after == before + count, "P4: \(after - before) of \(count) actions reduced synchronously")
            Blackhole.consume(after)
        }
    }

    /// `P6`: P1 with a log handler that counts events. Returns the timings and events per dispatch.
    func p6() throws -> (samples: Samples, eventsPerDispatch: Double) {
        let counter = EventCounter()
        let store = Store(initialState: CounterState(), reducers: [makeCounterReducer()], onLog: { [counter] _ in counter.events += 1 })
        let samples = try storeCase("P6", store)
        let dispatched = config.warmUp + config.runs * config.operations
        return (samples, Double(counter.events) / Double(dispatched))
    }

    /// The loop shared by P1, P2, P1-effect and P6. Checks after each run that every action was reduced
    /// before `dispatch` returned, which proves the main-actor synchronous path was taken.
    private func storeCase(_ name: String, _ store: Store<CounterState, BenchAction>) throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state
            try expect(after.count == before + count, "\(name): \(after.count - before) of \(count) actions reduced synchronously")
            Blackhole.consume(after.total)
        }
    }

    /// `P5`: producer threads started together, each dispatching its share, until every action is
    /// reduced (awaited through `settled()`). Samples are actions per second.
    func p5() async throws -> Samples {
        _ = try await p5Run(perThread: max(1, config.perThread / 10))
        var values: [Double] = []
        for _ in 0..<config.runs {
            values.append(try await p5Run(perThread: config.perThread))
        }
        return Samples(values: values)
    }

    private func p5Run(perThread: Int) async throws -> Double {
        let store = Store(initialState: CounterState(), reducers: [makeCounterReducer()])
        let actions = source.actions
        let mask = source.mask
        let threads = config.threads
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = CountdownLatch(count: threads)
        for thread in 0..<threads {
            let offset = thread &* 257
            let producer = Thread {
                ready.signal()
                go.wait()
                for index in 0..<perThread {
                    store.dispatch(actions[(index &+ offset) & mask])
                }
                finished.countDown()
            }
            producer.start()
        }
        for _ in 0..<threads { ready.wait() }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<threads { go.signal() }
        await finished.wait()
        try await store.settled(timeout: .seconds(120))
        let elapsed = start.duration(to: clock.now)
        let total = threads * perThread
        let reduced = store.state.count
        try expect(reduced == total, "P5: \(reduced) of \(total) actions reduced after settled()")
        Blackhole.consume(store.state.total)
        return Double(total) / (elapsed.nanoseconds * 1e-9)
    }

    /// `P7`: resident-memory growth across main-actor dispatches on a fresh store, in bytes;
    /// `nil` where the resident size cannot be read.
    func p7() throws -> Samples? {
        let actions = source.actions
        let mask = source.mask
        var values: [Double] = []
        for _ in 0..<config.runs {
            let store = Store(initialState: CounterState(), reducers: [makeCounterReducer()])
            guard let before = residentBytes() else { return nil }
            let count = config.memoryDispatches
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            guard let after = residentBytes() else { return nil }
            let reduced = store.state.count
            try expect(reduced == count, "P7: \(reduced) of \(count) actions reduced synchronously")
            Blackhole.consume(store.state.total)
            values.append(Double(after - before))
        }
        return Samples(values: values)
    }
}

/// Counts log events; touched only on the main actor, where the store calls its handler.
@MainActor
final class EventCounter {
    var events = 0
}

/// Lets the main actor await, without blocking it, the moment every producer thread is done.
final class CountdownLatch: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private var waiter: CheckedContinuation<Void, Never>?

    init(count: Int) { remaining = count }

    func countDown() {
        lock.lock()
        remaining -= 1
        let resumed = remaining == 0 ? waiter : nil
        if resumed != nil { waiter = nil }
        lock.unlock()
        resumed?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if remaining == 0 {
                lock.unlock()
                continuation.resume()
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

@inline(never)
func makePassThroughMiddlewares(_ count: Int) -> [Middleware<CounterState, BenchAction>] {
    (0..<count).map { position in Middleware(id: "pass-\(position)") { _ in .next } }
}

@inline(never)
func makeIdleResolver() -> Resolver<CounterState, BenchAction> {
    Resolver(id: "idle") { _ in .defaultNext }
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw BenchFailure(description: message()) }
}

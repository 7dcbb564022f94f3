import Foundation
import Observation
import Redux
import Synchronization

// Fixtures for the pipeline tests (middleware, resolver, reducer, effect, observation, log).
// Every name carries a `Pipe` prefix (or is one of `LogRecorder`, `CountingClock`) so it cannot
// clash with the dispatch fixtures.

typealias PipeStore = Store<PipeState, PipeAction>

/// The state every pipeline test uses.
struct PipeState: Sendable, Equatable {
    /// Sum of `.increment` (+1) and `.add(n)` (+n) reduced by the recording reducer.
    var count = 0
    /// Every action the recording reducer handled, in order.
    var reduced: [PipeAction] = []
    /// A large buffer for the in-place tests; empty elsewhere.
    var values: [Int] = []
}

enum PipeAction: Sendable, Hashable, CustomStringConvertible {
    case increment
    case add(Int)
    case tag(String)
    /// Declined by the recording reducer (it answers `.defaultNext` and writes nothing).
    case ignored

    var description: String {
        switch self {
        case .increment: "increment"
        case .add(let amount): "add(\(amount))"
        case .tag(let name): "tag(\(name))"
        case .ignored: "ignored"
        }
    }
}

enum PipeError: Error, Equatable, CustomStringConvertible {
    case boom
    case other

    var description: String {
        switch self {
        case .boom: "boom"
        case .other: "other"
        }
    }
}

/// A reducer that appends every action it handles to `state.reduced`, applies `.increment` and
/// `.add(n)` to `state.count`, declines `.ignored`, and answers `exit` otherwise.
func pipeRecordingReducer(id: String = "record", exit: ReducerExit = .next) -> Reducer<PipeState, PipeAction> {
    Reducer(id: id) { state, action in
        switch action {
        case .ignored:
            return .defaultNext
        case .increment:
            state.count += 1
        case .add(let amount):
            state.count += amount
        case .tag:
            break
        }
        state.reduced.append(action)
        return exit
    }
}

/// A middleware that records "id action" into `trail`, then answers `answer`.
func pipeMiddleware(
    _ id: String,
    _ trail: PipeTrail,
    _ answer: MiddlewareExit<PipeState, PipeAction> = .next
) -> Middleware<PipeState, PipeAction> {
    Middleware(id: id) { context in
        trail.record("\(id) \(context.action)")
        return answer
    }
}

/// A resolver that records what it was shown into `trail`, then answers `answer`.
func pipeResolver(
    _ id: String,
    _ trail: PipeTrail,
    _ answer: ResolverExit<PipeAction> = .defaultNext
) -> Resolver<PipeState, PipeAction> {
    Resolver(id: id) { context in
        trail.record("\(id) \(context.error) from \(context.origin) raised \(context.action) dispatched \(context.dispatchedAction)")
        return answer
    }
}

@MainActor
func makePipeStore(
    _ initialState: PipeState = PipeState(),
    middlewares: [Middleware<PipeState, PipeAction>] = [],
    resolvers: [Resolver<PipeState, PipeAction>] = [],
    reducers: [Reducer<PipeState, PipeAction>] = [pipeRecordingReducer()],
    clock: any Clock<Duration> = ContinuousClock(),
    log: LogRecorder? = nil
) -> PipeStore {
    Store(
        initialState: initialState,
        reducers: reducers,
        middlewares: middlewares,
        resolvers: resolvers,
        options: StoreOptions(clock: clock),
        onLog: log?.handler
    )
}

/// A middleware that takes a different exit for each `.tag(name)`, so one store walks every
/// path of the pipeline: every synchronous exit, a throw, a failing `.task`, and `.deferred`
/// handlers that read, resume and fail. Other actions pass with `.next`.
func pipeRouterMiddleware(id: String = "router") -> Middleware<PipeState, PipeAction> {
    Middleware(id: id) { context in
        guard case .tag(let name) = context.action else { return .next }
        switch name {
        case "decline": return .defaultNext
        case "nextAs": return .nextAs(.increment)
        case "reduce": return .exit(.reduce)
        case "reduceAs": return .exit(.reduceAs(.increment))
        case "done": return .exit(.done)
        case "throw": throw PipeError.boom
        case "resolve": return .exit(.resolve(PipeError.other))
        case "task":
            return .task { effect in
                effect.dispatch(.increment)
                throw PipeError.boom
            }
        case "deferred":
            return .deferred { effect in
                _ = try await effect.read { state in state.count }
                return .nextAs(.add(1))
            }
        case "deferredThrow":
            return .deferred { _ in throw PipeError.boom }
        default: return .next
        }
    }
}

/// The names `pipeRouterMiddleware` routes, one per path.
let pipeRoutes = [
    "next", "decline", "nextAs", "reduce", "reduceAs", "done", "throw", "resolve", "task", "deferred", "deferredThrow",
]

/// A thread-safe list of strings, for recording what ran where (middlewares, reducers, handlers).
final class PipeTrail: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func record(_ entry: String) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A one-shot gate: work waits on it, the test opens it. Thread-safe.
final class PipeGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var abandoned: Set<Int> = []
    private var nextToken = 0

    func open() {
        lock.lock()
        isOpen = true
        let woken = waiters
        waiters = [:]
        lock.unlock()
        for continuation in woken.values { continuation.resume(returning: true) }
    }

    var isOpened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isOpen
    }

    /// Suspends until the gate opens, ignoring cancellation (work that must outlive a cancel).
    func wait() async {
        _ = await suspend(cancellable: false)
    }

    /// Returns `true` once the gate opens, `false` if `timeout` passes first. A guard against a
    /// hang, not a way of waiting for the store.
    func wait(within timeout: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.suspend(cancellable: true) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    private func suspend(cancellable: Bool) async -> Bool {
        let token = lock.withLock {
            nextToken += 1
            return nextToken
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                lock.lock()
                if isOpen {
                    lock.unlock()
                    continuation.resume(returning: true)
                } else if cancellable, abandoned.remove(token) != nil {
                    lock.unlock()
                    continuation.resume(returning: false)
                } else {
                    waiters[token] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            guard cancellable else { return }
            lock.lock()
            let continuation = waiters.removeValue(forKey: token)
            if continuation == nil { abandoned.insert(token) }
            lock.unlock()
            continuation?.resume(returning: false)
        }
    }
}

/// A thread-safe box for one value set by asynchronous work.
final class PipeBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The ticket's outcome as text, or `nil` if it was not answered within `timeout` (a guard
/// against a hang, not a way of waiting for the store).
func pipeOutcome(of ticket: DispatchTicket<PipeAction>, within timeout: Duration) async -> String? {
    await withTaskGroup(of: String?.self) { group in
        group.addTask { try? await ticket.outcome.pipeText }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Blocks the calling thread until `semaphore` is signalled or `seconds` pass; `true` if signalled.
/// Synchronous on purpose: the tests use it to keep the main actor busy.
func pipeBlockingWait(_ semaphore: DispatchSemaphore, seconds: Int) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
}

/// Records every log event a store delivers, on the main actor.
@MainActor
final class LogRecorder {
    private(set) var events: [LogEvent<PipeAction>] = []

    var handler: PipeStore.LogHandler {
        { [self] event in events.append(event) }
    }

    /// Every event but `.queueHighWaterMark` as "sequence action: kind". The high-water mark
    /// depends on how remote work happened to batch up, so pipeline tests leave it out.
    var lines: [String] { pipelineEvents.map(\.pipeText) }

    /// The pipeline events of one dispatch, as lines.
    func lines(sequence: UInt64) -> [String] {
        pipelineEvents.filter { $0.sequence == sequence }.map(\.pipeText)
    }

    private var pipelineEvents: [LogEvent<PipeAction>] {
        events.filter { event in
            if case .queueHighWaterMark = event.kind { false } else { true }
        }
    }

    func clear() { events.removeAll() }
}

/// A virtual clock that counts how often `now` is read and records sleeps, which return at once
/// (advancing virtual time). Every read of `now` advances time by `tick`.
final class CountingClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var lastRead = Instant(offset: .zero)
    private var sleepLog: [Duration] = []
    private let reads = Atomic<Int>(0)
    let tick: Duration

    init(tick: Duration = .zero) { self.tick = tick }

    /// How many times `now` was read.
    var nowReads: Int { reads.load(ordering: .relaxed) }

    /// The durations slept, in order (each measured from the `now` read that computed its deadline).
    var sleeps: [Duration] { lock.withLock { sleepLog } }

    var now: Instant {
        reads.wrappingAdd(1, ordering: .relaxed)
        return lock.withLock {
            let value = current
            lastRead = value
            current = current.advanced(by: tick)
            return value
        }
    }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            sleepLog.append(lastRead.duration(to: deadline))
            if current < deadline { current = deadline }
        }
    }
}

/// How an observer reads the store inside `withObservationTracking`.
enum PipeObservedRead: Sendable {
    case state
    case dynamicMember
}

/// Observes a store with `withObservationTracking`, recording `count` as read from inside each
/// `onChange`. With `renewing`, it registers again from inside `onChange`, synchronously, so it
/// sees every notification the store issues.
@MainActor
final class PipeObserver {
    let store: PipeStore
    let read: PipeObservedRead
    let renewing: Bool
    /// `store.count` as read inside each `onChange`, one entry per notification.
    private(set) var seen: [Int] = []

    init(_ store: PipeStore, read: PipeObservedRead = .state, renewing: Bool = true) {
        self.store = store
        self.read = read
        self.renewing = renewing
        observe()
    }

    var notifications: Int { seen.count }

    private func observe() {
        withObservationTracking {
            switch read {
            case .state: _ = store.state
            case .dynamicMember: _ = store.count
            }
        } onChange: { [weak self] in
            // Weak: the store's registrar keeps this closure until the next change, and the
            // observer keeps the store; a strong capture would keep both alive for good.
            MainActor.assumeIsolated { self?.changed() }
        }
    }

    private func changed() {
        seen.append(store.count)
        if renewing { observe() }
    }
}

// MARK: - Text forms, so tests compare whole sequences at once.

extension LogEvent {
    var pipeText: String { "\(sequence) \(action): \(kind.pipeText)" }
}

extension LogEvent.Kind {
    var pipeText: String {
        switch self {
        case .enqueued: "enqueued"
        case let .middleware(step, exit): "middleware \(step) \(exit.pipeText)"
        case let .resumed(step, exit): "resumed \(step) \(exit.pipeText)"
        case let .resolver(step, exit): "resolver \(step) \(exit.pipeText)"
        case let .reducer(step, exit): "reducer \(step) \(exit.pipeText)"
        case .terminal(let outcome): "terminal \(outcome.pipeText)"
        case let .effectFailed(origin, error): "effectFailed \(origin) \(error)"
        case .effectErrorResolved(let resolution): "effectErrorResolved \(resolution.pipeText)"
        case .queueHighWaterMark(let mark): "queueHighWaterMark \(mark)"
        default: "unknown"
        }
    }

    /// The component step of a middleware, resumed, resolver or reducer event.
    var pipeStep: ComponentStep? {
        switch self {
        case let .middleware(step, _), let .resumed(step, _), let .resolver(step, _): step
        case let .reducer(step, _): step
        default: nil
        }
    }
}

extension LoggedExit {
    /// The library's own text form (`next`, `nextAs(a)`, ...).
    var pipeText: String { description }
}

extension ReducerExit {
    var pipeText: String {
        switch self {
        case .next: "next"
        case .done: "done"
        case .defaultNext: "defaultNext"
        }
    }
}

extension DispatchOutcome {
    var pipeText: String {
        switch self {
        case .reduced: "reduced"
        case .consumed: "consumed"
        case let .recovered(recovery, reduced): "recovered(\(recovery.pipeText), reduced: \(reduced))"
        case .failed(let error): "failed(\(error))"
        case .unhandled: "unhandled"
        case .cancelled: "cancelled"
        }
    }
}

extension Recovery {
    var pipeText: String {
        switch self {
        case .reduce: "reduce"
        case .reduceAs(let action): "reduceAs(\(action))"
        case .done: "done"
        }
    }
}

extension EffectErrorResolution {
    var pipeText: String {
        switch self {
        case .done: "done"
        case .enqueued(let action): "enqueued(\(action))"
        case .ignoredReduce: "ignoredReduce"
        case .failed(let error): "failed(\(error))"
        }
    }
}

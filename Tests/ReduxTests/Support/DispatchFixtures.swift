import Foundation
import Observation
import Redux
import Synchronization
import Testing

// Fixtures for the dispatch and queue tests (Tests/ReduxTests/Store, Tests/ReduxTests/Queue).
// Names start with `Counter` or say what they are (`EventRecorder`, `HandlerGate`, ...), so they
// cannot clash with the `Pipe`-prefixed pipeline fixtures.

typealias CounterStore = Store<CounterState, CounterAction>

/// The state of the dispatch tests.
struct CounterState: Sendable {
    /// Incremented by `.increment`.
    var count = 0
    /// Every action the recording reducer handled, in the order it handled them.
    var record: [CounterAction] = []
    /// An object owned by the state only, so a test can see the state being freed.
    var token: LifetimeToken?
}

enum CounterAction: Sendable, Hashable, CustomStringConvertible {
    case increment
    /// A labelled action; tests give it a name and route on it.
    case mark(String)
    /// The `index`-th action of producer `producer`, for the FIFO tests.
    case produce(producer: Int, index: Int)
    /// Declined by the recording reducer (it answers `.defaultNext` and writes nothing).
    case ignored

    var description: String {
        switch self {
        case .increment: "increment"
        case .mark(let name): name
        case let .produce(producer, index): "produce(\(producer),\(index))"
        case .ignored: "ignored"
        }
    }
}

enum CounterFailure: Error, Equatable, CustomStringConvertible {
    case refused
    case replaced

    var description: String {
        switch self {
        case .refused: "refused"
        case .replaced: "replaced"
        }
    }
}

/// An object a state can own; its weak reference going `nil` shows the state was freed.
final class LifetimeToken: Sendable {}

/// A reducer that counts `.increment`, declines `.ignored`, appends every other action it sees
/// to `state.record` (increments included), and answers `exit`.
func counterReducer(id: String = "counter", exit: ReducerExit = .next) -> Reducer<CounterState, CounterAction> {
    Reducer(id: id) { state, action in
        if action == .ignored { return .defaultNext }
        if action == .increment { state.count += 1 }
        state.record.append(action)
        return exit
    }
}

@MainActor
func makeCounterStore(
    _ initialState: CounterState = CounterState(),
    middlewares: [Middleware<CounterState, CounterAction>] = [],
    resolvers: [Resolver<CounterState, CounterAction>] = [],
    reducers: [Reducer<CounterState, CounterAction>] = [counterReducer()],
    recorder: EventRecorder? = nil
) -> CounterStore {
    Store(
        initialState: initialState,
        reducers: reducers,
        middlewares: middlewares,
        resolvers: resolvers,
        onLog: recorder?.handler
    )
}

/// A middleware that, for `.mark(name)`, suspends the action in `.deferred` until `gate` opens,
/// then resumes with `resume`; everything else passes with `.next`.
func deferringMiddleware(
    _ name: String,
    until gate: HandlerGate,
    resume: DeferredExit<CounterAction> = .next
) -> Middleware<CounterState, CounterAction> {
    Middleware(id: "defers \(name)") { context in
        guard context.action == .mark(name) else { return .next }
        return .deferred { _ in
            await gate.wait()
            return resume
        }
    }
}

/// A middleware that, for `.mark(name)`, suspends the action in a 10-second `.deferred` sleep on
/// the store's clock. It opens `started` when the handler begins; when the sleep is cancelled it
/// tries to dispatch (untracked and tracked), stores the tracked outcome in `late`, then opens
/// `cancelled`.
func sleepingMiddleware(
    _ name: String,
    started: HandlerGate,
    cancelled: HandlerGate,
    late: SharedValue<String?>
) -> Middleware<CounterState, CounterAction> {
    Middleware(id: "sleeps \(name)") { context in
        guard context.action == .mark(name) else { return .next }
        return .deferred { effect in
            started.open()
            do {
                try await effect.sleep(for: .seconds(10))
            } catch {
                effect.dispatch(.mark("sent after cancellation"))
                late.value = try? await effect.dispatchTracked(.mark("tracked after cancellation")).outcome.outcomeLabel
                cancelled.open()
                throw error
            }
            return .next
        }
    }
}

// MARK: - Recording

/// Records every log event a store delivers. Thread-safe.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LogEvent<CounterAction>] = []

    var handler: CounterStore.LogHandler {
        { [self] event in record(event) }
    }

    func record(_ event: LogEvent<CounterAction>) {
        lock.lock()
        stored.append(event)
        lock.unlock()
    }

    var events: [LogEvent<CounterAction>] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Every event as "action: kind", in delivery order.
    var lines: [String] { events.map(\.eventLabel) }

    /// The processing events (everything but `.enqueued` and `.queueHighWaterMark`) as lines.
    var processingLines: [String] { events.filter(\.isProcessingEvent).map(\.eventLabel) }

    /// The sequence numbers of the processing events, consecutive repeats collapsed: one entry per
    /// uninterrupted run of one dispatch's events. `[1, 2, 3]` means dispatch 1's events all came
    /// before dispatch 2's, which all came before dispatch 3's.
    var processingRuns: [UInt64] {
        var runs: [UInt64] = []
        for event in events where event.isProcessingEvent && runs.last != event.sequence {
            runs.append(event.sequence)
        }
        return runs
    }

    /// The sequence number of the first event about `action` (its `.enqueued` event, normally).
    func sequence(of action: CounterAction) -> UInt64? {
        events.first { $0.action == action }?.sequence
    }

    /// The lines of the events of dispatch `sequence`.
    func lines(sequence: UInt64) -> [String] {
        events.filter { $0.sequence == sequence }.map(\.eventLabel)
    }

    /// The queue high-water marks logged, in order.
    var highWaterMarks: [Int] {
        events.compactMap { event in
            if case .queueHighWaterMark(let mark) = event.kind { mark } else { nil }
        }
    }
}

/// A thread-safe, append-only list.
final class SharedList<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Element] = []

    func append(_ element: Element) {
        lock.lock()
        stored.append(element)
        lock.unlock()
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// A thread-safe box for one value.
final class SharedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A thread-safe weak reference.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Object?

    init(_ object: Object? = nil) { stored = object }

    var object: Object? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Holds the last strong reference to an object until one thread takes it, so a test can choose
/// the thread on which the object is released.
final class LastReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Object?

    init(_ object: Object) { stored = object }

    /// Hands the reference over; the holder keeps none.
    func take() -> Object? {
        lock.withLock {
            let object = stored
            stored = nil
            return object
        }
    }
}

/// Catches a reducer running while another call of it is still in flight.
final class OverlapDetector: Sendable {
    private let inFlight = Atomic<Bool>(false)
    private let overlapCount = Atomic<Int>(0)

    /// Call first thing in the reducer.
    func enter() {
        if !inFlight.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            overlapCount.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// Call last thing in the reducer.
    func leave() {
        inFlight.store(false, ordering: .releasing)
    }

    /// How many times a call started while another was in flight.
    var overlaps: Int { overlapCount.load(ordering: .relaxed) }
}

// MARK: - Waiting

/// How long a test waits for the store, or for a thread or a handler, before it gives up. Only a
/// guard against a hang: with the store behaving, every wait ends long before (in milliseconds
/// here). Generous because a loaded 2-core machine can starve the main actor for seconds.
let patience: Duration = .seconds(20)

/// Awaits `ticket`'s outcome and expects its label to be `expected`. A `nil` ticket, or one not
/// answered within `patience`, fails the test instead of hanging it.
func expectOutcome(
    _ ticket: DispatchTicket<CounterAction>?,
    _ expected: String,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let ticket = try #require(ticket, "no ticket", sourceLocation: sourceLocation)
    let label = try await withThrowingTaskGroup(of: String?.self) { group in
        group.addTask { try await ticket.outcome.outcomeLabel }
        group.addTask {
            try await Task.sleep(for: patience)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
    let answered = try #require(label, "the ticket was not answered within \(patience)", sourceLocation: sourceLocation)
    #expect(answered == expected, comment, sourceLocation: sourceLocation)
}

/// The result of `task`, or `nil` if it did not finish within `timeout`, so a hanging wait fails
/// the test instead of hanging it.
func taskResult<Success: Sendable>(
    of task: Task<Success, any Error>,
    within timeout: Duration = patience
) async -> Result<Success, any Error>? {
    let box = SharedValue<Result<Success, any Error>?>(nil)
    let finished = HandlerGate()
    Task.detached {
        box.value = await task.result
        finished.open()
    }
    guard await finished.waitOpened(within: timeout) else { return nil }
    return box.value
}

/// A one-shot gate: store-owned work waits on it, the test opens it. Thread-safe.
final class HandlerGate: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var expired: Set<Int> = []
    private var nextToken = 0

    func open() {
        lock.lock()
        opened = true
        let woken = waiters
        waiters = [:]
        lock.unlock()
        for continuation in woken.values { continuation.resume(returning: true) }
    }

    var isOpen: Bool { lock.withLock { opened } }

    /// Suspends until the gate opens. Ignores cancellation: work that must outlive a cancel.
    func wait() async {
        _ = await suspend(token: newToken())
    }

    /// Suspends until the gate opens (`true`) or `timeout` passes (`false`). A guard against a
    /// hang in the test, not a way of waiting for the store.
    func waitOpened(within timeout: Duration = patience) async -> Bool {
        let token = newToken()
        let timer = Task.detached { [self] in
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { expire(token) }
        }
        defer { timer.cancel() }
        return await suspend(token: token)
    }

    private func newToken() -> Int {
        lock.withLock {
            nextToken += 1
            return nextToken
        }
    }

    private func suspend(token: Int) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lock.lock()
            if opened {
                lock.unlock()
                continuation.resume(returning: true)
            } else if expired.remove(token) != nil {
                lock.unlock()
                continuation.resume(returning: false)
            } else {
                waiters[token] = continuation
                lock.unlock()
            }
        }
    }

    private func expire(_ token: Int) {
        lock.lock()
        guard let continuation = waiters.removeValue(forKey: token) else {
            if !opened { expired.insert(token) }
            lock.unlock()
            return
        }
        lock.unlock()
        continuation.resume(returning: false)
    }
}

/// Opens `gate` once `arrive()` was called `count` times. Thread-safe.
final class ArrivalCounter: Sendable {
    private let remaining: Atomic<Int>
    let gate = HandlerGate()

    init(count: Int) { remaining = Atomic(count) }

    func arrive() {
        if remaining.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 { gate.open() }
    }
}

/// Starts `body` on a new Foundation thread (not a Swift concurrency thread).
func startThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.start()
}

/// Blocks the calling thread until `semaphore` is signalled (`true`) or `timeout` passes (`false`).
/// Synchronous on purpose: called on the main actor, it keeps the main actor busy.
func waitForSignal(_ semaphore: DispatchSemaphore, within timeout: Duration = patience) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .success
}

/// Runs `body` on a new Foundation thread and blocks the caller until it returns; `false` if it
/// did not return within `timeout`. Called on the main actor, the main actor gets no turn
/// meanwhile.
func runOnThreadAndWait(within timeout: Duration = patience, _ body: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    startThread {
        body()
        finished.signal()
    }
    return waitForSignal(finished, within: timeout)
}

/// Runs `body` in a detached task and blocks the caller until it returns; `false` if it did not
/// return within `timeout`. Called on the main actor, the main actor gets no turn meanwhile.
func runDetachedAndWait(within timeout: Duration = patience, _ body: @escaping @Sendable () async -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        finished.signal()
    }
    return waitForSignal(finished, within: timeout)
}

/// An actor that dispatches from its own isolation, without `await`.
actor CounterProducer {
    func send(_ actions: [CounterAction], to store: CounterStore) {
        for action in actions { store.dispatch(action) }
    }

    func sendAll(_ actions: [CounterAction], to store: CounterStore) {
        store.dispatch(contentsOf: actions)
    }

    func sendTracked(_ action: CounterAction, to store: CounterStore) -> DispatchTicket<CounterAction> {
        store.dispatchTracked(action)
    }
}

// MARK: - Observation

/// Observes a store with `withObservationTracking`, registering again inside every `onChange`,
/// and records `store.count` as read there. `reaction` runs inside each `onChange` after the
/// read (a test dispatches from it).
@MainActor
final class CountObserver {
    private weak var store: CounterStore?
    private let reaction: (@MainActor (CounterStore) -> Void)?
    /// `store.count` as read inside each `onChange`, one entry per notification.
    private(set) var seen: [Int] = []

    init(_ store: CounterStore, reaction: (@MainActor (CounterStore) -> Void)? = nil) {
        self.store = store
        self.reaction = reaction
        register()
    }

    private func register() {
        guard let store else { return }
        withObservationTracking {
            _ = store.count
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.changed() }
        }
    }

    private func changed() {
        guard let store else { return }
        seen.append(store.count)
        reaction?(store)
        register()
    }
}

// MARK: - Text forms, so tests compare whole sequences at once.

extension LogEvent where Action == CounterAction {
    /// Everything but `.enqueued` and `.queueHighWaterMark`: the events of an action's run.
    var isProcessingEvent: Bool {
        switch kind {
        case .enqueued, .queueHighWaterMark: false
        default: true
        }
    }

    var eventLabel: String {
        switch kind {
        case .enqueued: "\(action): enqueued"
        case let .middleware(step, exit): "\(action): middleware \(step.id) \(exit.exitLabel)"
        case let .resumed(step, exit): "\(action): resumed \(step.id) \(exit.exitLabel)"
        case let .resolver(step, exit): "\(action): resolver \(step.id) \(exit.exitLabel)"
        case let .reducer(step, exit): "\(action): reducer \(step.id) \(exit)"
        case .terminal(let outcome): "\(action): terminal \(outcome.outcomeLabel)"
        case let .effectFailed(origin, error): "\(action): effect failed \(origin) \(error)"
        case .effectErrorResolved: "\(action): effect error resolved"
        case .queueHighWaterMark(let mark): "\(action): high-water mark \(mark)"
        case .refused(let reason, _): "\(action): refused \(reason)"
        default: "\(action): other"
        }
    }
}

extension LoggedExit {
    /// The library's own text form (`next`, `nextAs(a)`, ...).
    var exitLabel: String { description }
}

extension DispatchOutcome {
    /// The library's own text form (`reduced`, `recovered(done, reduced: false)`, ...).
    var outcomeLabel: String { description }
}

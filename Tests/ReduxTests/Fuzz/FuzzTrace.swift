import Foundation
import Redux

/// Who made a dispatch. The main actor's dispatches also form one FIFO of their own (by their
/// position in the trace), whoever made them.
enum ProducerKey: Hashable, Sendable, CustomStringConvertible {
    case driver
    /// A middleware, a resolver, the observer or the log handler (always on the main actor).
    case component
    case install
    case thread(Int), task(Int), actor(Int), hop(Int)
    case work(WorkRef)
    /// The tracked dispatch a work makes once it sees its cancellation.
    case late(WorkRef)
    /// The library (a resolver's `.reduceAs` for a task error); reconstructed from the log.
    case library
    /// A `.run` of a reducer's effect (`send(a)` / `send.tracked(a)` in its body).
    case effect(RunRef)
    /// A reducer effect's `.send` made by the library: in the pass of dispatch `dispatch`
    /// (`inPass`), or from a task after asynchronous work; reconstructed from the log.
    case effectSend(dispatch: Int, inPass: Bool)

    var description: String {
        switch self {
        case .driver: "driver"
        case .component: "component"
        case .install: "install"
        case .thread(let index): "thread\(index)"
        case .task(let index): "task\(index)"
        case .actor(let index): "actor\(index)"
        case .hop(let index): "hop\(index)"
        case .work(let work): "\(work)"
        case .late(let work): "late \(work)"
        case .library: "library"
        case .effect(let run): "\(run)"
        case let .effectSend(dispatch, inPass): "effect send of a\(dispatch)" + (inPass ? " in its pass" : " after async work")
        }
    }
}

/// One dispatch call the interpreter made (recorded just before the call).
struct DispatchRecord: Sendable {
    var action: Int
    var producer: ProducerKey
    /// Order among the producer's dispatches.
    var index: Int
    var mainActor: Bool
    /// Members of one `dispatch(contentsOf:)` call share it.
    var batch: Int?
    /// Index in the trace of the `.dispatch` marker (main-actor dispatches only).
    var position: Int?
    var ticket: DispatchTicket<FuzzAction>?
    /// Off the main actor: how many trace items existed when it was recorded (it was made after
    /// `items[after - 1]` was appended, and before `items[after]`).
    var after: Int?
}

/// The main actor's history, in order: log events and the interpreter's own marks.
enum TraceItem: Sendable, CustomStringConvertible {
    case event(sequence: UInt64, FEvent)
    /// A reducer handled an action (written by the reducer itself, before its log event).
    case reduction(FReduction)
    /// A main-actor dispatch call is about to be made (index into the records).
    case dispatch(Int)
    /// A main-actor call from outside the pipeline (a driver dispatch, a hop, the initializer).
    case callBegin(Int), callEnd(Int)
    /// `invalidate()` is about to run; `action` is the action whose middleware calls it.
    case invalidate(action: Int?)
    case released
    case observerInstalled
    /// The observer's `onChange` ran and read `lastReduced`.
    case notified(Int)

    var description: String {
        switch self {
        case let .event(sequence, event): "#\(sequence) \(event)"
        case .reduction(let reduction): "  reduction \(reduction)"
        case .dispatch(let record): "  dispatch record \(record)"
        case .callBegin(let call): "  call \(call) begins"
        case .callEnd(let call): "  call \(call) ends"
        case .invalidate(let action): "  INVALIDATE" + (action.map { " (in a\($0)'s pass)" } ?? " (driver)")
        case .released: "  RELEASED"
        case .observerInstalled: "  observer installed"
        case .notified(let action): "  observer told (last reduced a\(action))"
        }
    }
}

private struct WeakError: @unchecked Sendable {
    weak var error: FuzzError?
    let id: Int
}

/// Everything a run records, from any thread. Thread-safe (one `NSLock`); never calls out while
/// holding it, so a log handler that dispatches (and is re-entered) cannot deadlock.
final class FuzzTrace: @unchecked Sendable {
    private let lock = NSLock()
    private var storedItems: [TraceItem] = []
    private var storedRecords: [DispatchRecord] = []
    private var storedConsultations: [FConsultation] = []
    private var storedNotes: [String] = []
    private var counters: [ProducerKey: Int] = [:]
    private var claimed: Set<Int> = []
    private var errors: [WeakError] = []
    private var nextCall = 1
    private var nextBatch = 1
    private var invalidatedFlag = false
    private var releasedFlag = false
    private var liveWork = 0
    private var finishedProducers = 0
    private var runStarts: [RunRef: Int] = [:]
    private var runEnds: [RunRef: Int] = [:]

    var items: [TraceItem] { lock.withLock { storedItems } }
    var records: [DispatchRecord] { lock.withLock { storedRecords } }
    var consultations: [FConsultation] { lock.withLock { storedConsultations } }
    /// Problems the components saw while running (a foreign error, ...).
    var notes: [String] { lock.withLock { storedNotes } }
    var invalidated: Bool { lock.withLock { invalidatedFlag } }
    var released: Bool { lock.withLock { releasedFlag } }
    var outstandingWork: Int { lock.withLock { liveWork } }
    var producersFinished: Int { lock.withLock { finishedProducers } }
    /// Effect runs whose body began, with the trace items that existed then (as `after`).
    var startedRuns: [RunRef: Int] { lock.withLock { runStarts } }
    /// Effect runs whose body ended, with the trace items that existed then (as `after`).
    var endedRuns: [RunRef: Int] { lock.withLock { runEnds } }

    func runStarted(_ run: RunRef) {
        lock.withLock { runStarts[run] = storedItems.count }
    }

    /// The body of `run` ends (returns, throws or sees its cancellation): before the library
    /// decides whether the run completed.
    func runEnded(_ run: RunRef) {
        lock.withLock { runEnds[run] = storedItems.count }
    }

    func event(_ sequence: UInt64, _ event: FEvent) {
        lock.withLock { storedItems.append(.event(sequence: sequence, event)) }
    }

    func reduction(_ reducer: Int, _ action: Int) {
        lock.withLock { storedItems.append(.reduction(FReduction(reducer: reducer, action: action))) }
    }

    func notified(_ action: Int) {
        lock.withLock { storedItems.append(.notified(action)) }
    }

    func mark(_ item: TraceItem) {
        lock.withLock { storedItems.append(item) }
    }

    func note(_ text: String) {
        lock.withLock { storedNotes.append(text) }
    }

    func consulted(_ consultation: FConsultation) {
        lock.withLock { storedConsultations.append(consultation) }
    }

    /// Marks the first invalidation; `false` if the store was already invalidated.
    func markInvalidation(action: Int?) -> Bool {
        lock.withLock {
            if invalidatedFlag { return false }
            invalidatedFlag = true
            storedItems.append(.invalidate(action: action))
            return true
        }
    }

    func markReleased() {
        lock.withLock {
            releasedFlag = true
            storedItems.append(.released)
        }
    }

    func beginCall() -> Int {
        lock.withLock {
            let call = nextCall
            nextCall += 1
            storedItems.append(.callBegin(call))
            return call
        }
    }

    func endCall(_ call: Int) {
        lock.withLock { storedItems.append(.callEnd(call)) }
    }

    /// Records a dispatch about to be made; returns the record's index (to attach a ticket).
    @discardableResult
    func record(_ action: Int, _ producer: ProducerKey, mainActor: Bool, batch: Int? = nil) -> Int {
        lock.withLock {
            let index = counters[producer, default: 0]
            counters[producer] = index + 1
            let record = storedRecords.count
            var entry = DispatchRecord(action: action, producer: producer, index: index, mainActor: mainActor, batch: batch)
            if mainActor {
                entry.position = storedItems.count
                storedItems.append(.dispatch(record))
            } else {
                entry.after = storedItems.count
            }
            storedRecords.append(entry)
            return record
        }
    }

    /// Records the members of one batch dispatch.
    func recordBatch(_ actions: [Int], _ producer: ProducerKey, mainActor: Bool) {
        let batch = lock.withLock {
            nextBatch += 1
            return nextBatch
        }
        for action in actions { record(action, producer, mainActor: mainActor, batch: batch) }
    }

    func attach(_ ticket: DispatchTicket<FuzzAction>, to record: Int) {
        lock.withLock { storedRecords[record].ticket = ticket }
    }

    /// Drops the tickets (after their outcomes were read), so what they hold can be freed.
    func dropTickets() {
        lock.withLock {
            for index in storedRecords.indices { storedRecords[index].ticket = nil }
        }
    }

    /// `true` the first time only: a component dispatches each child once, even if the library
    /// wrongly repeated the event that triggers it.
    func claim(_ action: Int) -> Bool {
        lock.withLock { claimed.insert(action).inserted }
    }

    /// A new error, held weakly so the run can check it is freed with the store.
    func error(_ id: Int) -> FuzzError {
        let error = FuzzError(id)
        lock.withLock { errors.append(WeakError(error: error, id: id)) }
        return error
    }

    /// Errors still alive.
    var liveErrors: [Int] {
        lock.withLock { errors.filter { $0.error != nil }.map(\.id) }
    }

    func workStarted() {
        lock.withLock { liveWork += 1 }
    }

    func workFreed() {
        lock.withLock { liveWork -= 1 }
    }

    func producerFinished() {
        lock.withLock { finishedProducers += 1 }
    }
}

/// Captured by each `.task` / `.deferred` closure: freed when the closure is (after the work ran,
/// or at once if the store refused to start it), so the run knows when no work is left.
final class WorkSentinel: Sendable {
    let trace: FuzzTrace

    init(_ trace: FuzzTrace) {
        self.trace = trace
        trace.workStarted()
    }

    func keep() {}

    deinit { trace.workFreed() }
}

/// The store, held weakly: producers, the log handler and the observer reach it through this box
/// and never keep it alive.
final class FuzzStoreBox: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: FuzzStore?

    var store: FuzzStore? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

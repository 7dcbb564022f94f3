import Redux
import ReduxTesting

// A child feature written against its own state and actions, and a parent that holds it in
// every kind of place: a stored property, an optional, a presented value, an enum case, and an
// identified collection. The child's `.start` runs a job: it sleeps `jobDuration` on the store
// clock, then sends `.finished`, which adds 100 to the count.

struct Job: Equatable, Sendable, Identifiable {
    var id: Int
    var count = 0
    var log: [String] = []
}

enum JobAction: Equatable, Sendable {
    case increment
    case decrement
    case start
    case finished
    case stop
    /// Sends `.finished` synchronously (an in-pass send, queued behind the rest of a batch).
    case echo
}

let jobDuration: Duration = .seconds(1)

let jobReducer = Reducer<Job, JobAction>(id: "job", effects: { state, action in
    switch action {
    case .increment:
        state.count += 1
        return .none
    case .decrement:
        state.count -= 1
        return .none
    case .start:
        state.log.append("start")
        return .run { send in
            try await send.sleep(for: jobDuration)
            send(.finished)
        }.cancellable(id: "job")
    case .finished:
        state.count += 100
        state.log.append("finished")
        return .none
    case .stop:
        return .cancel(id: "job")
    case .echo:
        return .send(.finished)
    }
})

enum Destination: Equatable, Sendable {
    case detail(Job)
    case edit(Job)
}

struct Home: Equatable, Sendable {
    var fixed = Job(id: 0)
    var other = Job(id: 0)
    var sheet: Job?
    var presented: Presented<Job>?
    var destination: Destination?
    var rows: IdentifiedArray<Job> = IdentifiedArray()
    var panel: Panel?
    var log: [String] = []
}

/// A parent child holding a collection of jobs (a collection inside an optional child).
struct Panel: Equatable, Sendable {
    var rows: IdentifiedArray<Job> = IdentifiedArray()
}

enum PanelAction: Equatable, Sendable {
    case rows(ElementAction<Int, JobAction>)
    case addRow(Int)
    case removeRow(Int)
}

enum HomeAction: Equatable, Sendable {
    case fixed(JobAction)
    case other(JobAction)
    case sheet(JobAction)
    case presented(JobAction)
    case detail(JobAction)
    case edit(JobAction)
    case rows(ElementAction<Int, JobAction>)
    case showSheet(Int)
    case dismissSheet
    case present(Int)
    case dismissPresented
    case showDetail(Int)
    case showEdit(Int)
    case dismissDestination
    case addRow(Int)
    case removeRow(Int)
    case moveRow(from: Int, to: Int)
    case note(String)
    case panel(PanelAction)
    case showPanel
    case dismissPanel
    /// Removes the row and appends a new one with the same id, in one reducer.
    case replaceRow(Int)
}

extension Embedding where Whole == HomeAction, Part == JobAction {
    static let fixed = Embedding(extract: { if case .fixed(let a) = $0 { a } else { nil } }, embed: HomeAction.fixed)
    static let other = Embedding(extract: { if case .other(let a) = $0 { a } else { nil } }, embed: HomeAction.other)
    static let sheet = Embedding(extract: { if case .sheet(let a) = $0 { a } else { nil } }, embed: HomeAction.sheet)
    static let presented = Embedding(extract: { if case .presented(let a) = $0 { a } else { nil } }, embed: HomeAction.presented)
    static let detail = Embedding(extract: { if case .detail(let a) = $0 { a } else { nil } }, embed: HomeAction.detail)
    static let edit = Embedding(extract: { if case .edit(let a) = $0 { a } else { nil } }, embed: HomeAction.edit)
}

extension Embedding where Whole == HomeAction, Part == ElementAction<Int, JobAction> {
    static let rows = Embedding(extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: HomeAction.rows)
}

extension Embedding where Whole == HomeAction, Part == PanelAction {
    static let panel = Embedding(extract: { if case .panel(let a) = $0 { a } else { nil } }, embed: HomeAction.panel)
}

extension Embedding where Whole == PanelAction, Part == ElementAction<Int, JobAction> {
    static let rows = Embedding(extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: PanelAction.rows)
}

extension Embedding where Whole == Destination, Part == Job {
    static let detail = Embedding(extract: { if case .detail(let j) = $0 { j } else { nil } }, embed: Destination.detail)
    static let edit = Embedding(extract: { if case .edit(let j) = $0 { j } else { nil } }, embed: Destination.edit)
}

/// The parent's own reducer: presents, dismisses, adds, removes and moves children.
let homeReducer = Reducer<Home, HomeAction>(id: "home") { state, action in
    switch action {
    case .showSheet(let id): state.sheet = Job(id: id)
    case .dismissSheet: state.sheet = nil
    case .present(let id): state.presented = Presented(Job(id: id))
    case .dismissPresented: state.presented = nil
    case .showDetail(let id): state.destination = .detail(Job(id: id))
    case .showEdit(let id): state.destination = .edit(Job(id: id))
    case .dismissDestination: state.destination = nil
    case .addRow(let id): state.rows.append(Job(id: id))
    case .removeRow(let id): state.rows.remove(id: id)
    case .moveRow(let from, let to): state.rows.move(from: from, to: to)
    case .note(let text): state.log.append(text)
    case .showPanel: state.panel = Panel()
    case .dismissPanel: state.panel = nil
    case .replaceRow(let id):
        state.rows.remove(id: id)
        state.rows.append(Job(id: id))
    default: return .defaultNext
    }
    return .next
}

/// The panel's own reducer: adds and removes its rows.
let panelReducer = Reducer<Panel, PanelAction>(id: "panel") { state, action in
    switch action {
    case .addRow(let id): state.rows.append(Job(id: id))
    case .removeRow(let id): state.rows.remove(id: id)
    case .rows: return .defaultNext
    }
    return .next
}

/// Every lift of the child (`job`, by default the fixture's `jobReducer`), after the parent's
/// reducer; then the panel and its rows (a collection lifted into an optional child).
func homeReducers(job: Reducer<Job, JobAction> = jobReducer) -> [Reducer<Home, HomeAction>] {
    [
        homeReducer,
        job.lift(state: \Home.fixed, action: .fixed),
        job.lift(state: \Home.other, action: .other),
        job.lift(state: \Home.sheet, action: .sheet),
        job.lift(state: \Home.presented, action: .presented),
        job.lift(state: \Home.destination, case: .detail, action: .detail, name: "detail"),
        job.lift(state: \Home.destination, case: .edit, action: .edit, name: "edit"),
        job.lift(state: \Home.rows, action: .rows),
        panelReducer.lift(state: \Home.panel, action: .panel),
        job.lift(state: \Panel.rows, action: .rows).lift(state: \Home.panel, action: .panel),
    ]
}

@MainActor
func makeHomeStore(
    _ initial: Home = Home(),
    job: Reducer<Job, JobAction> = jobReducer,
    clock: TestClock,
    middlewares: [Middleware<Home, HomeAction>] = [],
    resolvers: [Resolver<Home, HomeAction>] = [],
    onLog: Store<Home, HomeAction>.LogHandler? = nil,
    diagnostics: DiagnosticLines? = nil
) -> Store<Home, HomeAction> {
    Store(initialState: initial, reducers: homeReducers(job: job), middlewares: middlewares, resolvers: resolvers,
          options: diagnostics?.options(clock: clock) ?? StoreOptions(clock: clock), onLog: onLog)
}

// MARK: - Probed jobs: what happened to each job's task

/// What the probed jobs of one test did, one line per event and job id: `start 3` (the task
/// runs), `cancelled 3` (its sleep threw: it saw the cancellation), `done 3` (it slept through),
/// `sent 3` (it sent `.finished` — always, even when cancelled: a job that ignores cancellation,
/// whose late action must still never be reduced). `started` opens once `expectedStarts` tasks ran.
final class JobProbe: Sendable {
    let events = SharedList<String>()
    let started: ArrivalCounter

    init(expectedStarts: Int = 1) {
        started = ArrivalCounter(count: expectedStarts)
    }

    /// The events of job `id`, in order.
    func events(of id: Int) -> [String] {
        events.values.filter { $0.hasSuffix(" \(id)") }.map { String($0.split(separator: " ")[0]) }
    }

    /// How many events start with `kind` (`"start"`, `"cancelled"`, `"done"`, `"sent"`).
    func count(_ kind: String) -> Int {
        events.values.filter { $0.hasPrefix(kind + " ") }.count
    }

    /// Waits (bounded by `patience`) until `expectedStarts` tasks ran.
    func waitStarted() async -> Bool {
        await started.gate.waitOpened(ifCancelled: .keepWaiting)
    }
}

/// The Job feature whose `.start` job reports to `probe` (see ``JobProbe``); every other action
/// as in `jobReducer`.
func probedJobReducer(_ probe: JobProbe) -> Reducer<Job, JobAction> {
    Reducer<Job, JobAction>(id: "job", effects: { state, action in
        guard action == .start else { return jobReducer.reduce(&state, action).effect }
        state.log.append("start")
        let id = state.id
        return .run { send in
            probe.events.append("start \(id)")
            probe.started.arrive()
            do {
                try await send.sleep(for: jobDuration)
                probe.events.append("done \(id)")
            } catch {
                probe.events.append("cancelled \(id)")
            }
            send(.finished)
            probe.events.append("sent \(id)")
        }.cancellable(id: "job")
    })
}

// MARK: - Reading the log

extension LogRecorder {
    /// The `.childAbsent` warnings, as `"<path> <absence>"` (`"rows has no element 9"`).
    var childAbsentWarnings: [String] {
        events.compactMap { event in
            if case let .childAbsent(step, absence) = event.kind { return "\(step.path) \(absence)" }
            return nil
        }
    }

    /// The `.reducer` events' steps of reducer `id`, in order.
    func reducerSteps(id: String) -> [(ComponentStep, ReducerExit)] {
        events.compactMap { event in
            if case let .reducer(step, exit) = event.kind, step.id == id { return (step, exit) }
            return nil
        }
    }
}

/// Advances `clock` past every job and waits until `store` settled.
@MainActor
func finishJobs<S, A>(_ store: Store<S, A>, _ clock: TestClock, times: Int = 2) async throws {
    for _ in 0..<times { await clock.advance(by: jobDuration) }
    try await store.settled(timeout: patience)
}

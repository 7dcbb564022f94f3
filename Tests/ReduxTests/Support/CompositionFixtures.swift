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
    var log: [String] = []
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
    default: return .defaultNext
    }
    return .next
}

/// Every lift of the child, after the parent's reducer.
func homeReducers() -> [Reducer<Home, HomeAction>] {
    [
        homeReducer,
        jobReducer.lift(state: \Home.fixed, action: .fixed),
        jobReducer.lift(state: \Home.other, action: .other),
        jobReducer.lift(state: \Home.sheet, action: .sheet),
        jobReducer.lift(state: \Home.presented, action: .presented),
        jobReducer.lift(state: \Home.destination, case: .detail, action: .detail, name: "detail"),
        jobReducer.lift(state: \Home.destination, case: .edit, action: .edit, name: "edit"),
        jobReducer.lift(state: \Home.rows, action: .rows),
    ]
}

@MainActor
func makeHomeStore(_ initial: Home = Home(), clock: TestClock, onLog: Store<Home, HomeAction>.LogHandler? = nil) -> Store<Home, HomeAction> {
    Store(initialState: initial, reducers: homeReducers(), options: StoreOptions(clock: clock), onLog: onLog)
}

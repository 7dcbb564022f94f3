import Redux
import ReduxTesting
import Synchronization
import Testing

// Hand-written `CaseEmbeddable` conformances for the composition fixture (what `@ReduxAction`
// writes): one `Embedding` per case holding one value, gathered in `Embeddings`.
extension HomeAction: CaseEmbeddable {
    struct Embeddings: Sendable {
        var fixed: Embedding<HomeAction, JobAction> {
            Embedding(extract: { if case .fixed(let action) = $0 { action } else { nil } }, embed: HomeAction.fixed)
        }
        var other: Embedding<HomeAction, JobAction> {
            Embedding(extract: { if case .other(let action) = $0 { action } else { nil } }, embed: HomeAction.other)
        }
        var sheet: Embedding<HomeAction, JobAction> {
            Embedding(extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: HomeAction.sheet)
        }
        var presented: Embedding<HomeAction, JobAction> {
            Embedding(extract: { if case .presented(let action) = $0 { action } else { nil } }, embed: HomeAction.presented)
        }
        var detail: Embedding<HomeAction, JobAction> {
            Embedding(extract: { if case .detail(let action) = $0 { action } else { nil } }, embed: HomeAction.detail)
        }
        var edit: Embedding<HomeAction, JobAction> {
            Embedding(extract: { if case .edit(let action) = $0 { action } else { nil } }, embed: HomeAction.edit)
        }
        var rows: Embedding<HomeAction, ElementAction<Int, JobAction>> {
            Embedding(extract: { if case .rows(let action) = $0 { action } else { nil } }, embed: HomeAction.rows)
        }
        var note: Embedding<HomeAction, String> {
            Embedding(extract: { if case .note(let text) = $0 { text } else { nil } }, embed: HomeAction.note)
        }
    }

    static var embeddings: Embeddings { Embeddings() }
}

extension Destination: CaseEmbeddable {
    struct Embeddings: Sendable {
        var detail: Embedding<Destination, Job> {
            Embedding(extract: { if case .detail(let job) = $0 { job } else { nil } }, embed: Destination.detail)
        }
        var edit: Embedding<Destination, Job> {
            Embedding(extract: { if case .edit(let job) = $0 { job } else { nil } }, embed: Destination.edit)
        }
    }

    static var embeddings: Embeddings { Embeddings() }
}

/// Every action a comparison sends: each kind of child while absent and while present, its
/// effects (`echo` sends `finished`), a middleware's redirect (`decrement`), a resolver's
/// recovery (`stop` throws in `throwsOnStop`), and foreign actions.
let caseScript: [HomeAction] = [
    .fixed(.increment), .fixed(.decrement), .fixed(.echo), .other(.increment),
    .sheet(.increment), .presented(.increment), .detail(.increment), .rows(.element(id: 4, action: .increment)),
    .showSheet(1), .present(2), .showDetail(3), .addRow(4), .addRow(5),
    .sheet(.echo), .sheet(.decrement), .presented(.echo), .presented(.decrement), .detail(.echo), .detail(.decrement), .edit(.increment),
    .rows(.element(id: 5, action: .echo)), .rows(.element(id: 4, action: .decrement)), .rows(.element(id: 9, action: .increment)),
    .fixed(.stop), .sheet(.stop), .presented(.stop), .detail(.stop), .rows(.element(id: 5, action: .stop)),
    .showEdit(6), .edit(.echo), .detail(.increment), .dismissSheet, .sheet(.increment), .dismissPresented, .removeRow(5),
]

/// Throws for every child's `.stop`, so lifted resolvers have errors to recover.
let throwsOnStop = Middleware<Home, HomeAction>(id: "throwsOnStop") { context in
    switch context.action {
    case .fixed(.stop), .sheet(.stop), .presented(.stop), .detail(.stop), .edit(.stop), .rows(.element(_, .stop)): throw Boom()
    default: return .next
    }
}

/// What a comparison looks at: the final state, the pipeline's log and its absence warnings.
struct CaseRun: Equatable {
    var state: Home
    var lines: [String]
    var absences: [String]
}

/// Runs `caseScript` through a store made of the parent's reducer and `reducers`, each action to
/// its end.
@MainActor
func runCaseScript(
    reducers: [Reducer<Home, HomeAction>] = [],
    middlewares: [Middleware<Home, HomeAction>] = [],
    resolvers: [Resolver<Home, HomeAction>] = []
) async -> CaseRun {
    let log = LogRecorder<HomeAction>()
    let store = Store(initialState: Home(), reducers: [homeReducer] + reducers, middlewares: [throwsOnStop] + middlewares, resolvers: resolvers, onLog: log.record)
    for action in caseScript {
        _ = try? await store.dispatchTracked(action).outcome
    }
    return CaseRun(state: store.state, lines: log.lines, absences: absenceWarnings(log))
}

private let embeddings = HomeAction.embeddings
private let cases = Destination.embeddings

/// The key-path overloads (`lift(state: \.sheet, action: \.sheet)`) behave exactly like the
/// `Embedding` forms they forward to, for every family and every kind of child: same final
/// state, same log, same absence warnings.
@Suite("CaseEmbeddable key paths", .timeLimit(.minutes(5)))
@MainActor
struct CaseEmbeddableTests {
    private func jobLifts(_ job: Reducer<Job, JobAction>, byKeyPath: Bool) -> [Reducer<Home, HomeAction>] {
        byKeyPath ? [
            job.lift(state: \Home.fixed, action: \.fixed),
            job.lift(state: \Home.sheet, action: \.sheet),
            job.lift(state: \Home.presented, action: \.presented),
            job.lift(state: \Home.destination, case: \.detail, action: \.detail, name: "detail"),
            job.lift(state: \Home.destination, case: \.edit, action: \.edit, name: "edit"),
            job.lift(state: \Home.rows, action: \.rows),
        ] : [
            job.lift(state: \Home.fixed, action: embeddings.fixed),
            job.lift(state: \Home.sheet, action: embeddings.sheet),
            job.lift(state: \Home.presented, action: embeddings.presented),
            job.lift(state: \Home.destination, case: cases.detail, action: embeddings.detail, name: "detail"),
            job.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit"),
            job.lift(state: \Home.rows, action: embeddings.rows),
        ]
    }

    @Test func aReducerLiftedByKeyPathBehavesLikeItsEmbeddingLift() async {
        let byEmbedding = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false))
        let byKeyPath = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: true))
        #expect(byKeyPath == byEmbedding)
        // The comparison saw every kind of child at work.
        #expect(byKeyPath.state.fixed.count == 100)
        #expect(byKeyPath.state.presented == nil && byKeyPath.state.sheet == nil)
        #expect(byKeyPath.state.destination == .edit(Job(id: 6, count: 100, log: ["finished"])))
        #expect(byKeyPath.state.rows.map(\.id) == [4])
        #expect(byKeyPath.absences.count == 8, "\(byKeyPath.absences)")
    }

    @Test func aDestinationLiftMayNameEitherCaseByKeyPath() async {
        let byEmbedding = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false))
        let mixed = await runCaseScript(reducers: [
            jobReducer.lift(state: \Home.fixed, action: embeddings.fixed),
            jobReducer.lift(state: \Home.sheet, action: embeddings.sheet),
            jobReducer.lift(state: \Home.presented, action: embeddings.presented),
            jobReducer.lift(state: \Home.destination, case: \.detail, action: embeddings.detail, name: "detail"),
            jobReducer.lift(state: \Home.destination, case: cases.edit, action: \.edit, name: "edit"),
            jobReducer.lift(state: \Home.rows, action: embeddings.rows),
        ])
        #expect(mixed == byEmbedding)
    }

    @Test func aPresentedDestinationLiftByKeyPathBehavesLikeItsEmbeddingLift() async {
        let forms: [[Reducer<Routed, HomeAction>]] = [
            [jobReducer.lift(state: \Routed.route, case: cases.detail, action: embeddings.detail)],
            [jobReducer.lift(state: \Routed.route, case: \.detail, action: \.detail)],
            [jobReducer.lift(state: \Routed.route, case: \.detail, action: embeddings.detail)],
            [jobReducer.lift(state: \Routed.route, case: cases.detail, action: \.detail)],
        ]
        var results: [Routed] = []
        for reducers in forms {
            let store = Store(initialState: Routed(), reducers: [routedReducer] + reducers)
            for action in [HomeAction.detail(.increment), .showDetail(1), .detail(.increment), .detail(.echo), .showEdit(2), .detail(.increment)] {
                _ = try? await store.dispatchTracked(action).outcome
            }
            results.append(store.state)
        }
        #expect(results.first?.route?.value == .edit(Job(id: 2)))
        #expect(results.allSatisfy { $0 == results[0] })
    }

    @Test func aMiddlewareLiftedByKeyPathBehavesLikeItsEmbeddingLift() async {
        let redirect = Middleware<Job, JobAction>(id: "redirect") { context in
            context.action == .decrement ? .nextAs(.increment) : .next
        }
        func lifts(byKeyPath: Bool) -> [Middleware<Home, HomeAction>] {
            byKeyPath ? [
                redirect.lift(state: \Home.fixed, action: \.fixed),
                redirect.lift(state: \Home.sheet, action: \.sheet),
                redirect.lift(state: \Home.presented, action: \.presented),
                redirect.lift(state: \Home.destination, case: \.detail, action: \.detail, name: "detail"),
                redirect.lift(state: \Home.destination, case: cases.edit, action: \.edit, name: "edit"),
                redirect.lift(state: \Home.destination, case: \.edit, action: embeddings.edit, name: "edit2"),
                redirect.lift(state: \Home.rows, action: \.rows),
            ] : [
                redirect.lift(state: \Home.fixed, action: embeddings.fixed),
                redirect.lift(state: \Home.sheet, action: embeddings.sheet),
                redirect.lift(state: \Home.presented, action: embeddings.presented),
                redirect.lift(state: \Home.destination, case: cases.detail, action: embeddings.detail, name: "detail"),
                redirect.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit"),
                redirect.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit2"),
                redirect.lift(state: \Home.rows, action: embeddings.rows),
            ]
        }
        let byEmbedding = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false), middlewares: lifts(byKeyPath: false))
        let byKeyPath = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false), middlewares: lifts(byKeyPath: true))
        #expect(byKeyPath == byEmbedding)
        #expect(byKeyPath.state.fixed.count == 102)
    }

    @Test func aResolverLiftedByKeyPathBehavesLikeItsEmbeddingLift() async {
        let recover = Resolver<Job, JobAction>(id: "recover") { _ in .exit(.reduceAs(.increment)) }
        func lifts(byKeyPath: Bool) -> [Resolver<Home, HomeAction>] {
            byKeyPath ? [
                recover.lift(state: \Home.fixed, action: \.fixed),
                recover.lift(state: \Home.sheet, action: \.sheet),
                recover.lift(state: \Home.presented, action: \.presented),
                recover.lift(state: \Home.destination, case: \.detail, action: \.detail, name: "detail"),
                recover.lift(state: \Home.destination, case: cases.edit, action: \.edit, name: "edit"),
                recover.lift(state: \Home.destination, case: \.edit, action: embeddings.edit, name: "edit2"),
                recover.lift(state: \Home.rows, action: \.rows),
            ] : [
                recover.lift(state: \Home.fixed, action: embeddings.fixed),
                recover.lift(state: \Home.sheet, action: embeddings.sheet),
                recover.lift(state: \Home.presented, action: embeddings.presented),
                recover.lift(state: \Home.destination, case: cases.detail, action: embeddings.detail, name: "detail"),
                recover.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit"),
                recover.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit2"),
                recover.lift(state: \Home.rows, action: embeddings.rows),
            ]
        }
        let byEmbedding = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false), resolvers: lifts(byKeyPath: false))
        let byKeyPath = await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false), resolvers: lifts(byKeyPath: true))
        #expect(byKeyPath == byEmbedding)
        #expect(byKeyPath.lines.contains { $0.contains("resolver") })
    }

    @Test func aBehaviorLiftedByKeyPathBehavesLikeItsEmbeddingLift() async {
        let job = Behavior<JobAction, Job, Void>.reducers([jobReducer])
        let none: @Sendable (()) -> Void = { _ in }
        let byKeyPath = Behavior<HomeAction, Home, Void>.combine(
            job.lift(state: \Home.fixed, action: \.fixed, environment: none),
            job.lift(state: \Home.sheet, action: \.sheet, environment: none),
            job.lift(state: \Home.presented, action: \.presented, environment: none),
            job.lift(state: \Home.destination, case: \.detail, action: \.detail, environment: none, name: "detail"),
            job.lift(state: \Home.destination, case: cases.edit, action: \.edit, environment: none, name: "edit"),
            job.lift(state: \Home.rows, action: \.rows, environment: none)
        )
        let byEmbedding = Behavior<HomeAction, Home, Void>.combine(
            job.lift(state: \Home.fixed, action: embeddings.fixed, environment: none),
            job.lift(state: \Home.sheet, action: embeddings.sheet, environment: none),
            job.lift(state: \Home.presented, action: embeddings.presented, environment: none),
            job.lift(state: \Home.destination, case: cases.detail, action: embeddings.detail, environment: none, name: "detail"),
            job.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, environment: none, name: "edit"),
            job.lift(state: \Home.rows, action: embeddings.rows, environment: none)
        )
        let keyPathRun = await runCaseScript(reducers: byKeyPath.reducers(environment: ()))
        #expect(keyPathRun == (await runCaseScript(reducers: byEmbedding.reducers(environment: ()))))
        #expect(keyPathRun == (await runCaseScript(reducers: jobLifts(jobReducer, byKeyPath: false))))
    }

    @Test func aDomainLiftedByKeyPathBehavesLikeItsEmbeddingLift() async {
        let domain = JobDomain()
        let byKeyPath: [[Reducer<Home, HomeAction>]] = [
            domain.lift(state: \Home.fixed, action: \.fixed),
            domain.lift(state: \Home.sheet, action: \.sheet),
            domain.lift(state: \Home.presented, action: \.presented),
            domain.lift(state: \Home.destination, case: \.detail, action: \.detail, name: "detail"),
            domain.lift(state: \Home.destination, case: \.edit, action: embeddings.edit, name: "edit"),
            domain.lift(state: \Home.rows, action: \.rows),
        ]
        let byEmbedding: [[Reducer<Home, HomeAction>]] = [
            domain.lift(state: \Home.fixed, action: embeddings.fixed),
            domain.lift(state: \Home.sheet, action: embeddings.sheet),
            domain.lift(state: \Home.presented, action: embeddings.presented),
            domain.lift(state: \Home.destination, case: cases.detail, action: embeddings.detail, name: "detail"),
            domain.lift(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit"),
            domain.lift(state: \Home.rows, action: embeddings.rows),
        ]
        let keyPathRun = await runCaseScript(reducers: byKeyPath.flatMap { $0 })
        #expect(keyPathRun == (await runCaseScript(reducers: byEmbedding.flatMap { $0 })))
        #expect(keyPathRun.state.fixed.count == 100)
    }

    @Test func theKeyPathIsReadOnceWhenTheLiftIsMadeNeverPerAction() async {
        let before = CountedAction.reads.withLock { $0 }
        let lifted: Reducer<Counted, CountedAction> = jobReducer.lift(state: \.job, action: \.job)
        #expect(CountedAction.reads.withLock { $0 } == before + 1)
        let store = Store(initialState: Counted(), reducers: [lifted])
        for _ in 0..<10 { store.dispatch(.job(.increment)) }
        store.dispatch(.other)
        #expect(store.state.job.count == 10)
        #expect(CountedAction.reads.withLock { $0 } == before + 1)
    }
}

/// A parent that presents a destination enum.
struct Routed: Equatable, Sendable {
    var route: Presented<Destination>?
}

let routedReducer = Reducer<Routed, HomeAction>(id: "routed") { state, action in
    switch action {
    case .showDetail(let id): state.route = Presented(.detail(Job(id: id)))
    case .showEdit(let id): state.route = Presented(.edit(Job(id: id)))
    default: return .defaultNext
    }
    return .next
}

/// The job reducer as a domain.
struct JobDomain: ReducerDomain {
    var body: [Reducer<Job, JobAction>] {
        jobReducer
    }
}

/// An action whose embeddings count their reads.
enum CountedAction: Equatable, Sendable, CaseEmbeddable {
    case job(JobAction)
    case other

    static let reads = Mutex(0)

    struct Embeddings: Sendable {
        var job: Embedding<CountedAction, JobAction> {
            Embedding(extract: { if case .job(let action) = $0 { action } else { nil } }, embed: CountedAction.job)
        }
    }

    static var embeddings: Embeddings {
        reads.withLock { $0 += 1 }
        return Embeddings()
    }
}

struct Counted: Equatable, Sendable {
    var job = Job(id: 0)
}

import Redux
import ReduxTesting
import Testing

/// Issue 7: child effects' cancellation ids are scoped to the child's place (and element id), so
/// two instances of one child feature with the same cancellation id never cancel each other:
/// `.stop` cancels only its own job.
@Suite("Child instance isolation", .timeLimit(.minutes(5)))
@MainActor
struct ChildInstanceIsolationTests {
    @Test func twoStoredLiftsOfOneFeatureDoNotCancelEachOther() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 2)
        var home = Home()
        home.fixed = Job(id: 10)
        home.other = Job(id: 20)
        let store = makeHomeStore(home, job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.fixed(.start), .other(.start)])
        #expect(await probe.waitStarted())
        store.dispatch(.fixed(.stop))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 10) == ["start", "cancelled", "sent"])
        #expect(probe.events(of: 20) == ["start", "done", "sent"])
        #expect(store.state.fixed.count == 0)
        #expect(store.state.other.count == 100)
    }

    @Test func twoRowsOfOneFeatureDoNotCancelEachOther() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 2)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .addRow(2), .rows(.element(id: 1, action: .start)), .rows(.element(id: 2, action: .start))])
        #expect(await probe.waitStarted())
        store.dispatch(.rows(.element(id: 2, action: .stop)))
        try await finishJobs(store, clock)
        #expect(probe.events(of: 1) == ["start", "done", "sent"])
        #expect(probe.events(of: 2) == ["start", "cancelled", "sent"])
        #expect(store.state.rows[id: 1]?.count == 100)
        #expect(store.state.rows[id: 2]?.count == 0)
    }

    @Test func rowsAtDifferentDepthsWithTheSameIdDoNotCancelEachOther() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 2)
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock)
        store.dispatch(contentsOf: [.addRow(1), .showPanel, .panel(.addRow(1))])
        store.dispatch(contentsOf: [.rows(.element(id: 1, action: .start)), .panel(.rows(.element(id: 1, action: .start)))])
        #expect(await probe.waitStarted())
        store.dispatch(.panel(.rows(.element(id: 1, action: .stop))))
        try await finishJobs(store, clock)
        #expect(store.state.rows[id: 1]?.count == 100)
        #expect(store.state.panel?.rows[id: 1]?.count == 0)
    }

    @Test func aParentCancellationIdDoesNotReachAChildsJob() async throws {
        let clock = TestClock()
        let parentCancel = Reducer<Home, HomeAction>(id: "parent-cancel", effects: { _, action in
            action == .note("cancel job") ? .cancel(id: "job") : .none
        })
        let store = Store(initialState: Home(), reducers: homeReducers() + [parentCancel], options: StoreOptions(clock: clock))
        store.dispatch(contentsOf: [.fixed(.start), .note("cancel job")])
        try await finishJobs(store, clock)
        #expect(store.state.fixed.count == 100)
    }

    /// A feature split into several components, each lifted to the same place, is one instance:
    /// one of its reducers (or middlewares) cancels what another started, for every kind of child.
    @Test func componentsLiftedToOnePlaceShareTheInstancesCancellationIDs() async throws {
        let starter = Reducer<Job, JobAction>(id: "starter", effects: { _, action in
            guard action == .start else { return .none }
            return .run { send in
                try await send.sleep(for: jobDuration)
                send(.finished)
            }.cancellable(id: "job")
        })
        let finisher = Reducer<Job, JobAction>(id: "finisher", effects: { state, action in
            switch action {
            case .finished: state.count += 100
            case .stop: return .cancel(id: "job")
            default: break
            }
            return .none
        })
        let stopper = Middleware<Job, JobAction>(id: "stopper") { context in
            context.action == .decrement ? .effect(.cancel(id: "job")) : .next
        }
        for stopWith in [JobAction.stop, .decrement] {
            let clock = TestClock()
            let store = Store(
                initialState: Home(),
                reducers: [
                    homeReducer,
                    starter.lift(state: \Home.sheet, action: .sheet), finisher.lift(state: \Home.sheet, action: .sheet),
                    starter.lift(state: \Home.rows, action: .rows), finisher.lift(state: \Home.rows, action: .rows),
                ],
                middlewares: [stopper.lift(state: \Home.sheet, action: .sheet), stopper.lift(state: \Home.rows, action: .rows)],
                options: StoreOptions(clock: clock)
            )
            store.dispatch(contentsOf: [.showSheet(1), .addRow(1), .addRow(2), .sheet(.start), .rows(.element(id: 1, action: .start)), .rows(.element(id: 2, action: .start))])
            try await store.quiescent(timeout: patience)
            store.dispatch(contentsOf: [.sheet(stopWith), .rows(.element(id: 1, action: stopWith))])
            await clock.advance(by: jobDuration)
            try await store.settled(timeout: patience)
            #expect(store.state.sheet?.count == 0, "stopped with \(stopWith)")
            #expect(store.state.rows[id: 1]?.count == 0, "stopped with \(stopWith)")
            #expect(store.state.rows[id: 2]?.count == 100, "row 2 was not stopped (\(stopWith))")
            #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
        }
    }
}

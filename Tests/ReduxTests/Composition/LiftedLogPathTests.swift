import Redux
import ReduxTesting
import Testing

// A root that holds the fixture's Home (for paths through two lifts) and a counter of its own.
private struct LogRoot: Equatable, Sendable {
    var home = Home()
    var count = 0
}

private enum LogRootAction: Equatable, Sendable {
    case home(HomeAction)
    case increment
}

/// Issue 7, log: lifted reducers' events carry their child path (`rows[3]`, `panel/rows[3]`,
/// `home/rows[3]` through two lifts), so `counter` at the root and `counter` inside a parent are
/// told apart; a `.childAbsent` event names the path and why the child was absent.
@Suite("Lifted log paths", .timeLimit(.minutes(5)))
@MainActor
struct LiftedLogPathTests {
    @Test func aCollectionElementsReducerEventNamesTheElement() {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        store.dispatch(.addRow(3))
        store.dispatch(.rows(.element(id: 3, action: .increment)))
        let handled = log.reducerSteps(id: "job").filter { $0.1 == .next }.map(\.0)
        #expect(handled.map(\.path.description) == ["rows[3]"])
        #expect(handled.first?.path.components == [ChildPath.Component(name: "rows", element: "3")])
        #expect(handled.first?.position == 7)
        #expect(handled.first?.description.contains("rows[3]") == true, "\(handled.first?.description ?? "")")
    }

    @Test func aReducerThroughTwoLiftsNamesBoth() {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        store.dispatch(contentsOf: [.showPanel, .panel(.addRow(3))])
        store.dispatch(.panel(.rows(.element(id: 3, action: .increment))))
        let handled = log.reducerSteps(id: "job").filter { $0.1 == .next }.map(\.0.path.description)
        #expect(handled == ["panel/rows[3]"])
    }

    @Test func aStoredLiftOfACollectionLiftNamesHomeThenTheRow() {
        let log = LogRecorder<LogRootAction>()
        let homeActions = Embedding<LogRootAction, HomeAction>(extract: { if case .home(let a) = $0 { a } else { nil } }, embed: LogRootAction.home)
        let store = Store(initialState: LogRoot(), reducers: [
            homeReducer.lift(state: \LogRoot.home, action: homeActions),
            jobReducer.lift(state: \Home.rows, action: .rows).lift(state: \LogRoot.home, action: homeActions),
        ], onLog: log.record)
        store.dispatch(.home(.addRow(3)))
        store.dispatch(.home(.rows(.element(id: 3, action: .increment))))
        #expect(store.state.home.rows[id: 3]?.count == 1)
        let handled = log.reducerSteps(id: "job").filter { $0.1 == .next }.map(\.0.path.description)
        #expect(handled == ["home/rows[3]"])
        #expect(log.reducerSteps(id: "home").map(\.0.path.description).allSatisfy { $0 == "home" })
    }

    @Test func counterAtTheRootAndCounterInsideAParentAreToldApart() {
        let log = LogRecorder<LogRootAction>()
        let rootCounter = Reducer<LogRoot, LogRootAction>(id: "counter") { state, action in
            guard action == .increment else { return .defaultNext }
            state.count += 1
            return .next
        }
        let jobCounter = Reducer<Job, JobAction>(id: "counter") { state, action in
            guard action == .increment else { return .defaultNext }
            state.count += 1
            return .next
        }
        let fixedActions = Embedding<LogRootAction, JobAction>(extract: { if case .home(.fixed(let a)) = $0 { a } else { nil } }, embed: { .home(.fixed($0)) })
        let store = Store(initialState: LogRoot(), reducers: [
            rootCounter,
            jobCounter.lift(state: \Home.fixed, action: Embedding(extract: { $0 }, embed: { $0 }), name: "profile")
                .lift(state: \LogRoot.home, action: fixedActions),
        ], onLog: log.record)
        store.dispatch(.increment)
        store.dispatch(.home(.fixed(.increment)))
        let handled = log.reducerSteps(id: "counter").filter { $0.1 == .next }.map(\.0)
        #expect(handled.map(\.path.isRoot) == [true, false])
        #expect(handled.map(\.path.description) == ["", "home/profile"])
        #expect(handled.map(\.position) == [0, 1])
        #expect(store.state.count == 1)
        #expect(store.state.home.fixed.count == 1)
    }

    @Test func aStoredLiftIsNamedByItsProperty() {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        store.dispatch(.fixed(.increment))
        store.dispatch(.other(.increment))
        let handled = log.reducerSteps(id: "job").filter { $0.1 == .next }.map(\.0.path.description)
        #expect(handled == ["fixed", "other"])
    }

    @Test func childAbsentEventsCarryThePathTheComponentAndTheAbsence() {
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(clock: TestClock(), onLog: log.record)
        store.dispatch(.panel(.rows(.element(id: 2, action: .increment))))
        store.dispatch(.showPanel)
        store.dispatch(.panel(.rows(.element(id: 2, action: .increment))))
        store.dispatch(.showEdit(1))
        store.dispatch(.detail(.increment))
        let absent = log.events.compactMap { event -> (UInt64, ComponentStep, ChildAbsence)? in
            if case let .childAbsent(step, absence) = event.kind { return (event.sequence, step, absence) }
            return nil
        }
        #expect(absent.map { "\($0.1.id)#\($0.1.position) \($0.1.path) \($0.2)" } == [
            "panel#8 panel is nil",
            "job#9 panel is nil",
            "job#9 panel/rows[2] has no element 2",
            "job#5 detail is another case",
        ])
        #expect(absent.map(\.2) == [.isNil, .isNil, .missingElement(id: "2"), .otherCase])
        // Each warning follows its reducer's own `.reducer` event, in the same action's events.
        for (sequence, step, _) in absent {
            let kinds = log.events.filter { $0.sequence == sequence }.map(\.kind)
            let reducerIndex = kinds.firstIndex { if case let .reducer(s, exit) = $0 { s.position == step.position && exit == .defaultNext } else { false } }
            let warningIndex = kinds.firstIndex { if case let .childAbsent(s, _) = $0 { s.position == step.position } else { false } }
            #expect(reducerIndex != nil && warningIndex != nil && reducerIndex! + 1 == warningIndex!)
        }
    }
}

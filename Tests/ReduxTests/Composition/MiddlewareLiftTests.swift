@testable import Redux
import ReduxTesting
import Testing

/// Issue 7, lifted middlewares: a child feature's middleware, lifted into a parent, sees the
/// child's state and actions only; what it answers, dispatches and starts is embedded back into
/// parent actions; its `.task` and `.deferred` work lives as long as its child instance.
@Suite("Middleware lift", .timeLimit(.minutes(5)))
@MainActor
struct MiddlewareLiftTests {
    @Test func aLiftedMiddlewareSeesTheChildStateAndTheChildAction() async throws {
        let seen = SharedList<String>()
        let spy = Middleware<Job, JobAction>(id: "spy") { context in
            seen.append("\(context.action) count=\(context.count) id=\(context.state.id)")
            return .next
        }
        var initial = Home()
        initial.fixed = Job(id: 7, count: 3)
        let store = makeHomeStore(middlewares: [spy.lift(state: \Home.fixed, action: .fixed)], initial, clock: TestClock())
        store.dispatch(.fixed(.increment))
        #expect(seen.values == ["increment count=3 id=7"])
        #expect(store.state.fixed.count == 4)
    }

    @Test func anActionItsEmbeddingCannotExtractPassesByAsDefaultNext() async throws {
        let seen = SharedList<JobAction>()
        let spy = Middleware<Job, JobAction>(id: "spy") { context in
            seen.append(context.action)
            return .next
        }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(middlewares: [spy.lift(state: \Home.fixed, action: .fixed)], clock: TestClock(), onLog: log.record)
        let ticket = store.dispatchTracked(.other(.increment))
        #expect(try await ticket.outcome == .reduced)
        #expect(seen.values.isEmpty)
        let exits = log.events.compactMap { event -> LoggedExit<HomeAction>? in
            if case let .middleware(_, exit) = event.kind { return exit }
            return nil
        }
        #expect(exits == [.defaultNext])
        #expect(store.state.other.count == 1)
        #expect(absenceWarnings(log).isEmpty)
    }

    @Test func anAbsentChildPassesByWithoutRunningAndIsLoggedAsAChildAbsentWarning() async throws {
        let seen = SharedList<JobAction>()
        let spy = Middleware<Job, JobAction>(id: "spy") { context in
            seen.append(context.action)
            return .exit(.done)
        }
        let log = LogRecorder<HomeAction>()
        let middlewares = [
            spy.lift(state: \Home.sheet, action: .sheet),
            spy.lift(state: \Home.destination, case: .detail, action: .detail, name: "detail"),
            spy.lift(state: \Home.rows, action: .rows),
        ]
        let store = makeHomeStore(middlewares: middlewares, clock: TestClock(), onLog: log.record)
        store.dispatch(.showEdit(1))
        let sheet = store.dispatchTracked(.sheet(.increment))
        let detail = store.dispatchTracked(.detail(.increment))
        let row = store.dispatchTracked(.rows(.element(id: 3, action: .increment)))
        #expect(try await sheet.outcome == .unhandled)
        #expect(try await detail.outcome == .unhandled)
        #expect(try await row.outcome == .unhandled)
        #expect(seen.values.isEmpty)
        // Each warning of the middleware, then the lifted reducer's own for the same action.
        #expect(absenceWarnings(log) == [
            "spy sheet is nil", "job sheet is nil",
            "spy detail is another case", "job detail is another case",
            "spy rows[3] has no element 3", "job rows[3] has no element 3",
        ])
    }

    @Test func aLocalRedirectIsReEmbedded() async throws {
        let flip = Middleware<Job, JobAction>(id: "flip") { context in
            context.action == .increment ? .nextAs(.decrement) : .next
        }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(middlewares: [flip.lift(state: \Home.fixed, action: .fixed)], clock: TestClock(), onLog: log.record)
        store.dispatch(.fixed(.increment))
        #expect(store.state.fixed.count == -1)
        let exits = log.events.compactMap { event -> LoggedExit<HomeAction>? in
            if case let .middleware(_, exit) = event.kind { return exit }
            return nil
        }
        #expect(exits == [.nextAs(.fixed(.decrement))])
    }

    @Test func aLiftedMiddlewareThatConsumesItsOwnActionsLeavesAnotherModulesActionsAlone() async throws {
        let consume = Middleware<Job, JobAction>(id: "consume") { _ in .exit(.done) }
        let store = makeHomeStore(middlewares: [consume.lift(state: \Home.fixed, action: .fixed)], clock: TestClock())
        let own = store.dispatchTracked(.fixed(.increment))
        let foreign = store.dispatchTracked(.other(.increment))
        let parent = store.dispatchTracked(.note("hello"))
        #expect(try await own.outcome == .consumed)
        #expect(try await foreign.outcome == .reduced)
        #expect(try await parent.outcome == .reduced)
        #expect(store.state.fixed.count == 0)
        #expect(store.state.other.count == 1)
        #expect(store.state.log == ["hello"])
    }

    @Test func aReduceAsIsEmbedded() async throws {
        let swap = Middleware<Job, JobAction>(id: "swap") { context in
            context.action == .stop ? .exit(.reduceAs(.increment)) : .next
        }
        let store = makeHomeStore(middlewares: [swap.lift(state: \Home.rows, action: .rows)], clock: TestClock())
        store.dispatch(.addRow(1))
        store.dispatch(.addRow(2))
        store.dispatch(.rows(.element(id: 2, action: .stop)))
        #expect(store.state.rows[id: 2]?.count == 1)
        #expect(store.state.rows[id: 1]?.count == 0)
    }

    @Test func aLocalDispatchIsReEmbeddedAndReduced() async throws {
        let tickets = SharedList<DispatchTicket<JobAction>>()
        let echo = Middleware<Job, JobAction>(id: "echo") { context in
            if context.action == .stop {
                context.dispatch(.increment)
                tickets.append(context.dispatchTracked(.decrement))
                tickets.append(context.dispatchTracked(.decrement))
                return .exit(.done)
            }
            return .next
        }
        let store = makeHomeStore(middlewares: [echo.lift(state: \Home.sheet, action: .sheet)], clock: TestClock())
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.stop))
        #expect(store.state.sheet?.count == -1)
        for ticket in tickets.values {
            #expect(try await ticket.outcome == .reduced)
        }
        #expect(tickets.values.count == 2)
    }

    @Test func anEffectIsEmbeddedAndItsIdsAreScopedToTheChild() async throws {
        let clock = TestClock()
        // The same middleware lifted twice; each instance's effect has the id "tick".
        let ticker = Middleware<Job, JobAction>(id: "ticker") { context in
            switch context.action {
            case .start:
                return .effect(.run { send in
                    try await send.sleep(for: jobDuration)
                    send(.finished)
                }.cancellable(id: "tick"))
            case .stop:
                return .effect(.cancel(id: "tick"))
            default:
                return .next
            }
        }
        let store = makeHomeStore(
            middlewares: [ticker.lift(state: \Home.fixed, action: .fixed), ticker.lift(state: \Home.other, action: .other)],
            clock: clock
        )
        store.dispatch(.fixed(.start))
        store.dispatch(.other(.start))
        store.dispatch(.fixed(.stop))
        await clock.advance(by: jobDuration)
        try await store.settled(timeout: patience)
        // `.start` and `.stop` reach the lifted reducer too, which runs (and stops) its own job:
        // `fixed` got no `.finished` (its tick was cancelled); `other` got its tick's and its job's.
        #expect(store.state.fixed.log == ["start"])
        #expect(store.state.other.log == ["start", "finished", "finished"])
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func aTaskOfAnOptionalChildIsCancelledWhenTheParentDismissesItAndWhatItDispatchesLateIsNotReduced() async throws {
        let clock = TestClock()
        let cancelled = SharedValue<Bool?>(nil)
        let readAfter = SharedValue<Int?>(-1)
        let worker = Middleware<Job, JobAction>(id: "worker") { context in
            guard context.action == .stop else { return .next }
            return .task { effect in
                do {
                    try await effect.sleep(for: jobDuration)
                    cancelled.value = false
                } catch {
                    cancelled.value = Task.isCancelled
                }
                readAfter.value = try? await effect.read(\.count)
                effect.dispatch(.increment)
                _ = effect.dispatchTracked(.increment)
            }
        }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(middlewares: [worker.lift(state: \Home.sheet, action: .sheet)], clock: clock, onLog: log.record)
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.stop))
        #expect(store.instances.count == 1)
        store.dispatch(.dismissSheet)
        #expect(store.instances.count == 0)
        store.dispatch(.showSheet(1))  // a new instance with the same id
        await clock.advance(by: jobDuration)
        try await store.settled(timeout: patience)
        #expect(cancelled.value == true)
        #expect(readAfter.value == nil)
        #expect(store.state.sheet == Job(id: 1))
        #expect(store.runtime.bookkeepingCount == 0)
        let dropped = log.events.filter { event in
            if case .terminal(.cancelled) = event.kind, event.action == .sheet(.increment) { return true }
            return false
        }
        #expect(dropped.count == 2)
    }

    @Test func aTaskOfAPresentChildReadsItAndDispatchesEmbeddedActions() async throws {
        let clock = TestClock()
        let read = SharedValue<Int?>(nil)
        let outcome = SharedValue<DispatchOutcome<JobAction>?>(nil)
        let worker = Middleware<Job, JobAction>(id: "worker") { context in
            guard context.action == .stop else { return .next }
            return .task { effect in
                try await effect.sleep(for: jobDuration)
                read.value = try await effect.read(\.count)
                outcome.value = try await effect.dispatchTracked(.increment).outcome
            }
        }
        let store = makeHomeStore(middlewares: [worker.lift(state: \Home.rows, action: .rows)], clock: clock)
        store.dispatch(.addRow(1))
        store.dispatch(.addRow(2))
        store.dispatch(.rows(.element(id: 2, action: .increment)))
        store.dispatch(.rows(.element(id: 2, action: .stop)))
        store.dispatch(.moveRow(from: 1, to: 0))  // moving does not end the instance
        await clock.advance(by: jobDuration)
        try await store.settled(timeout: patience)
        #expect(read.value == 1)
        #expect(outcome.value == .reduced)
        #expect(store.state.rows[id: 2]?.count == 2)
        #expect(store.state.rows[id: 1]?.count == 0)
    }

    @Test func aDeferredActionOfAnInstanceThatIsGoneEndsCancelled() async throws {
        let clock = TestClock()
        let waiter = Middleware<Job, JobAction>(id: "waiter") { context in
            guard context.action == .stop else { return .next }
            return .deferred { effect in
                try? await effect.sleep(for: jobDuration)
                return .nextAs(.increment)
            }
        }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(middlewares: [waiter.lift(state: \Home.presented, action: .presented)], clock: clock, onLog: log.record)
        store.dispatch(.present(1))
        let gone = store.dispatchTracked(.presented(.stop))
        store.dispatch(.dismissPresented)
        store.dispatch(.present(1))  // a new instance
        let kept = store.dispatchTracked(.presented(.stop))
        await clock.advance(by: jobDuration)
        #expect(try await gone.outcome == .cancelled)
        #expect(try await kept.outcome == .reduced)
        try await store.settled(timeout: patience)
        #expect(store.state.presented?.value.count == 1)
        let terminals = log.events.compactMap { event -> DispatchOutcome<HomeAction>? in
            if case .terminal(let outcome) = event.kind, event.sequence == gone.sequence { return outcome }
            return nil
        }
        #expect(terminals == [.cancelled])
    }

    @Test func aTaskThroughTwoLiftsEndsWithTheInnerChild() async throws {
        let clock = TestClock()
        let cancelled = SharedValue<Bool?>(nil)
        let worker = Middleware<Job, JobAction>(id: "worker") { context in
            guard context.action == .stop else { return .next }
            return .task { effect in
                do {
                    try await effect.sleep(for: jobDuration)
                    cancelled.value = false
                } catch {
                    cancelled.value = true
                }
                effect.dispatch(.increment)
            }
        }
        let lifted = worker.lift(state: \Home.sheet, action: .sheet).lift(state: \Root.home, action: .home)
        let reducers = homeReducers().map { $0.lift(state: \Root.home, action: .home) }
        let log = LogRecorder<RootAction>()
        let store = Store(initialState: Root(), reducers: reducers, middlewares: [lifted], options: StoreOptions(clock: clock), onLog: log.record)
        store.dispatch(.home(.showSheet(1)))
        store.dispatch(.home(.sheet(.stop)))
        #expect(store.instances.count == 1)
        store.dispatch(.home(.dismissSheet))
        #expect(store.instances.count == 0)
        store.dispatch(.home(.showSheet(1)))
        await clock.advance(by: jobDuration)
        try await store.settled(timeout: patience)
        #expect(cancelled.value == true)
        #expect(store.state.home.sheet == Job(id: 1))
        #expect(middlewarePaths(log, id: "worker").contains("home/sheet/worker#0"))
    }

    @Test func logEventsOfALiftedMiddlewareCarryTheChildPath() async throws {
        let pass = Middleware<Job, JobAction>(id: "pass") { _ in .next }
        let log = LogRecorder<HomeAction>()
        let store = makeHomeStore(
            middlewares: [pass.lift(state: \Home.rows, action: .rows), pass.lift(state: \Home.fixed, action: .fixed)],
            clock: TestClock(),
            onLog: log.record
        )
        store.dispatch(.addRow(3))
        store.dispatch(.rows(.element(id: 3, action: .increment)))
        store.dispatch(.fixed(.increment))
        #expect(middlewarePaths(log, id: "pass") == [
            "rows/pass#0", "fixed/pass#1",  // .addRow: not theirs
            "rows[3]/pass#0", "fixed/pass#1",
            "rows/pass#0", "fixed/pass#1",
        ])
    }
}

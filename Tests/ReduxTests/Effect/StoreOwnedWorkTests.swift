import Redux
import Testing

/// `.task` and `.deferred` run on the store-owned runtime: cancelled with the store, never
/// keeping it alive, sleeping on its clock.
@Suite("Store-owned async work", .timeLimit(.minutes(5)))
@MainActor
struct StoreOwnedWorkTests {
    /// A middleware that, for `.tag("go")`, starts a `.task` (or a `.deferred` handler) which
    /// opens `started`, sleeps 10 s on the store clock, and on cancellation tries to dispatch
    /// (tracked and untracked), records the tracked outcome in `late`, then opens `cancelled`.
    private func sleeper(
        deferred: Bool,
        started: Gate,
        cancelled: Gate,
        late: SharedValue<String?>
    ) -> Middleware<PipeState, PipeAction> {
        sleepingMiddleware(
            id: deferred ? "defers" : "starts",
            for: .tag("go"),
            as: deferred ? .deferred : .task,
            started: started,
            cancelled: cancelled,
            late: late,
            thenSends: .add(1000),
            andTracked: .add(100)
        )
    }

    @Test func invalidateCancelsARunningTaskAndDropsWhatItSends() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let diagnostics = DiagnosticLines()
        let store = makePipeStore(middlewares: [sleeper(deferred: false, started: started, cancelled: cancelled, late: late)], diagnostics: diagnostics)
        store.dispatch(.tag("go"))
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting), "the task saw its cancellation")
        #expect(late.value == "refused(invalidated)", "a tracked dispatch from cancelled work is refused")
        try await store.settled(timeout: patience)
        #expect(store.state.reduced == [.tag("go")], "nothing the task sent was processed")
        diagnostics.expect(["action add(1000) was refused", "action add(100) was refused"])
    }

    @Test func invalidateCancelsADeferredHandlerAndItsActionAnswersCancelled() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let diagnostics = DiagnosticLines()
        let store = makePipeStore(middlewares: [sleeper(deferred: true, started: started, cancelled: cancelled, late: late)], diagnostics: diagnostics)
        let ticket = store.dispatchTracked(.tag("go"))
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting), "the handler saw its cancellation")
        #expect(try await ticket.outcome.description == "cancelled", "cancellation is not a failure")
        #expect(late.value == "refused(invalidated)", "what the cancelled handler sends is refused")
        #expect(store.state == PipeState(), "nothing the handler sent was processed")
        diagnostics.expect(["action add(1000) was refused", "action add(100) was refused"])
    }

    /// The ticket of an action suspended in `.deferred` answers `cancelled` when the store is
    /// invalidated, even if the handler does not stop at once (here it ignores cancellation):
    /// "it never hangs".
    @Test func invalidateAnswersASuspendedActionWithoutWaitingForItsHandler() async throws {
        let started = Gate()
        let release = Gate()
        defer { release.open() }
        let store = makePipeStore(middlewares: [
            deferringMiddleware(id: "defers", for: nil, started: started, until: release),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(try await outcomeText(of: ticket) == "cancelled")
    }

    /// Same when the store is released instead.
    @Test func releaseAnswersASuspendedActionWithoutWaitingForItsHandler() async throws {
        let started = Gate()
        let release = Gate()
        defer { release.open() }
        weak var weakStore: PipeStore?
        var ticket: DispatchTicket<PipeAction>?
        do {
            let store = makePipeStore(middlewares: [
                deferringMiddleware(id: "defers", for: nil, started: started, until: release),
            ])
            weakStore = store
            ticket = store.dispatchTracked(.increment)
            #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        }
        #expect(weakStore == nil)
        let released = try #require(ticket)
        #expect(try await outcomeText(of: released) == "cancelled")
    }

    @Test func releasingTheStoreFreesItWhileALongDeferredSleepsAndCancelsIt() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let reducerRuns = SharedList<String>()
        weak var weakStore: PipeStore?
        var ticket: DispatchTicket<PipeAction>?
        do {
            let store = makePipeStore(
                middlewares: [sleeper(deferred: true, started: started, cancelled: cancelled, late: late)],
                reducers: [Reducer(id: "counts") { _, action in
                    reducerRuns.append("\(action)")
                    return .next
                }]
            )
            weakStore = store
            ticket = store.dispatchTracked(.tag("go"))
            #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        }
        #expect(weakStore == nil, "the sleeping handler does not keep the store alive")
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting), "the handler saw its cancellation")
        #expect(try await ticket?.outcome.description == "cancelled")
        #expect(late.value == "refused(storeReleased)", "what the handler sends after release is refused")
        #expect(reducerRuns.values.isEmpty, "no action reached a reducer")
    }

    @Test func releasingTheStoreFreesItWhileATaskSleepsAndCancelsIt() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        weak var weakStore: PipeStore?
        do {
            let store = makePipeStore(middlewares: [sleeper(deferred: false, started: started, cancelled: cancelled, late: late)])
            weakStore = store
            store.dispatch(.tag("go"))
            #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        }
        #expect(weakStore == nil, "the sleeping task does not keep the store alive")
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting), "the task saw its cancellation")
        #expect(late.value == "refused(storeReleased)", "what the task sends after release is refused")
    }

    @Test func taskAndDeferredSleepOnTheStoreClock() async throws {
        let clock = CountingClock()
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "starts") { context in
                    guard context.action == .tag("task") else { return .next }
                    return .task { effect in
                        try await effect.sleep(for: .seconds(30))
                        try await effect.clock.sleep(for: .milliseconds(250))
                        effect.dispatch(.increment)
                    }
                },
                Middleware(id: "defers") { context in
                    guard context.action == .tag("deferred") else { return .next }
                    return .deferred { effect in
                        try await effect.sleep(for: .seconds(60))
                        return .nextAs(.add(10))
                    }
                },
            ],
            clock: clock
        )
        store.dispatch(.tag("task"))
        try await store.settled(timeout: patience)
        let ticket = store.dispatchTracked(.tag("deferred"))
        #expect(try await ticket.outcome.description == "reduced")
        // The virtual clock returns at once and saw every sleep: the store slept on it (the
        // proof is the clock's record; no timing is asserted).
        #expect(clock.sleeps == [.seconds(30), .milliseconds(250), .seconds(60)])
        #expect(store.count == 11)
    }
}

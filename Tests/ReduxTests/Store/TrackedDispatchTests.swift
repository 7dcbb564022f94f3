import Redux
import Testing

/// One row of the exit → outcome table: a store set up to take one exit path, the action that
/// takes it, and the outcome and reduced actions expected.
enum OutcomeRow: String, CaseIterable, Sendable, CustomStringConvertible {
    case reducerHandled
    case reducedAfterDeferredResume
    case reducedWhenEveryMiddlewareDeclined
    case consumedByMiddleware
    case consumedOnDeferredResume
    case recoveredReduceThenReduced
    case recoveredReduceThenUnhandled
    case recoveredReduceAsThenReduced
    case recoveredReduceAsThenUnhandled
    case recoveredDone
    case failedByResolver
    case failedWithNoResolverTakingIt
    case failedInDeferredHandler
    case unhandledByEveryReducer

    var description: String { rawValue }

    var action: CounterAction {
        switch self {
        case .recoveredReduceThenUnhandled, .unhandledByEveryReducer: .ignored
        default: .mark("row")
        }
    }

    var expectedOutcome: String {
        switch self {
        case .reducerHandled, .reducedAfterDeferredResume, .reducedWhenEveryMiddlewareDeclined: "reduced"
        case .consumedByMiddleware, .consumedOnDeferredResume: "consumed"
        case .recoveredReduceThenReduced: "recovered(reduce, reduced: true)"
        case .recoveredReduceThenUnhandled: "recovered(reduce, reduced: false)"
        case .recoveredReduceAsThenReduced: "recovered(reduceAs(replacement), reduced: true)"
        case .recoveredReduceAsThenUnhandled: "recovered(reduceAs(ignored), reduced: false)"
        case .recoveredDone: "recovered(done, reduced: false)"
        case .failedByResolver: "failed(replaced)"
        case .failedWithNoResolverTakingIt, .failedInDeferredHandler: "failed(refused)"
        case .unhandledByEveryReducer: "unhandled"
        }
    }

    /// What the recording reducer handled.
    var expectedRecord: [CounterAction] {
        switch self {
        case .reducerHandled, .reducedAfterDeferredResume, .reducedWhenEveryMiddlewareDeclined, .recoveredReduceThenReduced:
            [.mark("row")]
        case .recoveredReduceAsThenReduced:
            [.mark("replacement")]
        default:
            []
        }
    }

    private var middlewareExit: MiddlewareExit<CounterState, CounterAction> {
        switch self {
        case .reducerHandled, .unhandledByEveryReducer: .next
        case .reducedAfterDeferredResume: .deferred { _ in .next }
        case .reducedWhenEveryMiddlewareDeclined: .defaultNext
        case .consumedByMiddleware: .exit(.done)
        case .consumedOnDeferredResume: .deferred { _ in .exit(.done) }
        case .failedInDeferredHandler: .deferred { _ in throw CounterFailure.refused }
        default: .exit(.resolve(CounterFailure.refused))
        }
    }

    private var resolverExit: ResolverExit<CounterAction> {
        switch self {
        case .recoveredReduceThenReduced, .recoveredReduceThenUnhandled: .exit(.reduce)
        case .recoveredReduceAsThenReduced: .exit(.reduceAs(.mark("replacement")))
        case .recoveredReduceAsThenUnhandled: .exit(.reduceAs(.ignored))
        case .recoveredDone: .exit(.done)
        case .failedByResolver: .exit(.fail(CounterFailure.replaced))
        default: .defaultNext
        }
    }

    @MainActor
    func makeStore(_ recorder: LogRecorder<CounterAction>) -> CounterStore {
        let exit = middlewareExit
        let answer = resolverExit
        let middlewares: [Middleware<CounterState, CounterAction>] = (0..<3).map { position in
            Middleware(id: "m\(position)") { _ in
                position == 1 || self == .reducedWhenEveryMiddlewareDeclined ? exit : .next
            }
        }
        return makeCounterStore(
            middlewares: middlewares,
            resolvers: [Resolver(id: "declines") { _ in .defaultNext }, Resolver(id: "decides") { _ in answer }],
            reducers: [counterReducer(id: "records"), Reducer(id: "declines") { _, _ in .defaultNext }],
            recorder: recorder
        )
    }
}

/// Rule 5: a tracked dispatch returns a ticket whose outcome says how the action's run ended,
/// by the exit → outcome table; the ticket holds no store, never hangs, and cancelling its
/// awaiting task changes nothing in the store.
@Suite("Tracked dispatch outcome")
@MainActor
struct TrackedDispatchTests {
    @Test(arguments: OutcomeRow.allCases)
    func trackedDispatchOutcomeFollowsTheExitTable(row: OutcomeRow) async throws {
        let recorder = LogRecorder<CounterAction>()
        let store = row.makeStore(recorder)
        let ticket = store.dispatchTracked(row.action)
        try await expectOutcome(ticket, row.expectedOutcome)
        #expect(store.record == row.expectedRecord)
        let sequence = try #require(recorder.sequence(of: row.action))
        let terminal = recorder.labels(sequence: sequence).last
        #expect(terminal?.hasSuffix("terminal \(row.expectedOutcome)") == true, "the log's terminal agrees: \(terminal ?? "none")")
    }

    @Test func trackedDispatchFromAnotherIsolationAnswersToo() async throws {
        let store = makeCounterStore()
        let fromThread = SharedValue<DispatchTicket<CounterAction>?>(nil)
        #expect(runOnThreadAndWait { fromThread.value = store.dispatchTracked(.mark("thread")) })
        let fromTask = await Task.detached { store.dispatchTracked(.mark("task")) }.value
        let fromActor = await CounterProducer().sendTracked(.ignored, to: store)
        try await expectOutcome(fromThread.value, "reduced")
        try await expectOutcome(fromTask, "reduced")
        try await expectOutcome(fromActor, "unhandled")
    }

    @Test func aTicketCanBeAwaitedByManyTasks() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
        let ticket = store.dispatchTracked(.mark("slow"))
        let waiters = (0..<4).map { _ in Task.detached { try await ticket.outcome.description } }
        gate.open()
        for waiter in waiters {
            let label = try await taskResult(of: waiter)?.get()
            #expect(label == "reduced")
        }
        try await expectOutcome(ticket, "reduced", "and again once finished")
    }

    @Test func trackedDispatchAnswersCancelledWhenInvalidatedInFlight() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let diagnostics = DiagnosticLines()
        let store = makeCounterStore(middlewares: [sleepingMiddleware("slow", started: started, cancelled: cancelled, late: late)], diagnostics: diagnostics)
        let ticket = store.dispatchTracked(.mark("slow"))
        #expect(await started.waitOpened(ifCancelled: .keepWaiting))
        store.invalidate()
        try await expectOutcome(ticket, "cancelled")
        #expect(await cancelled.waitOpened(ifCancelled: .keepWaiting), "the handler saw the cancellation")
        #expect(late.value == "refused(invalidated)", "what cancelled work sends is refused")
        #expect(store.record.isEmpty)
        diagnostics.expect(["action sent after cancellation was refused", "action tracked after cancellation was refused"])
    }

    @Test func trackedDispatchAfterInvalidateAnswersRefusedAtOnce() async throws {
        let diagnostics = DiagnosticLines()
        let store = makeCounterStore(diagnostics: diagnostics)
        store.invalidate()
        let onMain = store.dispatchTracked(.increment)
        #expect(onMain.outcomeIfFinished?.description == "refused(invalidated)")
        let fromTask = await Task.detached { store.dispatchTracked(.increment) }.value
        #expect(fromTask.outcomeIfFinished?.description == "refused(invalidated)", "answered on the dispatching thread")
        #expect(store.count == 0)
        diagnostics.expect(["action increment was refused", "action increment was refused"])
    }

    @Test func trackedDispatchAnswersCancelledWhenTheStoreIsReleased() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<String?>(nil)
        let queued = SharedValue<DispatchTicket<CounterAction>?>(nil)
        let suspended: DispatchTicket<CounterAction>
        weak var weakStore: CounterStore?
        do {
            let store = makeCounterStore(middlewares: [sleepingMiddleware("slow", started: started, cancelled: cancelled, late: late)])
            weakStore = store
            suspended = store.dispatchTracked(.mark("slow"))
            #expect(await started.waitOpened(ifCancelled: .keepWaiting))
            // The thread reaches the store through a weak reference: a Foundation thread may
            // still hold its block (and what it captured) for a moment after the block returns.
            let reference = WeakReference(store)
            #expect(runOnThreadAndWait { queued.value = reference.object?.dispatchTracked(.increment) })
            // The store is released here, with `.increment` still queued: the main actor had no
            // turn since the thread dispatched it.
        }
        #expect(weakStore == nil)
        try await expectOutcome(queued.value, "cancelled", "a queued action dropped with the store")
        try await expectOutcome(suspended, "cancelled", "a suspended action")
        #expect(await cancelled.waitOpened(ifCancelled: .keepWaiting))
    }

    /// The handler waits on a gate that stays closed (it ignores cancellation), so only the
    /// release can answer the ticket.
    @Test func aTicketDoesNotKeepTheStoreAlive() async throws {
        let gate = Gate()
        defer { gate.open() }
        let waiting = Gate()
        weak var weakStore: CounterStore?
        let awaiting: Task<String, any Error>
        do {
            let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
            weakStore = store
            let ticket = store.dispatchTracked(.mark("slow"))
            awaiting = Task.detached {
                waiting.open()
                return try await ticket.outcome.description
            }
            #expect(await waiting.waitOpened(ifCancelled: .keepWaiting))
        }
        #expect(weakStore == nil, "the store was freed while its ticket was being awaited")
        let awaited = try await taskResult(of: awaiting)?.get()
        #expect(awaited == "cancelled", "answered by the release, while the handler still waits")
    }

    /// A handler that ignores cancellation must not leave its action's ticket hanging.
    @Test func aSuspendedActionsTicketIsAnsweredByInvalidateEvenIfItsHandlerNeverReturns() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
        let ticket = store.dispatchTracked(.mark("slow"))
        store.invalidate()
        #expect(ticket.outcomeIfFinished?.description == "cancelled", "answered by invalidate itself")
        gate.open()
        try await store.settled(timeout: patience)
        try await expectOutcome(ticket, "cancelled", "the handler's late return changed nothing")
        #expect(store.record.isEmpty)
    }

    @Test func cancellingTheAwaitingTaskThrowsCancellationErrorAndChangesNothingInTheStore() async throws {
        let gate = Gate()
        defer { gate.open() }
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)], recorder: recorder)
        let ticket = store.dispatchTracked(.mark("slow"))
        let waiting = Gate()
        let waiter = Task.detached {
            waiting.open()
            return try await ticket.outcome
        }
        #expect(await waiting.waitOpened(ifCancelled: .keepWaiting))
        waiter.cancel()
        let cancelledWhileAwaiting = try #require(await taskResult(of: waiter), "the cancelled wait returned")
        #expect(throws: CancellationError.self) { try cancelledWhileAwaiting.get() }
        let cancelledBeforeAwaiting = Task.detached { try await ticket.outcome }
        cancelledBeforeAwaiting.cancel()
        let cancelledFirst = try #require(await taskResult(of: cancelledBeforeAwaiting), "the cancelled wait returned")
        #expect(throws: CancellationError.self) { try cancelledFirst.get() }

        #expect(store.isValid)
        #expect(ticket.outcomeIfFinished == nil, "the action is still suspended, not cancelled")
        let linesBefore = recorder.labels
        #expect(!linesBefore.contains { $0.contains("terminal") }, "no terminal was logged for it")
        store.dispatch(.mark("other"))
        gate.open()
        try await expectOutcome(ticket, "reduced", "the action ran to its end")
        #expect(store.record == [.mark("other"), .mark("slow")])
    }
}

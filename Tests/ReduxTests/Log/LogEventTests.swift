import Redux
import Testing

/// What `onLog` receives: typed events, in pipeline order, each with its dispatch's sequence
/// number and the action as processed at that step.
@Suite("Log events", .timeLimit(.minutes(5)))
@MainActor
struct LogEventTests {
    @Test func processingEventsAreDeliveredSynchronouslyInPipelineOrder() {
        let trail = SharedList<String>()
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(
            middlewares: [pipeMiddleware("first", trail, .next), pipeMiddleware("declines", trail, .defaultNext)],
            reducers: [
                pipeRecordingReducer(id: "a", exit: .next),
                pipeRecordingReducer(id: "b", exit: .done),
                pipeRecordingReducer(id: "c", exit: .next),
            ],
            log: log
        )
        store.dispatch(.increment)
        // No await in between: every event was delivered before `dispatch` returned.
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: middleware first#0 next",
            "1 increment: middleware declines#1 defaultNext",
            "1 increment: reducer a#0 next",
            "1 increment: reducer b#1 done",
            "1 increment: terminal reduced",
        ])
    }

    @Test func everyEventCarriesItsDispatchSequenceAndTheActionAsProcessedAtThatStep() {
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "rewrites") { context in
                    context.action == .increment ? .nextAs(.add(2)) : .next
                },
                Middleware(id: "raises") { context in
                    context.action == .tag("bad") ? .exit(.resolve(PipeError.boom)) : .next
                },
            ],
            resolvers: [Resolver(id: "recovers") { _ in .exit(.reduceAs(.add(5))) }],
            log: log
        )
        store.dispatch(.increment)
        store.dispatch(.tag("bad"))
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: middleware rewrites#0 nextAs(add(2))",
            "1 add(2): middleware raises#1 next",
            "1 add(2): reducer record#0 next",
            "1 add(2): terminal reduced",
            "2 tag(bad): enqueued",
            "2 tag(bad): middleware rewrites#0 next",
            "2 tag(bad): middleware raises#1 resolve(boom)",
            "2 tag(bad): resolver recovers#0 reduceAs(add(5))",
            "2 add(5): reducer record#0 next",
            "2 add(5): terminal recovered(reduceAs(add(5)), reduced: true)",
        ])
    }

    @Test func failedActionsAreLoggedWithTheirError() {
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(middlewares: [Middleware(id: "throws") { _ in throw PipeError.other }], log: log)
        store.dispatch(.increment)
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: middleware throws#0 resolve(other)",
            "1 increment: terminal failed(other)",
        ])
    }

    @Test func enqueueEventsCarryTheCallSitesFileAndLine() async throws {
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(log: log)
        store.dispatch(.increment); let mainLine: UInt = #line
        let remoteLine = SharedValue<UInt>(0)
        await Task.detached {
            store.dispatch(.add(2)); remoteLine.value = #line
        }.value
        try await store.settled(timeout: patience)
        let sites = log.events.compactMap { event -> (UInt64, CallSite)? in
            guard case .enqueued(let site) = event.kind else { return nil }
            return (event.sequence, site)
        }
        try #require(sites.count == 2)
        #expect(sites[0].0 == 1 && sites[1].0 == 2)
        #expect("\(sites[0].1.file)" == #fileID)
        #expect(sites[0].1.line == mainLine)
        #expect(sites[0].1.onMainActor)
        #expect("\(sites[1].1.file)" == #fileID)
        #expect(sites[1].1.line == remoteLine.value)
        #expect(!sites[1].1.onMainActor)
    }

    @Test func offMainEnqueueEventsAreDeliveredWhenTheQueueIsDrained() async throws {
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(log: log)
        await Task.detached {
            store.dispatch(.increment, .add(2), .add(3))
        }.value
        #expect(log.events.isEmpty || store.count > 0, "no event before the drain that processes it")
        try await store.settled(timeout: patience)
        // Delivered at the drain, each just before its action is processed: interleaved with
        // the processing events, not bunched at the front.
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: reducer record#0 next",
            "1 increment: terminal reduced",
            "2 add(2): enqueued",
            "2 add(2): reducer record#0 next",
            "2 add(2): terminal reduced",
            "3 add(3): enqueued",
            "3 add(3): reducer record#0 next",
            "3 add(3): terminal reduced",
        ])
    }

    @Test func stepDurationsAreMeasuredOnTheStoreClock() {
        // Each read of this clock's `now` advances it by 1 ms, so a step timed by one read
        // before and one after lasts exactly 1 ms.
        let clock = CountingClock(tick: .milliseconds(1))
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(
            middlewares: [
                pipeMiddleware("passes", SharedList<String>(), .next),
                Middleware(id: "throws") { _ in throw PipeError.boom },
            ],
            resolvers: [Resolver(id: "declines") { _ in .defaultNext }, Resolver(id: "recovers") { _ in .exit(.reduce) }],
            reducers: [pipeRecordingReducer(id: "a"), pipeRecordingReducer(id: "b")],
            clock: clock,
            log: log
        )
        store.dispatch(.increment)
        let steps = log.events.compactMap(\.kind.componentStep)
        #expect(steps.map(\.description) == ["passes#0", "throws#1", "declines#0", "recovers#1", "a#0", "b#1"])
        #expect(steps.allSatisfy { $0.duration == .milliseconds(1) })
    }

    @Test func resumedEventNamesTheDeferringMiddlewareAndTheTimeSuspended() async throws {
        let clock = CountingClock(tick: .milliseconds(1))
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(
            middlewares: [
                pipeMiddleware("first", SharedList<String>(), .next),
                Middleware(id: "defers") { context in
                    context.action == .tag("slow") ? .deferred { _ in .nextAs(.add(4)) } : .next
                },
                pipeMiddleware("after", SharedList<String>(), .next),
            ],
            clock: clock,
            log: log
        )
        #expect(try await store.dispatchTracked(.tag("slow")).outcome.description == "reduced")
        #expect(log.lines == [
            "1 tag(slow): enqueued",
            "1 tag(slow): middleware first#0 next",
            "1 tag(slow): middleware defers#1 deferred",
            "1 tag(slow): resumed defers#1 nextAs(add(4))",
            "1 add(4): middleware after#2 next",
            "1 add(4): reducer record#0 next",
            "1 add(4): terminal reduced",
        ])
        let resumed = log.events.first { if case .resumed = $0.kind { true } else { false } }
        let suspended = try #require(resumed?.kind.componentStep?.duration)
        #expect(suspended > .zero)
    }

    /// Queued actions dropped by `invalidate()` log a `cancelled` terminal; an action suspended
    /// in `.deferred` must too, or its log never ends.
    @Test func suspendedActionCancelledByInvalidateLogsACancelledTerminal() async throws {
        let log = LogRecorder<PipeAction>()
        let started = Gate()
        let store = makePipeStore(
            middlewares: [
                Middleware(id: "defers") { _ in
                    .deferred { effect in
                        started.open()
                        try await effect.sleep(for: .seconds(3_600))  // real clock: in effect until cancelled
                        return .next
                    }
                },
            ],
            log: log
        )
        let ticket = store.dispatchTracked(.increment)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(try await outcomeText(of: ticket) == "cancelled")
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: middleware defers#0 deferred",
            "1 increment: terminal cancelled",
        ])
    }

    @Test func componentIdsMayRepeatAndEventsCarryThePosition() {
        let log = LogRecorder<PipeAction>()
        let trail = SharedList<String>()
        let store = makePipeStore(
            middlewares: [
                pipeMiddleware("same", trail, .next),
                pipeMiddleware("same", trail, .next),
                Middleware(id: "same") { _ in throw PipeError.boom },
            ],
            resolvers: [Resolver(id: "same") { _ in .defaultNext }, Resolver(id: "same") { _ in .exit(.reduce) }],
            reducers: [pipeRecordingReducer(id: "same"), pipeRecordingReducer(id: "same")],
            log: log
        )
        store.dispatch(.increment)
        #expect(log.lines == [
            "1 increment: enqueued",
            "1 increment: middleware same#0 next",
            "1 increment: middleware same#1 next",
            "1 increment: middleware same#2 resolve(boom)",
            "1 increment: resolver same#0 defaultNext",
            "1 increment: resolver same#1 reduce",
            "1 increment: reducer same#0 next",
            "1 increment: reducer same#1 next",
            "1 increment: terminal recovered(reduce, reduced: true)",
        ])
    }
}

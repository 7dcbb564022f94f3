import Redux
import Testing

/// `LogEvent`, its `Kind`, `LoggedExit`, `EffectErrorResolution`, `CallSite` and `ComponentStep`
/// are `Equatable` (when `Action` is): errors are equal when their dynamic type and text are, and
/// durations are left out, so the same run logged twice compares equal.
@Suite("Log event equality")
@MainActor
struct LogEventEquatableTests {
    @Test func durationsAreLeftOutOfComponentStepEquality() {
        let fast = ComponentStep(id: "counter", position: 0, duration: .nanoseconds(410))
        let slow = ComponentStep(id: "counter", position: 0, duration: .seconds(3))
        #expect(fast == slow)
        #expect(fast != ComponentStep(id: "counter", position: 1, duration: .nanoseconds(410)))
        #expect(fast != ComponentStep(id: "other", position: 0, duration: .nanoseconds(410)))
    }

    @Test func theSameRunLoggedTwiceIsEqualWhateverItsDurations() {
        func log(tick: Duration) -> [LogEvent<PipeAction>] {
            let log = LogRecorder<PipeAction>()
            let store = makePipeStore(
                middlewares: [pipeRouterMiddleware()],
                resolvers: [pipeResolver("declines", SharedList<String>())],
                clock: CountingClock(tick: tick),
                log: log
            )
            for route in ["next", "nextAs", "reduceAs", "done", "throw", "resolve"] { store.dispatch(.tag(route)) }
            store.dispatch(.ignored)
            return log.events
        }
        let quick = log(tick: .nanoseconds(1))
        let slow = log(tick: .milliseconds(7))
        #expect(quick.count > 20)
        #expect(quick == slow)
        #expect(quick != Array(slow.dropLast()))
    }

    @Test func eventsDifferInSequenceActionOrKind() {
        let event = LogEvent<PipeAction>(sequence: 1, action: .increment, kind: .terminal(.reduced))
        #expect(event == LogEvent(sequence: 1, action: .increment, kind: .terminal(.reduced)))
        #expect(event != LogEvent(sequence: 2, action: .increment, kind: .terminal(.reduced)))
        #expect(event != LogEvent(sequence: 1, action: .ignored, kind: .terminal(.reduced)))
        #expect(event != LogEvent(sequence: 1, action: .increment, kind: .terminal(.unhandled)))
    }

    @Test func errorPayloadsInLogKindsAreEqualWhenErrorTypeAndDescriptionMatch() {
        let origin = ErrorOrigin.effect(middlewareID: "loader", position: 2)
        typealias Kind = LogEvent<PipeAction>.Kind
        #expect(Kind.effectFailed(origin, PipeError.boom) == .effectFailed(origin, PipeError.boom))
        #expect(Kind.effectFailed(origin, PipeError.boom) != .effectFailed(origin, PipeError.other))
        #expect(Kind.effectFailed(origin, PipeError.boom) != .effectFailed(.middleware(id: "loader", position: 2), PipeError.boom))
        #expect(LoggedExit<PipeAction>.resolve(PipeError.boom) == .resolve(PipeError.boom))
        #expect(LoggedExit<PipeAction>.resolve(PipeError.boom) != .fail(PipeError.boom))
        #expect(EffectErrorResolution<PipeAction>.failed(PipeError.boom) == .failed(PipeError.boom))
        #expect(EffectErrorResolution<PipeAction>.failed(PipeError.boom) != .failed(PipeError.other))
        #expect(EffectErrorResolution<PipeAction>.dropped == .dropped)
        #expect(EffectErrorResolution<PipeAction>.dropped != .done)
    }

    @Test func refusedEventsCompareReasonAndCallSite() {
        typealias Kind = LogEvent<PipeAction>.Kind
        let site = CallSite(file: #fileID, line: 12, onMainActor: true)
        #expect(Kind.refused(.invalidated, site) == .refused(.invalidated, CallSite(file: #fileID, line: 12, onMainActor: true)))
        #expect(Kind.refused(.invalidated, site) != .refused(.storeReleased, site))
        #expect(Kind.refused(.invalidated, site) != .enqueued(site))
        #expect("\(Kind.refused(.invalidated, site))" == "refused (invalidated) at \(#fileID):12")
    }

    @Test func callSitesAreEqualWhenFileLineAndIsolationMatch() {
        let site = CallSite(file: "App/Feature.swift", line: 3, onMainActor: true)
        #expect(site == CallSite(file: "App/Feature.swift", line: 3, onMainActor: true))
        #expect(site != CallSite(file: "App/Other.swift", line: 3, onMainActor: true))
        #expect(site != CallSite(file: "App/Feature.swift", line: 4, onMainActor: true))
        #expect(site != CallSite(file: "App/Feature.swift", line: 3, onMainActor: false))
    }
}

import Redux
import Testing

/// Rule 9: a middleware's install hook runs synchronously at the end of the store's initializer;
/// what it dispatches is processed exactly once, through the full chain, before the initializer
/// returns (so before anything dispatched after `init`), unless a middleware suspends it in
/// `.deferred`: it then lands at its resume position.
@Suite("Install hook")
@MainActor
struct InstallHookTests {
    @Test func installHookDispatchIsProcessedOnceThroughTheFullChainBeforeInitReturns() async throws {
        let trail = SharedList<String>()
        let recorder = LogRecorder<CounterAction>()
        let store = makeCounterStore(
            middlewares: [
                Middleware(id: "first", install: { context in
                    trail.append("install first")
                    context.dispatch(.mark("from first hook"))
                }) { context in
                    trail.append("first sees \(context.action)")
                    return .next
                },
                Middleware(id: "second", install: { context in
                    trail.append("install second")
                    context.dispatch(.mark("from second hook"))
                }) { context in
                    trail.append("second sees \(context.action)")
                    return .next
                },
            ],
            recorder: recorder
        )
        #expect(store.record == [.mark("from first hook"), .mark("from second hook")], "processed before init returned")
        #expect(trail.values == [
            "install first",
            "install second",
            "first sees from first hook",
            "second sees from first hook",
            "first sees from second hook",
            "second sees from second hook",
        ], "hooks ran in chain order, then each action passed the whole chain exactly once")
        #expect(recorder.labels.filter { $0.contains("terminal") } == [
            "from first hook: terminal reduced",
            "from second hook: terminal reduced",
        ])

        #expect(runOnThreadAndWait { store.dispatch(.mark("from a thread after init")) })
        store.dispatch(.mark("on the main actor after init"))
        try await store.settled(timeout: patience)
        #expect(store.record == [
            .mark("from first hook"), .mark("from second hook"),
            .mark("from a thread after init"), .mark("on the main actor after init"),
        ])
    }

    @Test func installHookSeesTheInitialState() {
        let seen = SharedValue<Int?>(nil)
        let store = makeCounterStore(
            CounterState(count: 41),
            middlewares: [
                Middleware(id: "reads", install: { context in
                    seen.value = context.count
                    context.dispatch(.increment)
                }) { _ in .next },
            ]
        )
        #expect(seen.value == 41)
        #expect(store.count == 42)
    }

    @Test func installHookDispatchSuspendedInDeferredLandsAtItsResumePosition() async throws {
        let gate = Gate()
        defer { gate.open() }
        let trail = SharedList<String>()
        let store = makeCounterStore(middlewares: [
            Middleware(id: "installs", install: { context in context.dispatch(.mark("slow")) }) { _ in .next },
            deferringMiddleware("slow", until: gate),
            Middleware(id: "after the deferring one") { context in
                trail.append("\(context.action)")
                return .next
            },
        ])
        #expect(store.record.isEmpty, "suspended: init returned without it")
        store.dispatch(.mark("after init"))
        #expect(store.record == [.mark("after init")])
        gate.open()
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("after init"), .mark("slow")], "it landed at its resume position")
        #expect(trail.values == ["after init", "slow"], "and resumed through the rest of the chain, once")
    }
}

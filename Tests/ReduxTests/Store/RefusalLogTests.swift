import Foundation
import Redux
import Testing

/// Issue 5, section 2: a dispatch refused because the store was invalidated is answered and
/// logged the same way wherever it is made: one `.refused(.invalidated, site)` event, which is
/// also its terminal, and no `.enqueued`; tickets answer `.refused(.invalidated)`. Refusals from
/// other isolations are logged when the main actor next runs. After release: `.storeReleased`,
/// and nothing is logged.
@Suite("Refusals are logged once, wherever they are made", .timeLimit(.minutes(5)))
@MainActor
struct RefusalLogTests {
    /// A store whose middleware, for `.mark("lend")`, starts a `.task` that hands its
    /// `EffectContext` to the test, so the test can dispatch through it later.
    private func lendingStore(_ recorder: LogRecorder<CounterAction>, lent: SharedValue<EffectContext<CounterState, CounterAction>?>) -> CounterStore {
        makeCounterStore(
            middlewares: [Middleware(id: "lends its effect context") { context in
                context.action == .mark("lend") ? .task { effect in lent.value = effect } : .next
            }],
            recorder: recorder
        )
    }

    /// Main-actor, batch, tracked, thread, task and `EffectContext` dispatches after
    /// `invalidate()`. Old core: nothing was logged for any of them (outside the pipeline), and
    /// tickets answered `cancelled`.
    @Test func everyDispatchAfterInvalidateIsRefusedWithOneEventAtItsCallSite() async throws {
        let recorder = LogRecorder<CounterAction>()
        let lent = SharedValue<EffectContext<CounterState, CounterAction>?>(nil)
        let store = lendingStore(recorder, lent: lent)
        store.dispatch(.mark("lend"))
        try await store.settled(timeout: patience)
        let effect = try #require(lent.value)
        store.invalidate()
        let logged = recorder.events.count

        var expected: [(action: String, line: UInt, onMainActor: Bool)] = []
        var tickets: [DispatchTicket<CounterAction>] = []
        let mainLine: UInt = #line; store.dispatch(.mark("main"))
        let batchLine: UInt = #line; store.dispatch(.mark("batch 1"), .mark("batch 2"))
        let trackedLine: UInt = #line; tickets.append(store.dispatchTracked(.mark("tracked")))
        expected += [("main", mainLine, true), ("batch 1", batchLine, true), ("batch 2", batchLine, true), ("tracked", trackedLine, true)]

        let fromThread = SharedList<(DispatchTicket<CounterAction>?, String, UInt)>()
        #expect(runOnThreadAndWait {
            store.dispatch(.mark("thread")); fromThread.append((nil, "thread", #line))
            fromThread.append((store.dispatchTracked(.mark("thread tracked")), "thread tracked", #line))
        })
        let threadActions: Set<CounterAction> = [.mark("thread"), .mark("thread tracked")]
        #expect(!recorder.events.contains { threadActions.contains($0.action) }, "not logged before the main actor runs")

        let fromTasks = await Task.detached { () -> [(DispatchTicket<CounterAction>?, String, UInt)] in
            var sent: [(DispatchTicket<CounterAction>?, String, UInt)] = []
            store.dispatch(.mark("task")); sent.append((nil, "task", #line))
            sent.append((store.dispatchTracked(.mark("task tracked")), "task tracked", #line))
            effect.dispatch(.mark("effect")); sent.append((nil, "effect", #line))
            sent.append((effect.dispatchTracked(.mark("effect tracked")), "effect tracked", #line))
            return sent
        }.value
        for (ticket, action, line) in fromThread.values + fromTasks {
            if let ticket { tickets.append(ticket) }
            expected.append((action, line, false))
        }
        try await store.settled(timeout: patience)

        for ticket in tickets {
            #expect(ticket.outcomeIfFinished?.description == "refused(invalidated)", "ticket #\(ticket.sequence)")
        }
        let after = Array(recorder.events[logged...])
        #expect(!after.contains { $0.enqueuedSite != nil }, "a refused dispatch is never enqueued")
        #expect(after.count == expected.count, "one event per refused dispatch: \(after.map(\.eventLabel))")
        for (action, line, onMainActor) in expected {
            let events = after.filter { $0.action == .mark(action) }
            #expect(events.count == 1, "\(action): \(events.map(\.eventLabel))")
            let refusal = events.first?.refusal
            #expect(refusal?.reason == "invalidated", "\(action)")
            #expect(refusal?.site.line == line, "\(action): logged at its call site")
            #expect(refusal.map { "\($0.site.file)" } == #fileID, "\(action)")
            #expect(refusal?.site.onMainActor == onMainActor, "\(action)")
        }
    }

    /// Once the store is released, `EffectContext.dispatchTracked` answers
    /// `.refused(.storeReleased)`, and nothing more is logged: neither those dispatches nor the
    /// handler that returns after the release. Old core: `cancelled`.
    @Test func afterReleaseEffectContextRefusesWithStoreReleasedAndNothingIsLogged() async throws {
        let recorder = LogRecorder<CounterAction>()
        let lent = SharedValue<EffectContext<CounterState, CounterAction>?>(nil)
        let gate = Gate(), handlerStarted = Gate(), handlerDone = Gate()
        let lateOutcome = SharedValue<String?>(nil)
        weak var weakStore: CounterStore?
        do {
            let store = makeCounterStore(
                middlewares: [Middleware(id: "lends, then suspends") { context in
                    switch context.action {
                    case .mark("lend"):
                        return .task { effect in lent.value = effect }
                    case .mark("suspend"):
                        return .deferred { effect in
                            handlerStarted.open()
                            await gate.wait()
                            effect.dispatch(.mark("from the handler"))
                            lateOutcome.value = effect.dispatchTracked(.mark("tracked from the handler")).outcomeIfFinished?.description
                            handlerDone.open()
                            return .next
                        }
                    default:
                        return .next
                    }
                }],
                recorder: recorder
            )
            weakStore = store
            store.dispatch(.mark("lend"))
            try await store.settled(timeout: patience)
            store.dispatch(.mark("suspend"))
            #expect(await handlerStarted.waitOpened(ifCancelled: .keepWaiting))
        }
        #expect(weakStore == nil, "released")
        let logged = recorder.events.count
        let effect = try #require(lent.value)

        effect.dispatch(.mark("after release"))
        let ticket = effect.dispatchTracked(.mark("tracked after release"))
        #expect(ticket.outcomeIfFinished?.description == "refused(storeReleased)")
        gate.open()
        #expect(await handlerDone.waitOpened(ifCancelled: .keepWaiting), "the handler returned after the release")
        #expect(lateOutcome.value == "refused(storeReleased)")
        // Give a stray main-actor turn its chance (real time, a window, not a proof): a turn the
        // handler scheduled would have been queued before this test got the main actor back,
        // so it would run during these yields. A loaded machine can only let a wrong store go
        // unseen here, never fail a correct one (nothing is logged after the release, however
        // long we wait).
        _ = await yieldUntil(within: .milliseconds(50)) { false }
        #expect(recorder.events.count == logged, "nothing was logged after the release: \(recorder.events[logged...].map(\.eventLabel))")
    }
}

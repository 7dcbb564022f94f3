import Redux
import Testing

/// Rule 3: a dispatch made on the main actor outside the pipeline drains the queue before it
/// returns (what was queued, its own action, what those enqueue), FIFO kept; when it returns the
/// state reflects the action, unless the action is suspended in `.deferred`.
@Suite("Main-actor dispatch drains the queue")
@MainActor
struct MainActorDrainTests {
    @Test func mainActorDispatchDrainsTheQueueBeforeReturning() {
        let store = makeCounterStore(middlewares: [
            Middleware(id: "follows up") { context in
                if context.action == .mark("queued 1") { context.dispatch(.mark("follow-up of queued 1")) }
                if context.action == .mark("own") { context.dispatch(.mark("follow-up of own")) }
                return .next
            },
        ])
        #expect(runOnThreadAndWait {
            store.dispatch(.mark("queued 1"))
            store.dispatch(.mark("queued 2"))
        })
        #expect(store.record.isEmpty, "queued from a thread, not yet drained")

        store.dispatch(.mark("own"))

        #expect(store.record == [
            .mark("queued 1"), .mark("queued 2"), .mark("own"),
            .mark("follow-up of queued 1"), .mark("follow-up of own"),
        ], "everything queued first, then its own action, then what those enqueued, in FIFO order")
        #expect(store.isSettled, "the queue is empty when dispatch returns")
    }

    @Test func stateReflectsTheActionWhenMainActorDispatchReturns() {
        let store = makeCounterStore()
        for expected in 1...5 {
            store.dispatch(.increment)
            #expect(store.count == expected)
        }
    }

    @Test func stateReflectsTheActionWhenItWasQueuedBehindOthers() {
        let store = makeCounterStore()
        #expect(runOnThreadAndWait {
            for _ in 0..<10 { store.dispatch(.mark("earlier")) }
        })
        store.dispatch(.increment)
        #expect(store.count == 1)
        #expect(store.record.last == .increment)
        #expect(store.record.count == 11)
    }

    @Test func trackedMainActorDispatchHasItsOutcomeWhenItReturns() {
        let store = makeCounterStore()
        let ticket = store.dispatchTracked(.increment)
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    /// A queued action suspended in `.deferred` does not hold up the drain; it lands at its
    /// resume position.
    @Test func aDeferredActionDoesNotHoldUpTheDrain() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
        #expect(runOnThreadAndWait { store.dispatch(.mark("slow"), .mark("queued")) })

        store.dispatch(.mark("own"))

        #expect(store.record == [.mark("queued"), .mark("own")], "the suspended action did not block the ones behind it")
        #expect(!store.isSettled, "the deferred handler is still pending")
        gate.open()
        try await store.settled(timeout: patience)
        #expect(store.record == [.mark("queued"), .mark("own"), .mark("slow")], "it landed at its resume position")
    }

    @Test func aMainActorDispatchSuspendedInDeferredLandsAtItsResumePosition() async throws {
        let gate = Gate()
        defer { gate.open() }
        let store = makeCounterStore(middlewares: [deferringMiddleware("slow", until: gate)])
        let ticket = store.dispatchTracked(.mark("slow"))
        #expect(store.record.isEmpty, "suspended: the state does not reflect it yet")
        #expect(ticket.outcomeIfFinished == nil)
        store.dispatch(.mark("later"))
        #expect(store.record == [.mark("later")])
        gate.open()
        try await expectOutcome(ticket, "reduced")
        #expect(store.record == [.mark("later"), .mark("slow")])
    }
}

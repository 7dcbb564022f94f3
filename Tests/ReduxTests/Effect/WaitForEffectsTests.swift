import Redux
import Testing

/// Issue 6, section 1: a tracked dispatch can await the effects its action started, and what
/// they started in turn (`ticket.waitForEffects()`, for SwiftUI's `.refreshable` and `.task`);
/// cancelling that wait cancels those effects — nothing they send afterwards is reduced — and
/// returns.
@Suite("Waiting for an action's effects", .timeLimit(.minutes(5)))
@MainActor
struct WaitForEffectsTests {
    /// `.start` starts a run that sends `.got(1)`; `.got(1)`'s reduction starts a run that waits
    /// for `release`, then sends `.got(2)`, whose reduction sends `.tag("last")` at top level.
    @Test func waitForEffectsAwaitsTheEffectsAndWhatTheyStartedTransitively() async throws {
        let secondStarted = Gate(), release = Gate()
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .run { send in send(.got(1)) }
            case .got(1):
                return .run { send in
                    secondStarted.open()
                    await release.wait()
                    send(.got(2))
                }
            case .got(2):
                return .send(.tag("last"))
            default:
                return .none
            }
        }
        let ticket = store.dispatchTracked(.start)
        let returned = Gate()
        let waiter = Task {
            await ticket.waitForEffects()
            returned.open()
        }
        #expect(await secondStarted.waitOpened(ifCancelled: .stopWaiting))
        #expect(!returned.isOpen, "the second-generation effect still runs")
        release.open()
        #expect(await returned.waitOpened(ifCancelled: .stopWaiting))
        _ = await waiter.value
        #expect(store.state == [.start, .got(1), .got(2), .tag("last")], "everything was reduced before it returned")
        #expect(store.activeTaskCount == 0)
    }

    @Test func waitForEffectsReturnsAtOnceForAnActionWithoutEffects() async {
        let store = makeFxStore { _ in .none }
        await store.dispatchTracked(.start).waitForEffects()
        #expect(store.state == [.start])
    }

    /// Only the action's own effects are waited for, not another action's.
    @Test func waitForEffectsDoesNotWaitForAnotherActionsEffects() async throws {
        let release = Gate()
        defer { release.open() }
        let store = makeFxStore { action in
            switch action {
            case .start: return .run { send in send(.got(1)) }
            case .tag: return .run { _ in await release.wait() }
            default: return .none
            }
        }
        store.dispatch(.tag("other"))
        await store.dispatchTracked(.start).waitForEffects()
        #expect(store.state == [.tag("other"), .start, .got(1)])
        #expect(store.activeTaskCount == 1, "the other action's effect still runs")
    }

    @Test func cancellingTheWaitCancelsTheEffectsAndNothingTheySendAfterwardsIsReduced() async throws {
        let started = ArrivalCounter(count: 2)
        let cancelled = ArrivalCounter(count: 2)
        @Sendable func sleeper(_ value: Int) -> Effect<FxAction> {
            .run { send in
                started.arrive()
                do {
                    try await sleepUntilCancelled(send)
                } catch {
                    send(.got(-value))
                    cancelled.arrive()
                    throw error
                }
            }
        }
        let store = makeFxStore { action in
            switch action {
            case .start: return .merge(sleeper(1), .run { send in send(.got(1)) })
            case .got(1): return sleeper(2)  // started by an action the first effect sent
            default: return .none
            }
        }
        let ticket = store.dispatchTracked(.start)
        let waiter = Task { await ticket.waitForEffects() }
        #expect(await started.gate.waitOpened(ifCancelled: .stopWaiting))
        waiter.cancel()
        let result = await taskResult(of: Task { () async throws in await waiter.value })
        #expect(result != nil, "the cancelled wait returned")
        #expect(await cancelled.gate.waitOpened(ifCancelled: .stopWaiting), "both effects saw the cancellation")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1)])
    }

    /// The store keeps working after a cancelled wait: later actions start effects as usual.
    @Test func effectsStartedAfterACancelledWaitRunNormally() async throws {
        let started = Gate()
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .run { send in
                    started.open()
                    try await sleepUntilCancelled(send)
                }
            case .tag:
                return .run { send in send(.got(7)) }
            default:
                return .none
            }
        }
        let ticket = store.dispatchTracked(.start)
        let waiter = Task { await ticket.waitForEffects() }
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        waiter.cancel()
        #expect(await taskResult(of: Task { () async throws in await waiter.value }) != nil)
        await store.dispatchTracked(.tag("again")).waitForEffects()
        #expect(store.state == [.start, .tag("again"), .got(7)])
    }

    /// A dispatch from another isolation: the wait covers its terminal (a later main-actor turn),
    /// then its effects.
    @Test func waitForEffectsOfADispatchFromAnotherIsolationAwaitsItsTerminalThenItsEffects() async throws {
        let release = Gate()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .run { send in
                await release.wait()
                send(.got(1))
            }
        }
        let ticket = await Task.detached { store.dispatchTracked(.start) }.value
        let returned = Gate()
        let waiter = Task.detached {
            await ticket.waitForEffects()
            returned.open()
        }
        #expect(await yieldUntil { store.activeTaskCount == 1 }, "the action was reduced and its effect started")
        #expect(!returned.isOpen)
        release.open()
        #expect(await returned.waitOpened(ifCancelled: .stopWaiting))
        await waiter.value
        #expect(store.state == [.start, .got(1)])
    }

    /// Invalidating the store ends the wait: its effects are cancelled with the store.
    @Test func waitForEffectsReturnsOnceTheStoreIsInvalidated() async throws {
        let started = Gate()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .run { send in
                started.open()
                try await sleepUntilCancelled(send)
            }
        }
        let ticket = store.dispatchTracked(.start)
        let waiter = Task { await ticket.waitForEffects() }
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.invalidate()
        #expect(await taskResult(of: Task { () async throws in await waiter.value }) != nil, "the wait returned")
    }

    /// The log handler invalidates the store on the `.enqueued` event of an action the effect
    /// sent (delivered just before that action would run): the action is dropped, and the wait,
    /// which was waiting for that action's terminal, returns. The test holds the main actor until
    /// the effect's task has ended, so no task is left for the invalidation to cancel.
    @Test func waitForEffectsReturnsWhenTheLogHandlerInvalidatesTheStoreOnASentActionsArrival() async throws {
        let reference = WeakReference<FxStore>()
        let store = Store<[FxAction], FxAction>(
            initialState: [],
            reducers: [fxReducer { action in
                action == .start ? .run { send in send(.got(1)) } : .none
            }],
            onLog: { event in
                if case .enqueued = event.kind, event.action == .got(1) { reference.object?.invalidate() }
            }
        )
        reference.object = store
        let ticket = store.dispatchTracked(.start)
        #expect(blockUntil { store.activeTaskCount == 0 }, "the effect sent got(1) and ended")
        let waiter = Task { await ticket.waitForEffects() }
        #expect(await taskResult(of: Task { () async throws in await waiter.value }) != nil, "the wait returned")
        #expect(store.state == [.start])
        waiter.cancel()
    }

    /// A ticket from `send.tracked(a)` inside an effect waits for `a`'s own effects too — whether
    /// or not the dispatch that started the effect was tracked (a tracked one puts the effect in
    /// an effect group of its own).
    @Test(arguments: [false, true])
    func waitForEffectsOfAnEffectsTrackedSendAwaitsThatActionsEffects(parentTracked: Bool) async throws {
        let secondStarted = Gate(), release = Gate(), returned = Gate()
        let releasedWhenItReturned = SharedValue<Bool?>(nil)
        defer { release.open() }
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .run { send in
                    await send.tracked(.got(1)).waitForEffects()
                    releasedWhenItReturned.value = release.isOpen
                    returned.open()
                }
            case .got(1):
                return .run { send in
                    secondStarted.open()
                    await release.wait()
                    send(.got(2))
                }
            default:
                return .none
            }
        }
        if parentTracked { _ = store.dispatchTracked(.start) } else { store.dispatch(.start) }
        #expect(await secondStarted.waitOpened(ifCancelled: .stopWaiting))
        // A correct wait cannot return before `release` opens: give a wrong one time to show.
        // Real time, and only a chance to catch a wrong wait: its result is ignored, and the
        // proof is `releasedWhenItReturned`, recorded when the wait returns. A loaded machine can
        // only shorten the window (a wrong wait might go unseen), never fail a correct one.
        _ = await returned.waitOpened(within: .milliseconds(300), ifCancelled: .stopWaiting)
        release.open()
        #expect(await returned.waitOpened(ifCancelled: .stopWaiting))
        #expect(releasedWhenItReturned.value == true, "the wait returned before got(1)'s effect ended")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1), .got(2)])
    }
}

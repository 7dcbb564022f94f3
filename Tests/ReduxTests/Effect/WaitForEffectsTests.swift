import Foundation
import Redux
import ReduxTesting
import Testing

/// Issue 6, section 1: a tracked dispatch can await the effects its action started, and what
/// they started in turn (`ticket.waitForEffects()`, for SwiftUI's `.refreshable` and `.task`);
/// cancelling that wait cancels the effects the action itself started — nothing they send
/// afterwards is reduced — and returns. The effects of the actions they sent
/// belong to those actions and keep running (waiting is transitive, cancelling is not).
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

    /// A wait cancelled while its action is still queued (dispatched from another isolation)
    /// cancels the effects the action starts once it is processed: they never run.
    @Test func cancellingTheWaitBeforeTheActionIsProcessedCancelsTheEffectsItStartsLater() async throws {
        let clock = TestClock()
        let ran = SharedList<String>()
        let store = makeFxStore(options: StoreOptions(clock: clock)) { action in
            guard action == .start else { return .none }
            return .run { send in
                ran.append("started")
                try await send.sleep(for: .seconds(1))
                send(.got(1))
            }
        }
        // Off the main actor, which this test blocks until the wait has returned: the action
        // waits in the inbox while its wait is cancelled.
        let returned = DispatchSemaphore(value: 0)
        Task.detached {
            let ticket = store.dispatchTracked(.start)
            withUnsafeCurrentTask { $0?.cancel() }
            await ticket.waitForEffects()
            returned.signal()
        }
        returned.wait()
        #expect(store.state.isEmpty, "the action was still queued when its wait returned")
        try await store.settled(timeout: patience)
        await clock.advance(by: .seconds(1))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start], "the action was processed; its effect never delivered")
        #expect(ran.values.isEmpty, "its effect never ran")
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

    /// `.start` starts a sleeper and a run that sends `.got(1)`, whose reduction starts a second
    /// run (a follow-up action's effect, which waits for `probe` — ignoring cancellation — then
    /// sends `.got(2)` and sleeps). Cancelling the wait cancels the sleeper, whose send is dropped;
    /// the follow-up's effect is not cancelled: it sends `.got(2)`, which is reduced, and goes on
    /// until the store is invalidated.
    @Test func cancellingTheWaitCancelsTheActionsOwnEffectsAndNothingTheySendAfterwardsIsReduced() async throws {
        let started = ArrivalCounter(count: 2)
        let ownCancelled = Gate(), probe = Gate(), followUpEnded = Gate()
        let followUpSawCancellation = SharedValue<Bool?>(nil)
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .merge(
                    .run { send in
                        started.arrive()
                        do {
                            try await sleepUntilCancelled(send)
                        } catch {
                            send(.got(-1))
                            ownCancelled.open()
                            throw error
                        }
                    },
                    .run { send in send(.got(1)) }
                )
            case .got(1):
                return .run { send in  // started by an action the second effect sent
                    started.arrive()
                    await probe.wait()
                    followUpSawCancellation.value = Task.isCancelled
                    send(.got(2))
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        send(.got(-2))
                        followUpEnded.open()
                        throw error
                    }
                }
            default:
                return .none
            }
        }
        let ticket = store.dispatchTracked(.start)
        let waiter = Task { await ticket.waitForEffects() }
        #expect(await started.gate.waitOpened(within: hangLimit, ifCancelled: .stopWaiting))
        waiter.cancel()
        let result = await taskResult(of: Task { () async throws in await waiter.value }, within: hangLimit)
        #expect(result != nil, "the cancelled wait returned")
        #expect(await ownCancelled.waitOpened(within: hangLimit, ifCancelled: .stopWaiting), "the action's own effect saw the cancellation")
        // The wait's cancellation is over (it ran before the wait returned): release the probe.
        probe.open()
        #expect(await yieldUntil(within: hangLimit) { store.state.contains(.got(2)) }, "the follow-up's effect went on")
        #expect(followUpSawCancellation.value == false, "the follow-up action's effect was not cancelled")
        store.invalidate()
        #expect(await followUpEnded.waitOpened(within: hangLimit, ifCancelled: .stopWaiting), "invalidating the store ended it")
        #expect(store.state == [.start, .got(1), .got(2)], "got(-1), sent after the cancellation, was dropped")
    }

    /// The public bug report: a parent answers its child's `didFinish` by removing the child and starting a 1 s
    /// delay; the child's view, whose `.task` waited for the child's `start`, disappears with it,
    /// which cancels that wait. The delay is the parent's: it keeps running and delivers.
    @Test func cancellingAWaitLeavesTheFollowUpActionsEffectsRunning() async throws {
        let clock = TestClock()
        let store = finishingStore(clock)
        let ticket = store.dispatchTracked(.child(.start))
        let viewTask = Task { await ticket.waitForEffects() }
        try await store.quiescent(timeout: hangLimit)
        #expect(store.state.child == nil, "the parent answered didFinish by removing the child")
        #expect(store.state.delayed == false)

        viewTask.cancel()  // the child's view went away with the child
        #expect(await taskResult(of: Task { () async throws in await viewTask.value }, within: hangLimit) != nil, "the cancelled wait returned")
        await clock.advance(by: .seconds(1))
        #expect(store.state.delayed, "the parent's delay delivered")
        try await store.settled(timeout: hangLimit)
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    /// The same story: a second wait on the child's ticket, started before the first is
    /// cancelled, still waits for the parent's delay and returns once its action was reduced.
    @Test func anotherWaitOnTheTicketStillWaitsForTheFollowUpActionsEffectsAfterOneIsCancelled() async throws {
        let clock = TestClock()
        let store = finishingStore(clock)
        let ticket = store.dispatchTracked(.child(.start))
        let viewTask = Task { await ticket.waitForEffects() }
        let otherWait = Task { @MainActor in
            await ticket.waitForEffects()
            return (clock.now, store.state.delayed)
        }
        try await store.quiescent(timeout: hangLimit)
        viewTask.cancel()
        #expect(await taskResult(of: Task { () async throws in await viewTask.value }, within: hangLimit) != nil)
        await clock.advance(by: .seconds(1))
        let (returnedAt, delayed) = try #require(await taskResult(of: Task { () async throws in await otherWait.value }, within: hangLimit)).get()
        #expect(returnedAt == instant(1_000), "it returned once the delay ended, not at the cancellation")
        #expect(delayed, "after the delay's action was reduced")
        // A wait begun now finds nothing left to wait for.
        #expect(await taskResult(of: Task { () async throws in await ticket.waitForEffects() }, within: hangLimit) != nil)
    }

    /// A follow-up action sent plainly or with `send.tracked`: either way its effect is its own,
    /// and a cancelled wait on the action whose effect sent it leaves it running.
    @Test(arguments: [false, true])
    func cancellingAWaitLeavesTheEffectsOfAnActionItsEffectSentRunning(tracked: Bool) async throws {
        let clock = TestClock()
        let store = makeFxStore(options: StoreOptions(clock: clock)) { action in
            switch action {
            case .start:
                return .run { send in
                    if tracked { _ = send.tracked(.got(1)) } else { send(.got(1)) }
                }
            case .got(1):
                return .run { send in
                    try await send.sleep(for: .seconds(1))
                    send(.got(2))
                }
            default:
                return .none
            }
        }
        let ticket = store.dispatchTracked(.start)
        let waiter = Task { await ticket.waitForEffects() }
        try await store.quiescent(timeout: hangLimit)
        #expect(store.state == [.start, .got(1)])
        waiter.cancel()
        #expect(await taskResult(of: Task { () async throws in await waiter.value }, within: hangLimit) != nil)
        await clock.advance(by: .seconds(1))
        #expect(store.state == [.start, .got(1), .got(2)])
        try await store.settled(timeout: hangLimit)
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    /// The action's own concatenation: once the wait is cancelled, its running link is cancelled
    /// and no later link starts (they are the action's own effects too).
    @Test func cancellingTheWaitStopsTheActionsOwnLaterLinksFromStarting() async throws {
        let clock = TestClock()
        let store = makeFxStore(options: StoreOptions(clock: clock)) { action in
            guard action == .start else { return .none }
            return .concatenate(
                .run { send in try await send.sleep(for: .seconds(1)) },
                .run { send in send(.got(2)) }
            )
        }
        let ticket = store.dispatchTracked(.start)
        let waiter = Task { await ticket.waitForEffects() }
        try await store.quiescent(timeout: hangLimit)
        waiter.cancel()
        #expect(await taskResult(of: Task { () async throws in await waiter.value }, within: hangLimit) != nil)
        await clock.advance(by: .seconds(2))
        try await store.settled(timeout: hangLimit)
        #expect(store.state == [.start], "the second link never ran")
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
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

/// How long the tests above wait for a condition before they give up: a guard against a hang.
private let hangLimit: Duration = .seconds(60)

// A child that finishes at once, and a parent that answers its `didFinish` by removing it and
// starting a 1 s delay (the parent's own effect).

struct FinishingChild: Equatable, Sendable {
    var started = false
}

enum FinishingChildAction: Equatable, Sendable {
    case start
    case didFinish
}

struct FinishingParent: Equatable, Sendable {
    var child: FinishingChild? = FinishingChild()
    var delayed = false
}

enum FinishingParentAction: Equatable, Sendable {
    case child(FinishingChildAction)
    case delayed
}

private let finishingChild = Reducer<FinishingChild, FinishingChildAction>(id: "child", effects: { state, action in
    switch action {
    case .start:
        state.started = true
        return .run { send in send(.didFinish) }
    case .didFinish:
        return .none
    }
})

private let finishingParent = Reducer<FinishingParent, FinishingParentAction>(id: "parent", effects: { state, action in
    switch action {
    case .child(.didFinish):
        state.child = nil
        return .run { send in
            try await send.sleep(for: .seconds(1))
            send(.delayed)
        }
    case .child:
        return .none
    case .delayed:
        state.delayed = true
        return .none
    }
})

@MainActor
private func finishingStore(_ clock: TestClock) -> Store<FinishingParent, FinishingParentAction> {
    Store(
        initialState: FinishingParent(),
        reducers: [
            finishingChild.lift(state: \FinishingParent.child, action: Embedding(
                extract: { if case .child(let action) = $0 { action } else { nil } },
                embed: FinishingParentAction.child
            )),
            finishingParent,
        ],
        options: StoreOptions(clock: clock)
    )
}

@testable import Redux
import Testing

/// Issue 6, section 1, cancellation: `.cancellable(id:cancelInFlight:)` and `.cancel(id:)`, ids
/// scoped to the store instance; a cancel processed before the effect's task has started still
/// stops it; nothing a cancelled effect sends is reduced, also an action it sent before the
/// cancellation that was still queued.
///
/// `@testable` for the inbox's pending count: a reducer waits, inside the dispatch call, until
/// the effect's actions are queued, so the cancel provably comes after them.
@Suite("Effect cancellation", .timeLimit(.minutes(5)))
@MainActor
struct EffectCancellationTests {
    /// `.tag("1")` starts a search that waits until cancelled (then tries to send `got(-1)`);
    /// `.tag("2")` starts one that sends `got(2)` at once; both with `cancelInFlight`.
    private func searchStore(started: Gate, cancelled: Gate) -> FxStore {
        makeFxStore { action in
            guard case .tag(let query) = action else { return .none }
            return .run { send in
                if query == "1" {
                    started.open()
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        cancelled.open()
                        send(.got(-1))
                        throw error
                    }
                }
                send(.got(Int(query) ?? 0))
            }.cancellable(id: "search", cancelInFlight: true)
        }
    }

    @Test func cancelInFlightReplacesTheRunningEffect() async throws {
        let started = Gate(), cancelled = Gate()
        let store = searchStore(started: started, cancelled: cancelled)
        store.dispatch(.tag("1"))
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.tag("2"))
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting), "the first search saw its cancellation")
        try await store.settled(timeout: patience)
        #expect(store.state == [.tag("1"), .tag("2"), .got(2)])
        #expect(store.activeTaskCount == 0)
    }

    /// Both searches start in one call: the second cancels the first whether or not its task
    /// has started yet.
    @Test func cancelInFlightReplacesAnEffectStartedInTheSameCall() async throws {
        let store = searchStore(started: Gate(), cancelled: Gate())
        store.dispatch(contentsOf: [.tag("1"), .tag("2")])
        try await store.settled(timeout: patience)
        #expect(store.state == [.tag("1"), .tag("2"), .got(2)])
    }

    @Test func cancelStopsTheEffectAndNothingItSendsAfterwardsIsReduced() async throws {
        let started = Gate(), cancelled = Gate()
        let late = SharedValue<DispatchTicket<FxAction>?>(nil)
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .run { send in
                    started.open()
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        send(.got(-1))
                        late.value = send.tracked(.got(-2))
                        cancelled.open()
                        throw error
                    }
                }.cancellable(id: "work")
            case .stop:
                return .cancel(id: "work")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting))
        try await expectOutcome(late.value, "cancelled", "a tracked send after the cancellation")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
        #expect(store.activeTaskCount == 0)
    }

    /// The effect sends two actions and sleeps; `.stop`, in the same call, waits until both are
    /// queued in the inbox, then cancels: when their turn comes, both are dropped (the tracked
    /// one answers `.cancelled`), and the log says so.
    @Test func cancelDropsAnActionTheEffectSentThatWasStillQueued() async throws {
        let trace = SharedList<String>()
        let storeReference = WeakReference<FxStore>()
        let queuedBeforeTheCancel = SharedValue(false)
        let ticket = SharedValue<DispatchTicket<FxAction>?>(nil)
        let ticketStored = Gate()
        let store = makeFxStore(trace: trace) { action in
            switch action {
            case .start:
                return .merge(
                    .run { send in
                        send(.got(1))
                        ticket.value = send.tracked(.got(2))
                        ticketStored.open()
                        try await sleepUntilCancelled(send)
                    }.cancellable(id: "work"),
                    .send(.stop)
                )
            case .stop:
                queuedBeforeTheCancel.value = blockUntil {
                    (storeReference.object?.inbox.pendingCount.load(ordering: .acquiring) ?? 0) >= 2
                }
                return .cancel(id: "work")
            default:
                return .none
            }
        }
        storeReference.object = store
        store.dispatch(.start)
        #expect(queuedBeforeTheCancel.value)
        #expect(await ticketStored.waitOpened(ifCancelled: .stopWaiting))
        try await expectOutcome(ticket.value, "cancelled")
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
        #expect(trace.values.filter { $0.hasPrefix("got(") } == [
            "got(1): enqueued", "got(1): terminal cancelled",
            "got(2): enqueued", "got(2): terminal cancelled",
        ])
    }

    /// The effect sends its action and ends; `.stop`, in the same call, waits until the task has
    /// ended with the action still in the inbox, then cancels the id. The action was sent by the
    /// effect the cancel names and is still waiting in the queue, so it should be dropped (the
    /// stale result a `cancelInFlight` search must never show).
    @Test func cancelDropsAnActionAFinishedEffectSentThatWasStillQueued() async throws {
        let storeReference = WeakReference<FxStore>()
        let finishedAndQueued = SharedValue(false)
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .merge(
                    .run { send in send(.got(1)) }.cancellable(id: "work"),
                    .send(.stop)
                )
            case .stop:
                finishedAndQueued.value = blockUntil {
                    guard let store = storeReference.object else { return false }
                    return store.activeTaskCount == 0 && store.inbox.hasPending
                }
                return .cancel(id: "work")
            default:
                return .none
            }
        }
        storeReference.object = store
        store.dispatch(.start)
        #expect(finishedAndQueued.value)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
    }

    /// The same for a `.send` that follows a run in a cancellable concatenation: it is sent
    /// after the run ended, from its task, and queued; the cancel that comes while it waits should
    /// drop it.
    @Test func cancelDropsASendThatFollowedARunInACancellableConcatenationAndWasStillQueued() async throws {
        let storeReference = WeakReference<FxStore>()
        let finishedAndQueued = SharedValue(false)
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .merge(
                    .concatenate(.run { _ in }, .send(.got(1))).cancellable(id: "work"),
                    .send(.stop)
                )
            case .stop:
                finishedAndQueued.value = blockUntil {
                    guard let store = storeReference.object else { return false }
                    return store.activeTaskCount == 0 && store.inbox.hasPending
                }
                return .cancel(id: "work")
            default:
                return .none
            }
        }
        storeReference.object = store
        store.dispatch(.start)
        #expect(finishedAndQueued.value)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
    }

    /// `.start` spawns the cancellable effect, then, in the same dispatch call, a top-level
    /// `.send(.stop)` cancels it: nothing it sends is reduced, whether or not its task had
    /// started (here it may have: the pool is free).
    @Test func cancelInTheCallThatStartedTheEffectStopsIt() async throws {
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .merge(
                    .run { send in send(.got(1)) }.cancellable(id: "early"),
                    .send(.stop)
                )
            case .stop:
                return .cancel(id: "early")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
        #expect(store.activeTaskCount == 0)
    }

    /// The same, with every thread of the cooperative pool held while the call runs, so that the
    /// effect's task provably has not started when the cancel is processed: it never runs its
    /// work. In the `DiagnosticsProbe` child process (mode `cancel-before-start`), because
    /// holding the pool here would stall the tests running beside this one.
    @Test func cancelProcessedBeforeTheEffectsTaskStartedStillStopsIt() async throws {
        let run = try await runDiagnosticsProbe(["cancel-before-start"])
        #expect(run.status == 0)
        #expect(run.standardOutput == [
            "ran false false",  // not started before the pool was let go, and never afterwards
            "state start stop",
            "tasks 0",
        ], "\(run.standardError)")
    }

    @Test func twoStoresWithTheSameIDDoNotCancelEachOther() async throws {
        let started = ArrivalCounter(count: 2)
        let release = Gate()
        let effect: @Sendable (FxAction) -> Effect<FxAction> = { action in
            switch action {
            case .start:
                return .run { send in
                    started.arrive()
                    await release.wait()
                    send(.got(1))
                }.cancellable(id: "same")
            case .stop:
                return .cancel(id: "same")
            default:
                return .none
            }
        }
        let first = makeFxStore(effect), second = makeFxStore(effect)
        first.dispatch(.start)
        second.dispatch(.start)
        #expect(await started.gate.waitOpened(ifCancelled: .stopWaiting))
        first.dispatch(.stop)
        release.open()
        try await first.settled(timeout: patience)
        try await second.settled(timeout: patience)
        #expect(first.state == [.start, .stop])
        #expect(second.state == [.start, .got(1)])
    }

    /// A cancel with an id of another type (or another value) leaves the effect running.
    @Test func cancelMatchesOnlyAnEqualID() async throws {
        struct SearchID: Hashable, Sendable {}
        let started = Gate(), release = Gate()
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .run { send in
                    started.open()
                    await release.wait()
                    send(.got(1))
                }.cancellable(id: SearchID())
            case .stop:
                return .merge(.cancel(id: "SearchID"), .cancel(id: 0))
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        release.open()
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop, .got(1)])
    }
}

@testable import Redux
import Testing

/// Issue 6, section 1: `.merge(...)` runs its effects concurrently, each branch its own runtime
/// task (not a task group); `.concatenate(...)` starts the next effect when the previous one
/// finished (all of it, a merge included); a part cancelled by its own id ends and the next one
/// starts; cancelling an id that encloses the whole concatenation stops all of it.
@Suite("Effect merge and concatenate", .timeLimit(.minutes(5)))
@MainActor
struct EffectCompositionTests {
    /// Each branch waits for the other to arrive: run one after the other, the first would wait
    /// out its patience and report `false`.
    @Test func mergedBranchesRunConcurrently() async throws {
        let aArrived = Gate(), bArrived = Gate()
        let results = SharedList<String>()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .merge(
                .run { _ in
                    aArrived.open()
                    results.append("a saw b: \(await bArrived.waitOpened(ifCancelled: .stopWaiting))")
                },
                .run { _ in
                    bArrived.open()
                    results.append("b saw a: \(await aArrived.waitOpened(ifCancelled: .stopWaiting))")
                }
            )
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience + .seconds(5))
        #expect(results.values.sorted() == ["a saw b: true", "b saw a: true"])
    }

    @Test func eachMergeBranchIsItsOwnRuntimeTaskSoCancellingOneLeavesTheOther() async throws {
        let aStarted = Gate(), bStarted = Gate(), aCancelled = Gate(), releaseB = Gate()
        let bSawCancellation = SharedValue<Bool?>(nil)
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .merge(
                    .run { send in
                        aStarted.open()
                        do {
                            try await sleepUntilCancelled(send)
                        } catch {
                            aCancelled.open()
                            send(.got(-1))
                            throw error
                        }
                    }.cancellable(id: "a"),
                    .run { send in
                        bStarted.open()
                        await releaseB.wait()
                        bSawCancellation.value = Task.isCancelled
                        send(.got(2))
                    }.cancellable(id: "b")
                )
            case .stop:
                return .cancel(id: "a")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(store.activeTaskCount == 2, "one task per branch, counted from the spawn")
        #expect(await aStarted.waitOpened(ifCancelled: .stopWaiting))
        #expect(await bStarted.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await aCancelled.waitOpened(ifCancelled: .stopWaiting))
        releaseB.open()
        try await store.settled(timeout: patience)
        #expect(bSawCancellation.value == false)
        #expect(store.state == [.start, .stop, .got(2)])
    }

    @Test func concatenatedEffectStartsOnlyAfterThePreviousOneFinished() async throws {
        let steps = SharedList<String>()
        let firstStarted = Gate(), releaseFirst = Gate()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .concatenate(
                .run { _ in
                    steps.append("1 start")
                    firstStarted.open()
                    await releaseFirst.wait()
                    steps.append("1 end")
                },
                .run { send in
                    steps.append("2 start")
                    send(.got(2))
                }
            )
        }
        store.dispatch(.start)
        #expect(await firstStarted.waitOpened(ifCancelled: .stopWaiting))
        #expect(store.activeTaskCount == 1, "the second effect has no task while the first runs")
        #expect(steps.values == ["1 start"])
        releaseFirst.open()
        try await store.settled(timeout: patience)
        #expect(steps.values == ["1 start", "1 end", "2 start"])
        #expect(store.state == [.start, .got(2)])
    }

    /// A merge inside a concatenation counts as finished when its last branch has.
    @Test func concatenatedEffectAfterAMergeStartsOnlyAfterEveryBranchFinished() async throws {
        let steps = SharedList<String>()
        let started = ArrivalCounter(count: 2)
        let releaseA = Gate(), releaseB = Gate()
        let store = makeFxStore { action in
            guard action == .start else { return .none }
            return .concatenate(
                .merge(
                    .run { _ in
                        started.arrive()
                        await releaseA.wait()
                        steps.append("A end")
                    },
                    .run { _ in
                        started.arrive()
                        await releaseB.wait()
                        steps.append("B end")
                    }
                ),
                .run { _ in steps.append("C start") },
                .send(.got(3))
            )
        }
        store.dispatch(.start)
        #expect(await started.gate.waitOpened(ifCancelled: .stopWaiting))
        #expect(store.activeTaskCount == 2)
        releaseA.open()
        #expect(await yieldUntil { store.activeTaskCount == 1 }, "branch A finished")
        #expect(steps.values == ["A end"], "C did not start after the first branch alone")
        releaseB.open()
        try await store.settled(timeout: patience)
        #expect(steps.values == ["A end", "B end", "C start"])
        #expect(store.state == [.start, .got(3)])
    }

    /// The first part is cancelled by its own id while it runs: it ends, the rest runs.
    @Test func aConcatenationGoesOnAfterAPartCancelledByItsOwnID() async throws {
        let started = Gate(), cancelled = Gate(), secondRan = Gate()
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .concatenate(
                    .run { send in
                        started.open()
                        do {
                            try await sleepUntilCancelled(send)
                        } catch {
                            cancelled.open()
                            throw error
                        }
                    }.cancellable(id: "first"),
                    .run { _ in secondRan.open() },
                    .send(.got(3))
                )
            case .stop:
                return .cancel(id: "first")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(secondRan.isOpen)
        #expect(store.state == [.start, .stop, .got(3)])
        #expect(store.activeTaskCount == 0)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    /// A part cancelled by its own id that ignores its cancellation and returns normally: the
    /// rest runs once it has returned.
    @Test func aConcatenationGoesOnAfterACancelledPartThatReturnedNormally() async throws {
        let started = Gate(), release = Gate(), secondRan = Gate()
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .concatenate(
                    .run { _ in
                        started.open()
                        await release.wait()  // ignores the cancellation
                    }.cancellable(id: "first"),
                    .run { _ in secondRan.open() },
                    .send(.got(3))
                )
            case .stop:
                return .cancel(id: "first")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(!secondRan.isOpen, "the next part waits for the cancelled one to return")
        release.open()
        try await store.settled(timeout: patience)
        #expect(secondRan.isOpen)
        #expect(store.state == [.start, .stop, .got(3)])
    }

    /// Cancelling a whole concatenation stops the part running and skips the rest.
    @Test func cancellingAConcatenationStopsItsCurrentPartAndSkipsTheRest() async throws {
        let secondStarted = Gate(), secondCancelled = Gate(), thirdRan = Gate()
        let store = makeFxStore { action in
            switch action {
            case .start:
                return .concatenate(
                    .run { send in send(.got(1)) },
                    .run { send in
                        secondStarted.open()
                        do {
                            try await sleepUntilCancelled(send)
                        } catch {
                            secondCancelled.open()
                            throw error
                        }
                    },
                    .run { _ in thirdRan.open() }
                ).cancellable(id: "all")
            case .stop:
                return .cancel(id: "all")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await secondStarted.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await secondCancelled.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(!thirdRan.isOpen)
        #expect(store.state == [.start, .got(1), .stop])
    }
}

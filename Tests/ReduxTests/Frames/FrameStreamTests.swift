import Redux
import ReduxTesting
import Testing

/// `frames(_:arming:)`: registered before its arming action, edge-triggered on its change key,
/// and finished with a stated reason.
@Suite("State frames: streams", .timeLimit(.minutes(5)))
@MainActor
struct FrameStreamTests {
    func spec(count: Int? = nil, duration: Duration? = nil, initialFrame: Bool = false, bufferLimit: Int = 1_024) throws -> FrameSpec<FrameTally, CountProjection> {
        try FrameSpec(CountProjection.self, changeKey: { $0.count }, initialFrame: initialFrame, count: count, duration: duration, bufferLimit: bufferLimit)
    }

    @Test func aCountOfOneDeliversOneFrame() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 1), arming: .increment)
        #expect(await counts(of: stream) == [1])
        #expect(stream.finishReason == .countReached)
        #expect(store.frameStreamCount == 0)
    }

    @Test func aCountOfTwoWithAConsumerThatDispatchesAfterEachFrameDeliversOneThenTwoThenFinishes() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 2), arming: .increment)
        var seen: [Int] = []
        for await element in stream {
            seen.append(try element.get().decode(CountProjection.self).count)
            store.dispatch(.increment)
        }
        #expect(seen == [1, 2])
        #expect(stream.finishReason == .countReached)
        #expect(store.count == 3, "the consumer's last dispatch ran; the stream had finished")
    }

    @Test func anUnencodableFrameIsDeliveredAsAFailureAndDoesNotCount() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try FrameSpec(RatioProjection.self, changeKey: { $0.count }, count: 2), arming: .increment)
        store.dispatch(.poison)
        store.dispatch(.heal)
        var elements: [Result<StateFrame, FrameError>] = []
        for await element in stream { elements.append(element) }
        #expect(elements.count == 3)
        #expect(try elements[0].get().text == #"{"count":1,"ratio":0}"#)
        guard case .failure(.encoding(let error)) = elements[1] else {
            Issue.record("expected an encoding failure, got \(elements[1])")
            return
        }
        #expect(error == .nonFiniteNumber(path: "ratio", value: "nan"))
        #expect(try elements[2].get().text == #"{"count":3,"ratio":1}"#)
        #expect(stream.finishReason == .countReached)
    }

    @Test func anActionThatLeavesTheKeyUnchangedEmitsNothing() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 1))
        store.dispatch(.touch)
        store.dispatch(.label("the key does not see this"))
        store.dispatch(.consume)
        store.dispatch(.increment)
        #expect(await counts(of: stream) == [1], "the first frame is the increment's")
    }

    @Test func theInitialFrameCountsTowardTheCount() async throws {
        let store = makeTallyStore()
        store.dispatch(.addTen)
        var frames: [StateFrame] = []
        for await element in store.frames(try spec(count: 2, initialFrame: true), arming: .increment) {
            frames.append(try element.get())
        }
        #expect(frames.map(\.text) == [#"{"count":10}"#, #"{"count":11}"#])
        #expect(frames.first?.sequence == 0, "the initial frame has sequence 0")
        let alone = store.frames(try spec(count: 1, initialFrame: true), arming: .increment)
        #expect(alone.finishReason == .countReached, "the initial frame alone reached the count")
        #expect(await counts(of: alone) == [11])
    }

    @Test func cancellingTheConsumerUnregistersTheStream() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 10))
        #expect(store.frameStreamCount == 1)
        let consumer = Task { await counts(of: stream) }
        await giveMainActorTurns(10)
        consumer.cancel()
        _ = await consumer.value
        #expect(store.frameStreamCount == 0)
        #expect(stream.finishReason == .consumerCancelled)
        store.dispatch(.increment)  // the finished entry is pruned
        #expect(store.frameStreamCount == 0)
    }

    @Test func droppingTheIteratorUnregistersTheStream() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 10))
        do {
            var iterator = stream.makeAsyncIterator()
            store.dispatch(.increment)
            #expect(try await iterator.next()?.get().text == #"{"count":1}"#)
        }
        #expect(store.frameStreamCount == 0)
        #expect(stream.finishReason == .consumerCancelled)
    }

    @Test func releasingTheStoreFinishesTheStream() async throws {
        var store: Store<FrameTally, FrameTallyAction>? = makeTallyStore()
        let stream = store!.frames(try spec(count: 5), arming: .increment)
        weak let released = store
        store = nil
        #expect(await yieldUntil { released == nil })
        #expect(stream.finishReason == .storeReleased)
        #expect(await counts(of: stream) == [1], "what was buffered is still read")
    }

    @Test func invalidatingTheStoreFinishesTheStream() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 5))
        store.invalidate()
        #expect(stream.finishReason == .storeInvalidated)
        #expect(store.frameStreamCount == 0)
        #expect(await counts(of: stream) == [])
        #expect(store.frames(try spec(count: 5)).finishReason == .storeInvalidated)
    }

    @Test func anArmingActionRefusedAfterInvalidateFinishesTheStream() async throws {
        let store = makeTallyStore()
        store.invalidate()
        let stream = store.frames(try spec(count: 5), arming: .increment)
        #expect(stream.finishReason == .armingActionRefused(.invalidated))
        #expect(await counts(of: stream) == [])
    }

    @Test func theDurationLimitFinishesTheStreamOnTheStoresClock() async throws {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock)
        let stream = store.frames(try spec(duration: .seconds(10)), arming: .increment)
        #expect(await yieldUntil { clock.sleeperCount == 1 })
        await clock.advance(by: .seconds(9))
        #expect(stream.finishReason == nil)
        store.dispatch(.increment)
        await clock.advance(by: .seconds(1))
        #expect(await yieldUntil { stream.finishReason != nil })
        #expect(stream.finishReason == .durationElapsed)
        #expect(store.frameStreamCount == 0)
        #expect(await counts(of: stream) == [1, 2])
    }

    @Test func aDurationOnlyStreamKeepsTheNewestFramesUpToItsBufferLimit() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(duration: .seconds(3_600), bufferLimit: 2))
        for _ in 0..<5 { store.dispatch(.increment) }
        store.invalidate()
        #expect(await counts(of: stream) == [4, 5], "the oldest waiting frames were dropped")
    }

    @Test func aCountedStreamKeepsEveryFrameBeyondItsBufferLimit() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try spec(count: 5, bufferLimit: 2))
        for _ in 0..<5 { store.dispatch(.increment) }
        #expect(await counts(of: stream) == [1, 2, 3, 4, 5])
    }

    @Test func aStreamFramesSequenceIsTheLogsSequence() async throws {
        let terminals = LockedTerminals()
        let store = makeTallyStore(onLog: { event in
            if case .terminal = event.kind { terminals.append(event.sequence) }
        })
        var frames: [StateFrame] = []
        for await element in store.frames(try spec(count: 2), arming: .increment) {
            frames.append(try element.get())
            if frames.count == 1 { store.dispatch(.increment) }
        }
        #expect(frames.map(\.sequence) == terminals.values)
    }

    @Test func theFrameIsTakenBeforeAFollowUpTheActionQueued() async throws {
        let store = makeTallyStore()
        let stream = store.frames(try FrameSpec(WholeTally.self, changeKey: { $0 }, count: 2), arming: .withFollowUp)
        var labels: [String] = []
        for await element in stream { labels.append(try element.get().decode(FrameTally.self).label) }
        #expect(labels == ["", "follow-up"])
    }
}

/// The whole state as a projection.
struct WholeTally: StateProjection {
    let tally: FrameTally
    init(state: FrameTally) { tally = state }
    func encode(to encoder: any Encoder) throws { try tally.encode(to: encoder) }
}

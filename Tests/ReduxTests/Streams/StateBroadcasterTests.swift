import Redux
import Testing

/// The standalone broadcaster (ReduxCore's `StateStreamer`): consumers, yield, finish, release.
@Suite("StateBroadcaster: consumers, yield, finish", .timeLimit(.minutes(5)))
struct StateBroadcasterTests {
    @Test func everyConsumerSeesEveryValueYieldedWhileItIterates() async {
        let broadcaster = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        var first = broadcaster.makeAsyncIterator()
        var second = broadcaster.makeAsyncIterator()
        var third = broadcaster.stream().makeAsyncIterator()
        #expect(broadcaster.consumerCount == 3)
        broadcaster.yield(1)
        broadcaster.yield(2)
        #expect(await first.next() == 1)
        #expect(await second.next() == 1)
        #expect(await third.next() == 1)
        #expect(await first.next() == 2)
        #expect(await second.next() == 2)
        #expect(await third.next() == 2)
    }

    @Test func aConsumerSeesOnlyWhatIsYieldedAfterItStarted() async {
        let broadcaster = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        broadcaster.yield(0)
        var early = broadcaster.makeAsyncIterator()
        broadcaster.yield(1)
        var late = broadcaster.makeAsyncIterator()
        broadcaster.yield(2)
        broadcaster.finish()
        #expect(await early.next() == 1)
        #expect(await early.next() == 2)
        #expect(await early.next() == nil)
        #expect(await late.next() == 2)
        #expect(await late.next() == nil)
    }

    @Test func aSlowConsumerKeepsOnlyTheNewestValueByDefault() async {
        let broadcaster = StateBroadcaster<Int>()
        var iterator = broadcaster.makeAsyncIterator()
        for value in 1...10_000 { broadcaster.yield(value) }
        broadcaster.finish()
        #expect(await iterator.next() == 10_000)
        #expect(await iterator.next() == nil)
    }

    @Test func finishEndsEveryConsumerAfterWhatItsBufferHolds() async {
        let broadcaster = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        var first = broadcaster.makeAsyncIterator()
        var second = broadcaster.makeAsyncIterator()
        broadcaster.yield(5)
        broadcaster.finish()
        #expect(broadcaster.isFinished)
        #expect(broadcaster.consumerCount == 0)
        #expect(await first.next() == 5)
        #expect(await first.next() == nil)
        #expect(await second.next() == 5)
        #expect(await second.next() == nil)
    }

    @Test func aConsumerWaitingWhenFinishIsCalledEnds() async {
        let broadcaster = StateBroadcaster<Int>()
        let stream = broadcaster.stream()
        let consumer = Task {
            var seen: [Int] = []
            for await value in stream { seen.append(value) }
            return seen
        }
        broadcaster.yield(1)
        broadcaster.finish()
        let seen = await snapValue(of: consumer)
        // Newest-only: the consumer may have read 1 before the finish, or found it buffered.
        #expect(seen == [1])
    }

    @Test func aConsumerStartedAfterFinishEndsAtOnceAndLaterYieldsAreIgnored() async {
        let broadcaster = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        broadcaster.finish()
        broadcaster.yield(1)
        var iterator = broadcaster.makeAsyncIterator()
        #expect(broadcaster.consumerCount == 0)
        #expect(await iterator.next() == nil)
        broadcaster.finish()
        #expect(broadcaster.isFinished)
    }

    @Test func deallocatingTheBroadcasterFinishesItsConsumers() async {
        var broadcaster: StateBroadcaster<Int>? = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        let waiting = broadcaster?.stream() ?? AsyncStream { $0.finish() }
        var buffered = broadcaster?.makeAsyncIterator()
        let consumer = Task {
            var seen: [Int] = []
            for await value in waiting { seen.append(value) }
            return seen
        }
        broadcaster?.yield(7)
        weak let released = broadcaster
        broadcaster = nil
        #expect(released == nil)
        #expect(await buffered?.next() == 7)
        #expect(await buffered?.next() == nil)
        #expect(await snapValue(of: consumer) == [7])
    }

    @Test func aConsumerWhoseTaskIsCancelledIsRemoved() async {
        let broadcaster = StateBroadcaster<Int>()
        let stream = broadcaster.stream()
        let other = broadcaster.stream()
        #expect(broadcaster.consumerCount == 2)
        let consumer = Task {
            for await _ in stream {}
            return Task.isCancelled
        }
        consumer.cancel()
        #expect(await snapValue(of: consumer) == true)
        #expect(broadcaster.consumerCount == 1)
        withExtendedLifetime(other) {}
    }

    @Test func aConsumerThatLeavesItsLoopOrIsReleasedIsRemoved() async {
        let broadcaster = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        do {
            var iterator = broadcaster.makeAsyncIterator()
            broadcaster.yield(1)
            #expect(await iterator.next() == 1)
            #expect(broadcaster.consumerCount == 1)
        }
        #expect(broadcaster.consumerCount == 0)
        let producer = Task {
            guard await snapWaitUntil({ broadcaster.consumerCount == 1 }) else { return }
            broadcaster.yield(1)
            broadcaster.yield(2)
        }
        var seen: [Int] = []
        for await value in broadcaster {
            seen.append(value)
            if value == 1 { break }
        }
        await producer.value
        #expect(seen == [1])
        #expect(broadcaster.consumerCount == 0)
        broadcaster.yield(3)
        #expect(broadcaster.consumerCount == 0)
    }

    @Test func concurrentYieldsReachEveryConsumerInOneOrder() async {
        let broadcaster = StateBroadcaster<Int>(bufferingPolicy: .unbounded)
        let first = broadcaster.stream()
        let second = broadcaster.stream()
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for value in 0..<250 { broadcaster.yield(producer * 1_000 + value) }
                }
            }
        }
        broadcaster.finish()
        var firstSeen: [Int] = []
        for await value in first { firstSeen.append(value) }
        var secondSeen: [Int] = []
        for await value in second { secondSeen.append(value) }
        #expect(firstSeen.count == 1_000)
        #expect(firstSeen == secondSeen)
    }

    @Test func stateStreamerIsReduxCoresNameForTheBroadcaster() async {
        let streamer: StateStreamer<String> = StateBroadcaster<String>()
        var iterator = streamer.makeAsyncIterator()
        streamer.yield("a")
        #expect(await iterator.next() == "a")
    }
}

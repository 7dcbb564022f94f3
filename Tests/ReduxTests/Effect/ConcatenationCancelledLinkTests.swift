@testable import Redux
import ReduxTesting
import Testing

/// A concatenation goes on past a cancelled link: a link cancelled while it runs ends, and the
/// next one starts; a link cancelled before it started is skipped (its body never runs); a
/// cancellation of an id enclosing the whole concatenation stops all of it. The concatenation
/// registers its links' ids when it starts, so a `.cancel(id:)` from anywhere reaches a link not
/// started yet; a link's own `cancelInFlight` acts when that link starts.
@Suite("Concatenation past a cancelled link", .timeLimit(.minutes(5)))
@MainActor
struct ConcatenationCancelledLinkTests {
    /// `.start`: four links of 1 s each; link n records its start, sleeps 1 s and sends
    /// `got(n)`, cancellable by `"link n"`. `.tag("cancel n")` cancels `"link n"`;
    /// `.tag("cancel all")` cancels `"all"`, which encloses the concatenation. Each reduced
    /// action is stamped with the clock's time.
    private func fourLinks(_ clock: TestClock, started: SharedList<Int>) -> Store<[String], FxAction> {
        Store(initialState: [], reducers: [
            Reducer(id: "links", effects: { state, action in
                switch action {
                case .start:
                    return Effect.concatenate((1...4).map { n in
                        Effect.run { send in
                            started.append(n)
                            try await send.sleep(for: .seconds(1))
                            send(.got(n))
                        }.cancellable(id: "link \(n)")
                    }).cancellable(id: "all")
                case .tag(let text):
                    return .cancel(id: String(text.dropFirst("cancel ".count)))
                case .got(let n):
                    state.append(stamped("got \(n)", clock.now))
                    return .none
                default:
                    return .none
                }
            }),
        ], options: StoreOptions(clock: clock))
    }

    @Test func aLinkCancelledBeforeItStartsIsSkippedAndTheNextOneRuns() async throws {
        let clock = TestClock()
        let started = SharedList<Int>()
        let store = fourLinks(clock, started: started)
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(1_500))
        store.dispatch(.tag("cancel link 3"))
        await clock.advance(by: .seconds(3))
        #expect(store.state == ["got 1@1000ms", "got 2@2000ms", "got 4@3000ms"])
        #expect(started.values == [1, 2, 4], "the third link's body never ran")
        try await store.settled(timeout: patience)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func aLinkCancelledWhileItRunsEndsAndTheNextOneStarts() async throws {
        let clock = TestClock()
        let started = SharedList<Int>()
        let store = fourLinks(clock, started: started)
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(1_500))
        store.dispatch(.tag("cancel link 2"))
        await clock.advance(by: .seconds(3))
        #expect(store.state == ["got 1@1000ms", "got 3@2500ms", "got 4@3500ms"])
        #expect(started.values == [1, 2, 3, 4])
        try await store.settled(timeout: patience)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    @Test func aCancelOfAnIDEnclosingTheConcatenationStopsAllOfIt() async throws {
        let clock = TestClock()
        let started = SharedList<Int>()
        let store = fourLinks(clock, started: started)
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(1_500))
        store.dispatch(.tag("cancel all"))
        await clock.advance(by: .seconds(4))
        #expect(store.state == ["got 1@1000ms"])
        #expect(started.values == [1, 2])
        try await store.settled(timeout: patience)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    /// Cancelling every link but the last, each before it starts: only the last runs.
    @Test func aLinkNotStartedYetIsReachableByItsIDFromAnotherActionsEffect() async throws {
        let clock = TestClock()
        let started = SharedList<Int>()
        let store = fourLinks(clock, started: started)
        store.dispatch(.start)
        store.dispatch(contentsOf: [.tag("cancel link 2"), .tag("cancel link 3")])
        await clock.advance(by: .seconds(3))
        #expect(store.state == ["got 1@1000ms", "got 4@2000ms"])
        #expect(started.values == [1, 4])
    }

    /// `.concatenate(a.cancellable(id: x), b.cancellable(id: x, cancelInFlight: true))`: `a` has
    /// finished when `b` starts, so `b`'s `cancelInFlight` has nothing in flight: `b` runs and
    /// delivers, and what `a` sent is delivered too.
    @Test func aCancelInFlightLinkAfterALinkWithTheSameIDRunsAndWhatTheEarlierLinkSentIsDelivered() async throws {
        for _ in 0..<50 {
            let store = makeFxStore { action in
                guard action == .start else { return .none }
                return .concatenate(
                    Effect.run { send in send(.got(1)) }.cancellable(id: "x"),
                    Effect.run { send in send(.got(2)) }.cancellable(id: "x", cancelInFlight: true)
                )
            }
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .got(1), .got(2)])
            #expect(store.runtime.bookkeepingCount == 0)
        }
    }

    /// A `.cancel(id:)` written in a later link of a concatenation does not reach the links
    /// before it: they have finished, so what they sent is delivered — every time, whether or
    /// not it was still queued when the cancellation ran.
    @Test func aCancelWrittenAfterAFinishedLinkLeavesWhatItSentDelivered() async throws {
        for _ in 0..<100 {
            let store = makeFxStore { action in
                guard action == .start else { return .none }
                return .concatenate(
                    Effect.run { send in send(.got(1)) }.cancellable(id: "x"),
                    .cancel(id: "x"),
                    Effect.run { send in send(.got(2)) }.cancellable(id: "x")
                )
            }
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .got(1), .got(2)])
            #expect(store.runtime.bookkeepingCount == 0)
        }
    }

    /// The same when the earlier link's send follows asynchronous work (a `.send` of a nested
    /// concatenation, still queued when the next link starts).
    @Test func aCancelInFlightLinkLeavesWhatANestedConcatenationInTheLinkBeforeItSent() async throws {
        for _ in 0..<50 {
            let store = makeFxStore { action in
                guard action == .start else { return .none }
                return .concatenate(
                    Effect.concatenate(Effect.run { _ in }, .send(.got(1))).cancellable(id: "x"),
                    Effect.run { send in send(.got(2)) }.cancellable(id: "x", cancelInFlight: true)
                )
            }
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .got(1), .got(2)])
            #expect(store.runtime.bookkeepingCount == 0)
        }
    }

    /// A link's `cancelInFlight` acts when that link starts: it stops a job with its id that
    /// another action started after the concatenation began (which a cancellation made when the
    /// concatenation started could not have reached).
    @Test func aLinksCancelInFlightActsWhenTheLinkStarts() async throws {
        let clock = TestClock()
        let store = makeFxStore(options: StoreOptions(clock: clock)) { action in
            switch action {
            case .start:
                return .concatenate(
                    Effect.run { send in
                        try await send.sleep(for: .seconds(1))
                        send(.got(1))
                    },
                    Effect.run { send in send(.got(2)) }.cancellable(id: "x", cancelInFlight: true)
                )
            case .tag("job"):
                return Effect.run { send in
                    try await send.sleep(for: .seconds(2))
                    send(.got(9))
                }.cancellable(id: "x")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(500))
        store.dispatch(.tag("job"))
        await clock.advance(by: .seconds(3))
        #expect(store.state == [.start, .tag("job"), .got(1), .got(2)], "the job was stopped at 1 s")
    }

    /// A `.cancel(id:)` written inside a concatenation stops what started before it, not the
    /// links written after it.
    @Test func aCancelInsideAConcatenationLeavesTheLinksWrittenAfterIt() async throws {
        for _ in 0..<50 {
            let store = makeFxStore { action in
                guard action == .start else { return .none }
                return .concatenate(
                    Effect.run { send in send(.got(1)) },
                    .cancel(id: "x"),
                    Effect.run { send in send(.got(2)) }.cancellable(id: "x")
                )
            }
            store.dispatch(.start)
            try await store.settled(timeout: patience)
            #expect(store.state == [.start, .got(1), .got(2)])
        }
    }

    /// Reducer 1 starts a concatenation under `"all"`; reducer 2 cancels `"all"` for the same
    /// action, while the first link sleeps (or before its task ran): no link runs after it.
    @Test func aCancelFromALaterReducerStopsAllOfAConcatenationAnEarlierReducerStarted() async throws {
        let clock = TestClock()
        let ran = SharedList<Int>()
        let store = FxStore(initialState: [], reducers: [
            Reducer(id: "starts", effects: { state, action in
                state.append(action)
                guard action == .start else { return .none }
                return Effect.concatenate(
                    Effect.run { send in
                        try await send.sleep(for: .seconds(1))
                        ran.append(1)
                        send(.got(1))
                    },
                    Effect.send(.got(2)).cancellable(id: "x", cancelInFlight: true),
                    Effect.run { send in
                        ran.append(3)
                        send(.got(3))
                    }
                ).cancellable(id: "all")
            }),
            Reducer(id: "cancels", effects: { _, action in
                action == .start ? .cancel(id: "all") : .none
            }),
        ], options: StoreOptions(clock: clock))
        store.dispatch(.start)
        await clock.advance(by: .seconds(2))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start])
        #expect(ran.values.isEmpty)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    /// A link whose work fails (throws an error other than its cancellation) ends the
    /// concatenation; the error reaches the resolvers.
    @Test func aLinkThatFailsEndsTheConcatenation() async throws {
        let errors = SharedValue(0)
        let store = makeFxStore(resolvers: [Resolver(id: "counts") { _ in
            errors.value += 1
            return .exit(.done)
        }]) { action in
            guard action == .start else { return .none }
            return .concatenate(
                Effect.run { _ in throw FxError.boom },
                Effect.run { send in send(.got(2)) }
            )
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start])
        #expect(errors.value == 1)
        #expect(store.runtime.bookkeepingCount == 0)
    }

    /// A link cancelled while it runs that then throws has not failed: the next link starts.
    @Test func aLinkThatThrowsOnceCancelledDoesNotEndTheConcatenation() async throws {
        let clock = TestClock()
        let errors = SharedValue(0)
        let store = makeFxStore(resolvers: [Resolver(id: "counts") { _ in
            errors.value += 1
            return .exit(.done)
        }], options: StoreOptions(clock: clock)) { action in
            switch action {
            case .start:
                return .concatenate(
                    Effect.run { send in
                        try? await send.sleep(for: .seconds(1))
                        throw FxError.boom
                    }.cancellable(id: "x"),
                    Effect.run { send in send(.got(2)) }
                )
            case .stop:
                return .cancel(id: "x")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(500))
        store.dispatch(.stop)
        try await store.quiescent(timeout: patience)
        #expect(store.state == [.start, .stop, .got(2)])
        #expect(errors.value == 0, "an error thrown once cancelled is not a failure")
    }

    /// A `.send` link after a cancelled link is sent.
    @Test func aSendLinkAfterALinkCancelledWhileItRanIsSent() async throws {
        let clock = TestClock()
        let store = makeFxStore(options: StoreOptions(clock: clock)) { action in
            switch action {
            case .start:
                return .concatenate(
                    Effect.run { send in
                        try await send.sleep(for: .seconds(1))
                        send(.got(1))
                    }.cancellable(id: "x"),
                    .send(.got(2))
                )
            case .stop:
                return .cancel(id: "x")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        await clock.advance(by: .milliseconds(500))
        store.dispatch(.stop)
        try await store.quiescent(timeout: patience)
        #expect(store.state == [.start, .stop, .got(2)])
    }
}

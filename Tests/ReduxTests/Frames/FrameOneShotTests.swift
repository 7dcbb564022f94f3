import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// `dispatchForFrame`: the frame is taken at the action's terminal, whatever the terminal is,
/// and every way the action can fail to get there answers (never hangs).
@Suite("State frames: one-shot", .timeLimit(.minutes(5)))
@MainActor
struct FrameOneShotTests {
    @Test func aOneShotFrameIsTakenAfterTheReducers() async throws {
        let store = makeTallyStore()
        let frame = try await store.dispatchForFrame(.increment, as: CountProjection.self).get()
        #expect(try frame.decode(CountProjection.self) == CountProjection(state: FrameTally(count: 1)))
        #expect(frame.text == #"{"count":1}"#)
        #expect(store.frameRequests.isEmpty)
        #expect(!store.takesFrames, "nothing registered: the flag is down again")
    }

    @Test func aFrameIsTheCanonicalEncodingOfItsProjection() async throws {
        struct Tagged: StateProjection {
            let tags: Set<String>
            let when: Date
            init(state: FrameTally) {
                tags = Set((0..<40).map { "t\($0 + state.count)" })
                when = Date(timeIntervalSince1970: 1_796_293_336.123)
            }
        }
        let store = makeTallyStore()
        let frame = try await store.dispatchForFrame(.increment, as: Tagged.self).get()
        let tags = (1...40).map { "t\($0)" }.sorted().map { "\"\($0)\"" }.joined(separator: ",")
        #expect(frame.text == #"{"tags":["# + tags + #"],"when":"2026-12-03T10:22:16.123Z"}"#)
        #expect(frame.data == (try CanonicalJSONEncoder().encode(Tagged(state: FrameTally(count: 1)))))
    }

    @Test func anUnhandledActionStillGetsAFrame() async throws {
        let store = makeTallyStore()
        let frame = try await store.dispatchForFrame(.touch, as: CountProjection.self).get()
        #expect(frame.text == #"{"count":0}"#)
    }

    @Test func afterExitDoneTheOneShotReturnsAndNeverHangs() async throws {
        let store = makeTallyStore()
        store.dispatch(.increment)
        let frame = try await store.dispatchForFrame(.consume, as: CountProjection.self).get()
        #expect(frame.text == #"{"count":1}"#)
    }

    @Test func aWholeStateFrameNeedsNoProjection() async throws {
        let store = makeTallyStore()
        let frame = try await store.dispatchForFrame(.label("a/b")).get()
        #expect(try frame.decode(FrameTally.self) == FrameTally(count: 0, label: "a/b", ratio: 0))
        #expect(frame.text == #"{"count":0,"label":"a/b","ratio":0}"#, "keys sorted, no whitespace, / not escaped")
    }

    @Test func aResolverRecoveryGetsAFrame() async throws {
        let store = makeTallyStore(resolver: Resolver(id: "recover") { _ in .exit(.reduceAs(.addTen)) })
        let frame = try await store.dispatchForFrame(.boom, as: CountProjection.self).get()
        #expect(frame.text == #"{"count":10}"#)
    }

    @Test func aResolverFailAnswersFailed() async {
        let store = makeTallyStore(resolver: Resolver(id: "fail") { _ in .exit(.fail(FrameTallyError(name: "resolved"))) })
        let result = await store.dispatchForFrame(.boom, as: CountProjection.self)
        guard case .failure(.failed(let error)) = result else {
            Issue.record("expected .failed, got \(result)")
            return
        }
        #expect(error as? FrameTallyError == FrameTallyError(name: "resolved"))
    }

    @Test func anUnresolvedThrowAnswersFailed() async {
        let store = makeTallyStore()
        let result = await store.dispatchForFrame(.boom, as: CountProjection.self)
        guard case .failure(.failed(let error)) = result else {
            Issue.record("expected .failed, got \(result)")
            return
        }
        #expect(error as? FrameTallyError == FrameTallyError(name: "boom"))
    }

    @Test func anUnencodableProjectionAnswersAnEncodingFailureNamingThePath() async {
        let store = makeTallyStore()
        let result = await store.dispatchForFrame(.poison, as: RatioProjection.self)
        guard case .failure(.encoding(let error)) = result else {
            Issue.record("expected .encoding, got \(result)")
            return
        }
        #expect(error == .nonFiniteNumber(path: "ratio", value: "nan"))
    }

    @Test func aRefusedActionAnswersRefusedAtOnce() async {
        let store = makeTallyStore()
        store.invalidate()
        let result = await store.dispatchForFrame(.increment, as: CountProjection.self)
        guard case .failure(.refused(.invalidated)) = result else {
            Issue.record("expected .refused(.invalidated), got \(result)")
            return
        }
        #expect(store.frameRequests.isEmpty)
    }

    @Test func aDeferredThatNeverResumesTimesOutOnTheStoresClock() async {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock)
        let answer = Task { await store.dispatchForFrame(.later, as: CountProjection.self, timeout: .seconds(5)) }
        #expect(await yieldUntil { clock.sleeperCount == 2 }, "the deferred handler and the timeout sleep")
        await clock.advance(by: .seconds(5))
        let result = await answer.value
        guard case .failure(.timedOut(after: let after)) = result else {
            Issue.record("expected .timedOut, got \(result)")
            return
        }
        #expect(after == .seconds(5))
        #expect(store.frameRequests.isEmpty, "the request is removed")
        store.invalidate()
    }

    @Test func aFrameAfterADeferredResumeCarriesTheResumedState() async throws {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock, nap: .seconds(1))
        let answer = Task { await store.dispatchForFrame(.later, as: CountProjection.self) }
        #expect(await yieldUntil { clock.sleeperCount == 1 })
        store.dispatch(.increment)  // lands while `.later` is suspended
        await clock.advance(by: .seconds(1))
        let frame = try await answer.value.get()
        #expect(frame.text == #"{"count":11}"#, "taken at the resume's terminal: the increment and the resumed action")
    }

    @Test func invalidatingBeforeTheTerminalAnswersCancelled() async {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock)
        let answer = Task { await store.dispatchForFrame(.later, as: CountProjection.self) }
        #expect(await yieldUntil { clock.sleeperCount == 1 })
        store.invalidate()
        let result = await answer.value
        guard case .failure(.cancelled) = result else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
    }

    @Test func cancellingTheAwaitingTaskAnswersCancelledAndRemovesTheRequest() async {
        let clock = TestClock()
        let store = makeTallyStore(clock: clock)
        let answer = Task { await store.dispatchForFrame(.later, as: CountProjection.self) }
        #expect(await yieldUntil { clock.sleeperCount == 1 && !store.frameRequests.isEmpty })
        answer.cancel()
        let result = await answer.value
        guard case .failure(.cancelled) = result else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(store.frameRequests.isEmpty)
        store.invalidate()
    }

    @Test func theFrameIsTakenBeforeTheNextQueuedActionRuns() async throws {
        let store = makeTallyStore()
        let frame = try await store.dispatchForFrame(.withFollowUp).get()
        #expect(try frame.decode(FrameTally.self).label == "", "the follow-up had not run yet")
        #expect(store.label == "follow-up", "it ran in the same call, after the frame")
    }

    @Test func theFramesSequenceIsTheTicketsAndTheLogsSequence() async throws {
        let terminals = LockedTerminals()
        let store = makeTallyStore(onLog: { event in
            if case .terminal = event.kind { terminals.append(event.sequence) }
        })
        store.dispatch(.increment)
        let frame = try await store.dispatchForFrame(.increment, as: CountProjection.self).get()
        #expect(frame.sequence != 0)
        #expect(terminals.values.last == frame.sequence)
        #expect(terminals.values.count == 2)
    }
}

/// The sequence numbers of the terminal events seen, in order.
final class LockedTerminals: Sendable {
    private let storage = Locked<[UInt64]>([])
    func append(_ value: UInt64) { storage.withLock { $0.append(value) } }
    var values: [UInt64] { storage.withLock { $0 } }
}

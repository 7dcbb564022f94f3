import Foundation
import ReduxTesting
import Testing

/// A fake client that waits on `\.clock`, as a test's stand-in for a slow server.
struct SlowEchoClient: Sendable {
    var echo: @Sendable (String) async throws -> String
}

enum SlowEchoClientKey: DependencyKey {
    static let liveValue = SlowEchoClient { $0 }
    static let testValue = SlowEchoClient { text in
        @Dependency(\.clock) var clock
        try await clock.sleep(for: .seconds(1))
        return text
    }
}

extension Dependencies {
    var slowEcho: SlowEchoClient {
        get { self[SlowEchoClientKey.self] }
        set { self[SlowEchoClientKey.self] = newValue }
    }
}

struct Echo: Equatable, Sendable {
    var replies: [String] = []
    var stampedIDs: [UUID] = []
    var stampedAt: Date?
}

enum EchoAction: Equatable, Sendable {
    case say(String)
    case replied(String)
    case stamp
}

let echoReducer = Reducer<Echo, EchoAction>(id: "echo", effects: { state, action in
    switch action {
    case .say(let text):
        return .run { send in
            @Dependency(\.slowEcho) var slowEcho
            send(.replied(try await slowEcho.echo(text)))
        }
    case .replied(let text):
        state.replies.append(text)
        return .none
    case .stamp:
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        state.stampedIDs.append(uuid())
        state.stampedAt = date.now
        return .none
    }
})

/// In a test store `\.clock` is the test store's clock, and the generators have their test
/// values.
@MainActor
@Suite struct TestStoreClockDependencyTests {
    @Test func fakeClientSleepingOnTheClockDependencyMovesWithTheTestClockWithoutAQuiescenceWait() async {
        // Short limits, only as the failure detector: were `\.clock` not the store's clock, the
        // client's sleep would count as running work (never as asleep), and `advance` would wait
        // out its limit. The proof: the store counts the client's sleep as asleep on its clock,
        // and the reply arrives when, and because, the test clock moves.
        let clock = TestClock(quiescenceTimeout: .seconds(10))
        let store = TestStore(initialState: Echo(), reducers: [echoReducer], clock: clock)
        store.quiescenceTimeout = .seconds(10)
        await store.send(.say("hello"))
        #expect(await eventually { store.store.sleepingTaskCount == 1 }, "the client's sleep counts as asleep on the store's clock")
        #expect(store.state.replies.isEmpty)
        await clock.advance(by: .seconds(1))
        await store.receive(.replied("hello")) { $0.replies = ["hello"] }
        await store.finish()
    }

    @Test func eachTestStoreCountsItsIdentifiersFromZeroAndHasAFixedDate() async throws {
        let zero = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        let one = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        for _ in 0..<2 {
            let store = TestStore(initialState: Echo(), reducers: [echoReducer])
            await store.send(.stamp) {
                $0.stampedIDs = [zero]
                $0.stampedAt = DateGenerator.testDate
            }
            await store.send(.stamp) { $0.stampedIDs = [zero, one] }
            await store.finish()
        }
    }

    @Test func testStoreDateIsSettableAtCreationAndBetweenSteps() async throws {
        let id = try #require(UUID(uuidString: "00000000-0000-0000-0000-0000000000AB"))
        let store = TestStore(initialState: Echo(), reducers: [echoReducer], dependencies: {
            $0.date.now = Date(timeIntervalSince1970: 10)
            $0.uuid = .constant(id)
        })
        await store.send(.stamp) {
            $0.stampedIDs = [id]
            $0.stampedAt = Date(timeIntervalSince1970: 10)
        }
        store.dependencies.date = .constant(Date(timeIntervalSince1970: 20))
        await store.send(.stamp) {
            $0.stampedIDs = [id, id]
            $0.stampedAt = Date(timeIntervalSince1970: 20)
        }
        await store.finish()
    }

    @Test func theHarnessesGiveTheBuiltInTestValuesAndTheirClock() async {
        let middleware = Middleware<Echo, EchoAction>(id: "stamps") { context in
            guard case .say = context.action else { return .next }
            return .task { effect in
                @Dependency(\.clock) var clock
                @Dependency(\.uuid) var uuid
                @Dependency(\.date) var date
                try await clock.sleep(for: .seconds(3_600))   // an hour: only virtual time ends it
                effect.dispatch(.replied("\(uuid()) \(date.now.timeIntervalSince1970)"))
            }
        }
        let clock = TestClock(quiescenceTimeout: .seconds(10))
        let harness = MiddlewareHarness(middleware, state: Echo(), clock: clock)
        await harness.run(.say("x"))
        #expect(harness.dispatched.isEmpty, "asleep on the harness's clock")
        await clock.advance(by: .seconds(3_600))
        #expect(harness.dispatched == [.replied("00000000-0000-0000-0000-000000000000 1767225600.0")])

        let resolver = Resolver<Echo, EchoAction>(id: "stamps") { _ in
            @Dependency(\.uuid) var uuid
            return .exit(.reduceAs(.replied(uuid().uuidString)))
        }
        let run = await ResolverHarness(resolver, state: Echo()).run(.stamp, error: WorkError(reason: "stamp"))
        #expect(run.outcome == .recovered(.reduceAs(.replied("00000000-0000-0000-0000-000000000000")), reduced: true))
    }
}

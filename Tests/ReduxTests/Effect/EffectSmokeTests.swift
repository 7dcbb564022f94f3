import Redux
import Testing

/// First checks of the effect runtime's basic flow (the full rule suite lives beside it).
@MainActor
@Suite("Effect smoke")
struct EffectSmokeTests {
    enum Act: Sendable, Equatable { case start, got(Int), fail, stop }
    struct Failure: Error {}

    func store(onLog: Store<[Act], Act>.LogHandler? = nil) -> Store<[Act], Act> {
        Store(initialState: [], reducers: [
            Reducer(id: "fx", effects: { state, action in
                state.append(action)
                switch action {
                case .start:
                    return .merge(
                        .send(.got(1)),
                        .run { send in send(.got(2)) }.cancellable(id: "r")
                    )
                case .fail:
                    return .run { _ in throw Failure() }
                case .stop:
                    return .cancel(id: "r")
                case .got:
                    return .none
                }
            }),
        ], onLog: onLog)
    }

    @Test func topLevelSendLandsInTheSameCallAndRunOnALaterTurn() async throws {
        let store = store()
        store.dispatch(.start)
        #expect(store.state == [.start, .got(1)])
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1), .got(2)])
        #expect(store.activeTaskCount == 0)
    }

    @Test func runErrorReachesTheResolversWithTheReducerOrigin() async throws {
        let origins = SharedList<String>()
        let store = Store<[Act], Act>(initialState: [], reducers: [
            Reducer(id: "fx", effects: { state, action in
                state.append(action)
                return action == .fail ? .run { _ in throw Failure() } : .none
            }),
        ], resolvers: [
            Resolver(id: "r") { context in
                origins.append("\(context.origin)")
                return .exit(.reduceAs(.got(9)))
            },
        ])
        store.dispatch(.fail)
        try await store.settled(timeout: patience)
        #expect(origins.values == ["effect of reducer fx#0"])
        #expect(store.state == [.fail, .got(9)])
    }

    @Test func waitForEffectsReturnsAfterTheRunsSend() async throws {
        let store = store()
        await store.dispatchTracked(.start).waitForEffects()
        #expect(store.state == [.start, .got(1), .got(2)])
    }

    /// A ticket from `send.tracked` inside an effect waits for exactly the sent action's own
    /// effects; the outer dispatch's wait covers them too.
    @Test func aTrackedSendsTicketWaitsForItsOwnEffectsAndTheOuterWaitForThemToo() async throws {
        enum Nested: Sendable, Equatable { case outer, inner, innerDone, outerDone }
        let store = Store<[Nested], Nested>(initialState: [], reducers: [
            Reducer(id: "nested", effects: { state, action in
                state.append(action)
                switch action {
                case .outer:
                    return .run { send in
                        await send.tracked(.inner).waitForEffects()
                        send(.outerDone)
                    }
                case .inner:
                    return .run { send in
                        try await send.sleep(for: .milliseconds(1))
                        send(.innerDone)
                    }
                case .innerDone, .outerDone:
                    return .none
                }
            }),
        ])
        await store.dispatchTracked(.outer).waitForEffects()
        #expect(store.state == [.outer, .inner, .innerDone, .outerDone], "the inner wait covered .innerDone; the outer wait covered everything")
    }
}

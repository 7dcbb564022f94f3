import Redux
import Testing

/// Issue 6, section 1: `.map(_:)` turns an effect of one action type into an effect of another
/// (a child feature's effects into the parent's): what it sends is mapped, at top level and
/// inside a run, and its cancellation ids are kept.
@Suite("Effect map", .timeLimit(.minutes(5)))
@MainActor
struct EffectMapTests {
    enum Child: Sendable, Hashable {
        case ping(Int)
    }

    enum Parent: Sendable, Hashable {
        case start, stop, fail
        case child(Child)
    }

    private func store(
        resolvers: [Resolver<[Parent], Parent>] = [],
        middlewares: [Middleware<[Parent], Parent>] = [],
        _ effect: @escaping @Sendable (Parent) -> Effect<Parent>
    ) -> Store<[Parent], Parent> {
        Store(initialState: [], reducers: [
            Reducer(id: "parent", effects: { state, action in
                state.append(action)
                return effect(action)
            }),
        ], middlewares: middlewares, resolvers: resolvers)
    }

    @Test func mappedTopLevelSendLandsMappedInTheSameCall() {
        let store = store { action in
            action == .start ? Effect<Child>.send(.ping(1)).map(Parent.child) : .none
        }
        store.dispatch(.start)
        #expect(store.state == [.start, .child(.ping(1))])
    }

    @Test func mappedRunSendsMappedActionsOnALaterTurn() async throws {
        let store = store { action in
            guard action == .start else { return .none }
            return Effect<Child>.merge(
                .run { send in
                    send(.ping(2))
                    send(.ping(3))
                },
                .concatenate(.run { _ in }, .send(.ping(4)))
            ).map(Parent.child)
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state.first == .start)
        #expect(Set(store.state.dropFirst()) == [.child(.ping(2)), .child(.ping(3)), .child(.ping(4))])
        let two = try #require(store.state.firstIndex(of: .child(.ping(2))))
        let three = try #require(store.state.firstIndex(of: .child(.ping(3))))
        #expect(two < three, "one run's sends keep their order")
    }

    @Test func mappedTrackedSendAnswersWithTheParentActionsOutcome() async throws {
        let outcome = SharedValue<String?>(nil)
        let store = store { action in
            guard action == .start else { return .none }
            return Effect<Child>.run { send in
                outcome.value = try await send.tracked(.ping(5)).outcome.description
            }.map(Parent.child)
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(outcome.value == "reduced")
        #expect(store.state == [.start, .child(.ping(5))])
    }

    /// A resolver's replacement for the parent action cannot be taken back into the child's
    /// type without an extract function, so the child's ticket reports `.recovered(.reduce, ...)`.
    @Test func mappedTrackedSendReportsAReplacementItCannotTakeBackAsReduce() async throws {
        let outcome = SharedValue<String?>(nil)
        let store = store(
            resolvers: [Resolver(id: "replaces") { _ in .exit(.reduceAs(.child(.ping(7)))) }],
            middlewares: [Middleware(id: "throws") { context in
                if context.action == .child(.ping(6)) { throw FxError.boom }
                return .next
            }]
        ) { action in
            guard action == .start else { return .none }
            return Effect<Child>.run { send in
                outcome.value = try await send.tracked(.ping(6)).outcome.description
            }.map(Parent.child)
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(outcome.value == "recovered(reduce, reduced: true)")
        #expect(store.state == [.start, .child(.ping(7))])
    }

    @Test func mappedEffectKeepsItsCancellationIDs() async throws {
        let started = Gate(), cancelled = Gate()
        let store = store { action in
            switch action {
            case .start:
                return Effect<Child>.run { send in
                    started.open()
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        cancelled.open()
                        send(.ping(-1))
                        throw error
                    }
                }.cancellable(id: "child").map(Parent.child)
            case .stop:
                return .cancel(id: "child")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
    }

    @Test func mappedCancelCancelsTheParentsEffect() async throws {
        let started = Gate(), cancelled = Gate()
        let store = store { action in
            switch action {
            case .start:
                return .run { send in
                    started.open()
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        cancelled.open()
                        throw error
                    }
                }.cancellable(id: "shared")
            case .stop:
                return Effect<Child>.cancel(id: "shared").map(Parent.child)
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(store.activeTaskCount == 0)
    }
}

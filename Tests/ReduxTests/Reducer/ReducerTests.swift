import Redux
import Testing

/// Reducers: ordered, the only writers, mutating the state in place.
@Suite("Reducers", .timeLimit(.minutes(5)))
@MainActor
struct ReducerTests {
    /// A reducer that records "id action count" into `trail` (the count it was handed), adds
    /// `amount` to the count unless it answers `.defaultNext`, and answers `exit`.
    private func reducer(_ id: String, _ trail: SharedList<String>, _ exit: ReducerExit, adds amount: Int = 1) -> Reducer<PipeState, PipeAction> {
        Reducer(id: id) { state, action in
            trail.append("\(id) \(action) at \(state.count)")
            if exit != .defaultNext { state.count += amount }
            return exit
        }
    }

    @Test func reducersRunInOrderAndNextContinuesTheChain() {
        let trail = SharedList<String>()
        let store = makePipeStore(reducers: [
            reducer("a", trail, .next, adds: 1),
            reducer("b", trail, .next, adds: 10),
            reducer("c", trail, .next, adds: 100),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["a increment at 0", "b increment at 1", "c increment at 11"], "each sees the previous one's write")
        #expect(store.count == 111)
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    @Test func reducerDoneStopsTheReducerChain() {
        let trail = SharedList<String>()
        let store = makePipeStore(reducers: [
            reducer("a", trail, .next),
            reducer("b", trail, .done),
            reducer("c", trail, .next),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["a increment at 0", "b increment at 1"])
        #expect(store.count == 2)
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    @Test func reducerDefaultNextPassesOnWithoutCountingAsHandled() {
        let trail = SharedList<String>()
        let store = makePipeStore(reducers: [
            reducer("a", trail, .defaultNext),
            reducer("b", trail, .defaultNext),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["a increment at 0", "b increment at 0"])
        #expect(ticket.outcomeIfFinished?.description == "unhandled")
        #expect(store.state == PipeState())
    }

    @Test func oneHandlingReducerAfterDecliningOnesMakesTheActionReduced() {
        let trail = SharedList<String>()
        let store = makePipeStore(reducers: [
            reducer("a", trail, .defaultNext),
            reducer("b", trail, .next),
            reducer("c", trail, .defaultNext),
        ])
        let ticket = store.dispatchTracked(.increment)
        #expect(trail.values == ["a increment at 0", "b increment at 0", "c increment at 1"])
        #expect(ticket.outcomeIfFinished?.description == "reduced")
    }

    /// A write into a buffer someone else also references copies it first, into a new
    /// allocation made while the old one is still alive, so the base address changes. Checking
    /// the address after every write through every path (main-actor dispatch, a remote
    /// dispatch, a `.deferred` resume, a resolver's recovery, with reading middlewares, a
    /// resolver, a deferred read, an observer and a log handler all in place) therefore proves
    /// that no write copied the array. The checks read the address through a temporary that
    /// is released at once. Run with and without a log handler (the store reduces on two paths).
    @Test(arguments: [false, true])
    func reducerWritesOneElementOfAMillionElementArrayInPlace(logging: Bool) async throws {
        let size = 1_000_000
        let log = logging ? LogRecorder<PipeAction>() : nil
        let store = makePipeStore(
            PipeState(values: Array(repeating: 0, count: size)),
            middlewares: [
                Middleware(id: "reads") { context in
                    _ = context.values[0]
                    _ = context.state.values.count
                    return .next
                },
                Middleware(id: "defers") { context in
                    guard context.action == .tag("deferred") else { return .next }
                    return .deferred { effect in
                        let count = try await effect.read { state in state.values.count }
                        return .nextAs(.add(count - size + 2))
                    }
                },
                Middleware(id: "raises") { context in
                    context.action == .tag("raise") ? .exit(.resolve(PipeError.boom)) : .next
                },
            ],
            resolvers: [
                Resolver(id: "recovers") { context in
                    _ = context.state.values.count
                    return .exit(.reduceAs(.add(3)))
                },
            ],
            reducers: [
                Reducer(id: "writes") { state, action in
                    guard case .add(let index) = action else { return .defaultNext }
                    state.values[index] = index
                    return .next
                },
            ],
            log: log
        )
        let observer = CountObserver(store)
        func bufferAddress() -> UInt {
            store.state.values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        let original = bufferAddress()

        store.dispatch(.add(1))
        #expect(bufferAddress() == original, "main-actor dispatch")

        await Task.detached { store.dispatch(.add(5)) }.value
        try await store.settled(timeout: patience)
        #expect(bufferAddress() == original, "remote dispatch")

        #expect(try await store.dispatchTracked(.tag("deferred")).outcome.description == "reduced")
        #expect(bufferAddress() == original, "deferred resume after a read")

        store.dispatch(.tag("raise"))
        #expect(bufferAddress() == original, "resolver recovery")

        #expect(store.values[1] == 1 && store.values[2] == 2 && store.values[3] == 3 && store.values[5] == 5)
        #expect(store.values.count == size)
        #expect(observer.notifications == 4)
        #expect(log?.events.isEmpty != true)
    }
}

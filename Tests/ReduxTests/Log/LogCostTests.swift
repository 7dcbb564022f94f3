import Redux
import Testing

/// With no log handler, no event is built and the store's clock is never read.
@Suite("Log cost", .timeLimit(.minutes(5)))
@MainActor
struct LogCostTests {
    /// Walks every pipeline path (each middleware exit, a throw, failing and succeeding
    /// `.task` and `.deferred` work, resolvers, reducers that continue and stop, an unhandled
    /// action), from the main actor and from another thread, tracked and untracked.
    private func exerciseEveryPath(clock: CountingClock, log: LogRecorder<PipeAction>?) async throws -> PipeStore {
        let store = makePipeStore(
            middlewares: [pipeRouterMiddleware(), Middleware(id: "passes") { _ in .next }],
            resolvers: [
                Resolver(id: "declines") { _ in .defaultNext },
                Resolver(id: "recovers") { _ in .exit(.reduce) },
            ],
            reducers: [pipeRecordingReducer(id: "a", exit: .next), pipeRecordingReducer(id: "b", exit: .done)],
            clock: clock,
            log: log
        )
        let actions = pipeRoutes.map(PipeAction.tag) + [.increment, .ignored]
        for _ in 0..<10 {
            store.dispatch(contentsOf: actions)
            for action in actions { store.dispatch(action) }
            _ = try await store.dispatchTracked(.tag("deferred")).outcome
        }
        await Task.detached {
            for _ in 0..<10 { store.dispatch(contentsOf: actions) }
        }.value
        try await store.settled(timeout: patience)
        return store
    }

    @Test func withNoHandlerTheClockIsNeverRead() async throws {
        let clock = CountingClock()
        let store = try await exerciseEveryPath(clock: clock, log: nil)
        #expect(store.count > 0)
        #expect(clock.nowReads == 0)
    }

    @Test func withAHandlerTheClockIsRead() async throws {
        let clock = CountingClock()
        let log = LogRecorder<PipeAction>()
        let store = try await exerciseEveryPath(clock: clock, log: log)
        #expect(store.count > 0)
        #expect(clock.nowReads > 0)
        let before = clock.nowReads
        store.dispatch(.tag("next"))
        #expect(clock.nowReads > before, "each step of a dispatch is timed")
    }
}

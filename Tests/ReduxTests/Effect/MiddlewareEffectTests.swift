@testable import Redux
import Testing

/// Issue 6, section 2: a middleware can return an `Effect` (`MiddlewareExit.effect`, SwiftRex's
/// effect middleware): it starts at once and the chain goes on as after `.next`; its sends land
/// as a reducer effect's do; its errors carry the origin `.effect(middlewareID:position:)`; its
/// cancellation ids are the same ids as the reducers' effects use.
///
/// `@testable` for the inbox (the suspended-action test waits until the error was queued and
/// taken).
@Suite("Middleware effects", .timeLimit(.minutes(5)))
@MainActor
struct MiddlewareEffectTests {
    /// An exit-only reducer that records every action: middleware effects need no effect reducer.
    private let records = Reducer<[FxAction], FxAction>(id: "records") { state, action in
        state.append(action)
        return .next
    }

    @Test func middlewareEffectStartsAtOnceAndItsSendsLand() async throws {
        let trace = SharedList<String>()
        let store = FxStore(initialState: [], reducers: [records], middlewares: [
            Middleware(id: "effects") { context in
                guard context.action == .start else { return .next }
                return .effect(.merge(.send(.got(1)), .run { send in send(.got(2)) }))
            },
        ], onLog: fxTraceHandler(trace))
        store.dispatch(.start)
        #expect(store.state == [.start, .got(1)], "the chain went on; the top-level send landed in the same call")
        #expect(trace.values == [
            "start: enqueued",
            "start: middleware effects#0 effect",
            "start: effectStarted effect of middleware effects#0",
            "got(1): enqueued",
            "start: reducer records#0 next",
            "start: terminal reduced",
            "got(1): middleware effects#0 next",
            "got(1): reducer records#0 next",
            "got(1): terminal reduced",
        ])
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1), .got(2)])
    }

    @Test func middlewareEffectErrorCarriesTheMiddlewaresEffectOrigin() async throws {
        let trace = SharedList<String>()
        let seen = SharedList<String>()
        let store = FxStore(initialState: [], reducers: [records], middlewares: [
            Middleware(id: "rewrites") { context in
                context.action == .tag("raw") ? .nextAs(.start) : .next
            },
            Middleware(id: "effects") { context in
                context.action == .start ? .effect(.run { _ in throw FxError.boom }) : .next
            },
        ], resolvers: [Resolver(id: "records") { context in
            seen.append("\(context.origin) action \(context.action) dispatched \(context.dispatchedAction)")
            return .exit(.done)
        }], onLog: fxTraceHandler(trace))
        store.dispatch(.tag("raw"))
        try await store.settled(timeout: patience)
        #expect(seen.values == ["effect of middleware effects#1 action start dispatched tag(\"raw\")"])
        #expect(trace.values.suffix(4) == [
            "start: terminal reduced",
            "start: effectFailed effect of middleware effects#1 boom",
            "start: resolver records#0 done",
            "start: effectErrorResolved done",
        ])
    }

    /// The effect's error arrives while a later middleware holds the action suspended: it waits
    /// for the action's terminal, which comes after the resumption.
    @Test func middlewareEffectErrorWaitsForTheTerminalOfAnActionALaterMiddlewareSuspended() async throws {
        let trace = SharedList<String>()
        let release = Gate()
        defer { release.open() }
        let store = FxStore(initialState: [], reducers: [records], middlewares: [
            Middleware(id: "effects") { context in
                context.action == .start ? .effect(.run { _ in throw FxError.boom }) : .next
            },
            deferringMiddleware(id: "defers", for: .start, until: release),
        ], resolvers: [Resolver(id: "ends") { _ in .exit(.done) }], onLog: fxTraceHandler(trace))
        store.dispatch(.start)
        #expect(await yieldUntil { store.activeTaskCount == 1 }, "the effect threw and ended; the handler waits")
        #expect(await yieldUntil { !store.inbox.hasPending }, "its error was taken from the inbox")
        #expect(!trace.values.contains { $0.contains("effectFailed") }, "and held back")
        release.open()
        try await store.settled(timeout: patience)
        #expect(trace.values.suffix(6) == [
            "start: resumed defers#1 next",
            "start: reducer records#0 next",
            "start: terminal reduced",
            "start: effectFailed effect of middleware effects#0 boom",
            "start: resolver ends#0 done",
            "start: effectErrorResolved done",
        ])
    }

    @Test func reducerCancelStopsAMiddlewaresEffectWithTheSameID() async throws {
        let started = Gate(), cancelled = Gate()
        let store = makeFxStore(middlewares: [
            Middleware(id: "effects") { context in
                guard context.action == .start else { return .next }
                return .effect(.run { send in
                    started.open()
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        cancelled.open()
                        send(.got(-1))
                        throw error
                    }
                }.cancellable(id: "shared"))
            },
        ]) { action in
            action == .stop ? .cancel(id: "shared") : .none
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
    }

    @Test func middlewareCancelStopsAReducersEffectWithTheSameID() async throws {
        let started = Gate(), cancelled = Gate()
        let store = makeFxStore(middlewares: [
            Middleware(id: "cancels") { context in
                context.action == .stop ? .effect(.cancel(id: "shared")) : .next
            },
        ]) { action in
            guard action == .start else { return .none }
            return .run { send in
                started.open()
                do {
                    try await sleepUntilCancelled(send)
                } catch {
                    cancelled.open()
                    send(.got(-1))
                    throw error
                }
            }.cancellable(id: "shared")
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await cancelled.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
    }

    @Test func middlewareEffectIsAwaitedByWaitForEffects() async {
        let release = Gate()
        let store = FxStore(initialState: [], reducers: [records], middlewares: [
            Middleware(id: "effects") { context in
                guard context.action == .start else { return .next }
                return .effect(.run { send in
                    await release.wait()
                    send(.got(1))
                })
            },
        ])
        let ticket = store.dispatchTracked(.start)
        release.open()
        await ticket.waitForEffects()
        #expect(store.state == [.start, .got(1)])
    }
}

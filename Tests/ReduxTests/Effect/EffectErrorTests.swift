@testable import Redux
import Testing

/// Issue 6, section 1, errors: an error a reducer's effect throws reaches the resolver chain
/// after the producing action's terminal, with the origin `.reducer(id:position:)` and the action
/// whose reduction produced the effect; resolver exits behave as for `.task` errors; a
/// `CancellationError`, or any error thrown after cancellation, is not a failure.
///
/// `@testable` for the diagnostics sink (an unresolved effect error in a debug build).
@Suite("Effect errors", .timeLimit(.minutes(5)))
@MainActor
struct EffectErrorTests {
    /// A middleware turns `.tag("raw")` into `.start`; reducer 0 passes; reducer 1 ("fx") starts
    /// `effect` for `.start`.
    private func store(
        trace: SharedList<String>? = nil,
        resolvers: [Resolver<[FxAction], FxAction>],
        options: StoreOptions = StoreOptions(),
        _ effect: @escaping @Sendable (FxAction) -> Effect<FxAction>
    ) -> FxStore {
        Store(
            initialState: [],
            reducers: [Reducer(id: "passes") { _, _ in .next }, fxReducer(effect)],
            middlewares: [Middleware(id: "rewrites") { context in
                context.action == .tag("raw") ? .nextAs(.start) : .next
            }],
            resolvers: resolvers,
            options: options,
            onLog: trace.map(fxTraceHandler)
        )
    }

    @Test func runErrorReachesTheResolversAfterTheTerminalWithTheReducersOriginAndTheProducingAction() async throws {
        let trace = SharedList<String>()
        let seen = SharedList<String>()
        let store = store(trace: trace, resolvers: [Resolver(id: "records") { context in
            seen.append("\(context.error) from \(context.origin) action \(context.action) dispatched \(context.dispatchedAction)")
            return .exit(.done)
        }]) { action in
            action == .start ? .run { _ in throw FxError.boom } : .none
        }
        store.dispatch(.tag("raw"))
        try await store.settled(timeout: patience)
        #expect(seen.values == ["boom from effect of reducer fx#1 action start dispatched tag(\"raw\")"])
        #expect(trace.values == [
            "tag(\"raw\"): enqueued",
            "tag(\"raw\"): middleware rewrites#0 nextAs(start)",
            "start: reducer passes#0 next",
            "start: reducer fx#1 next",
            "start: effectStarted effect of reducer fx#1",
            "start: terminal reduced",
            "start: effectFailed effect of reducer fx#1 boom",
            "start: resolver records#0 done",
            "start: effectErrorResolved done",
        ])
    }

    @Test func reducerEffectErrorOriginNamesTheReducersIDAndPosition() async throws {
        let origins = SharedList<ErrorOrigin>()
        let store = store(resolvers: [Resolver(id: "records") { context in
            origins.append(context.origin)
            return .exit(.done)
        }]) { action in
            action == .start ? .task { throw FxError.boom } : .none
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(origins.values == [.reducer(id: "fx", position: 1)])
    }

    /// The sends made before the throw are processed first, then the error.
    @Test func runErrorFollowsTheActionsTheEffectSentBeforeIt() async throws {
        let trace = SharedList<String>()
        let store = store(trace: trace, resolvers: [Resolver(id: "ends") { _ in .exit(.done) }]) { action in
            guard action == .start else { return .none }
            return .run { send in
                send(.got(1))
                throw FxError.boom
            }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        let got = try #require(trace.values.firstIndex(of: "got(1): terminal reduced"))
        let failed = try #require(trace.values.firstIndex(of: "start: effectFailed effect of reducer fx#1 boom"))
        #expect(got < failed)
    }

    /// One resolver answer and what it does to an effect error, as for a `.task` error.
    struct ResolverCase: Sendable, CustomTestStringConvertible {
        let exit: ResolverExit<FxAction>
        let resolution: String
        let state: [FxAction]
        var testDescription: String { resolution }
    }

    nonisolated static let resolverCases: [ResolverCase] = [
        ResolverCase(exit: .exit(.reduceAs(.got(9))), resolution: "enqueued(got(9))", state: [.start, .got(9)]),
        ResolverCase(exit: .exit(.reduce), resolution: "ignoredReduce", state: [.start]),
        ResolverCase(exit: .exit(.done), resolution: "done", state: [.start]),
        ResolverCase(exit: .exit(.fail(FxError.late)), resolution: "failed(late)", state: [.start]),
        ResolverCase(exit: .defaultNext, resolution: "failed(boom)", state: [.start]),
    ]

    @Test(arguments: resolverCases)
    func resolverExitsActOnAnEffectErrorAsOnATaskError(_ answer: ResolverCase) async throws {
        let trace = SharedList<String>()
        let exit = answer.exit
        let store = store(trace: trace, resolvers: [Resolver(id: "answers") { _ in exit }]) { action in
            action == .start ? .run { _ in throw FxError.boom } : .none
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(trace.values.contains("start: effectErrorResolved \(answer.resolution)"), "\(trace.values)")
        #expect(store.state == answer.state)
        // The store keeps working.
        store.dispatch(.got(1))
        #expect(store.state == answer.state + [.got(1)])
    }

    /// With no log handler and no resolver taking it, a debug build says so once.
    @Test func unresolvedEffectErrorIsReportedWithTheReducersOrigin() async throws {
        let diagnostics = SharedList<String>()
        var options = StoreOptions()
        options.diagnosticSink = DiagnosticSink { diagnostics.append($0) }
        let store = store(resolvers: [], options: options) { action in
            action == .start ? .run { _ in throw FxError.boom } : .none
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #if DEBUG
        #expect(diagnostics.values.count == 1)
        #expect(diagnostics.values.allSatisfy { $0.contains("boom") && $0.contains("effect of reducer fx#1") && $0.contains("action start") })
        #else
        #expect(diagnostics.values.isEmpty)
        #endif
    }

    /// How a cancelled effect ends: each must reach no resolver.
    enum CancelledEnd: String, CaseIterable, Sendable {
        /// The store-clock sleep throws `CancellationError`.
        case cancellationError
        /// The effect catches the cancellation and throws an error of its own.
        case otherErrorAfterCancellation
    }

    @Test(arguments: CancelledEnd.allCases)
    func cancelledEffectsErrorReachesNoResolver(_ end: CancelledEnd) async throws {
        let trace = SharedList<String>()
        let consulted = SharedList<String>()
        let started = Gate(), thrown = Gate()
        let store = makeFxStore(trace: trace, resolvers: [Resolver(id: "records") { context in
            consulted.append("\(context.error)")
            return .exit(.done)
        }]) { action in
            switch action {
            case .start:
                return .run { send in
                    started.open()
                    defer { thrown.open() }
                    do {
                        try await sleepUntilCancelled(send)
                    } catch {
                        if end == .otherErrorAfterCancellation { throw FxError.late }
                        throw error
                    }
                }.cancellable(id: "work")
            case .stop:
                return .cancel(id: "work")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await started.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await thrown.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(consulted.values.isEmpty)
        #expect(!trace.values.contains { $0.contains("effectFailed") || $0.contains("effectErrorResolved") })
    }

    /// A `CancellationError` thrown by an effect that was not cancelled is not a failure either.
    @Test func cancellationErrorThrownWithoutCancellationReachesNoResolver() async throws {
        let consulted = SharedList<String>()
        let store = makeFxStore(resolvers: [Resolver(id: "records") { context in
            consulted.append("\(context.error)")
            return .exit(.done)
        }]) { action in
            action == .start ? .run { _ in throw CancellationError() } : .none
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(consulted.values.isEmpty)
        #expect(store.state == [.start])
    }
}

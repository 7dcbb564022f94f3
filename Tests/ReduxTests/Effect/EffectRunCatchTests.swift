@testable import Redux
import ReduxTesting
import Testing

private enum LoadError: Error { case offline }

private enum LoadAction: Equatable, Sendable {
    case load, fail, stop, failed(String), loaded
}

/// `.run(operation:catch:)`: a thrown error goes to the handler, which may send; the resolvers
/// never see it; cancellation never reaches the handler.
@Suite("Effect run with an error handler")
@MainActor
struct EffectRunCatchTests {
    private func store(handled: SharedList<String>, resolved: SharedList<String>, options: StoreOptions) -> Store<[LoadAction], LoadAction> {
        Store(
            initialState: [],
            reducers: [Reducer(id: "load", effects: { state, action in
                state.append(action)
                switch action {
                case .fail:
                    return .run { _ in
                        throw LoadError.offline
                    } catch: { error, send in
                        handled.append("\(error)")
                        send(.failed("\(error)"))
                    }
                case .load:
                    return .run { send in
                        try await send.sleep(for: .seconds(3_600))
                        send(.loaded)
                    } catch: { error, _ in
                        handled.append("\(error)")
                    }
                    .cancellable(id: "load")
                case .stop:
                    return .cancel(id: "load")
                case .failed, .loaded:
                    return .none
                }
            })],
            resolvers: [Resolver(id: "records") { context in
                resolved.append("\(context.error)")
                return .exit(.done)
            }],
            options: options
        )
    }

    @Test func caughtErrorGoesToTheHandlerWhoseActionIsReducedAndNeverReachesTheResolvers() async throws {
        let handled = SharedList<String>()
        let resolved = SharedList<String>()
        let lines = DiagnosticLines()
        let store = store(handled: handled, resolved: resolved, options: lines.options)
        store.dispatch(.fail)
        try await store.settled(timeout: patience)
        #expect(store.state == [.fail, .failed("offline")])
        #expect(handled.values == ["offline"])
        #expect(resolved.values.isEmpty)
        lines.expect([])
    }

    @Test func cancellationOfTheEffectNeverReachesTheHandler() async throws {
        let handled = SharedList<String>()
        let resolved = SharedList<String>()
        let clock = TestClock()
        let lines = DiagnosticLines()
        let store = store(handled: handled, resolved: resolved, options: lines.options(clock: clock))
        store.dispatch(.load)
        #expect(await eventually { store.sleepingTaskCount == 1 })
        store.dispatch(.stop)
        try await store.settled(timeout: patience)
        #expect(store.inFlightTaskIDs.isEmpty)
        #expect(store.state == [.load, .stop])
        #expect(handled.values.isEmpty)
        #expect(resolved.values.isEmpty)
        lines.expect([])
    }
}

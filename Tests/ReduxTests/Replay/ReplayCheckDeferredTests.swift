import Foundation
import Redux
import ReduxDevTools
import ReduxTesting
import Testing

/// The replay check on an external action that a `.deferred` middleware suspends: the action is
/// dispatched at one time and reaches its terminal (where the recorder writes `meta.clock`)
/// later, yet the check dispatches it again at that later time, where the middleware suspends
/// it once more.
@MainActor
@Suite("Replay check of a deferred action", .timeLimit(.minutes(1)))
struct ReplayCheckDeferredTests {
    /// Holds `.echo` for 100 ms on the store clock, then lets it through.
    static let holdEcho = Middleware<Trip, TripAction>(id: "hold") { context in
        guard case .echo = context.action else { return .defaultNext }
        return .deferred { effect in
            try await effect.sleep(for: .milliseconds(100))
            return .next
        }
    }

    static func makeStore(_ options: StoreOptions) -> Store<Trip, TripAction> {
        Store(initialState: Trip(), reducers: [tripReducer], middlewares: [holdEcho], options: options)
    }

    @Test func anActionSuspendedByADeferredMiddlewareReplaysDeterministically() async throws {
        let clock = TestClock()
        let store = Self.makeStore(StoreOptions(clock: clock, dependencies: Dependencies(context: .test)))
        let recorder = try store.startRecording(maxAge: 100, startDate: recordingStart)
        store.dispatch(.echo)                           // dispatched at 0 ms, held until 100 ms
        await clock.advance(by: .milliseconds(100))     // echo reduced, its note sent
        let recording = try Recording(importing: recorder.export())
        store.invalidate()
        #expect(recording.steps.map(\.type) == ["@@INIT", "echo", "note"])
        let report = try await recording.replayCheck { options in Self.makeStore(options) }
        #expect(report.isDeterministic, "\(report)")
    }
}

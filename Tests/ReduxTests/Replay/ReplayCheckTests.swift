import Foundation
@testable import Redux
@testable import ReduxDevTools
import ReduxTesting
import Testing

/// The determinism check: a recording's external actions, dispatched again at their recorded
/// store-clock times against a fresh store on a `TestClock` with effects running and the test
/// `\.uuid` and `\.date`, give the recorded entries again; a divergence names the first differing
/// entry with a structural diff of the states.
@MainActor
@Suite("Replay check", .timeLimit(.minutes(5)))
struct ReplayCheckTests {
    /// A session on a `TestClock`: external adds, a timer whose ticks are effect entries, an
    /// echo whose note is an effect entry.
    func recordSession(reducer: Reducer<Trip, TripAction> = tripReducer) async throws -> Recording {
        let clock = TestClock()
        let store = Store(initialState: Trip(), reducers: [reducer], options: StoreOptions(clock: clock, dependencies: Dependencies(context: .test)))
        let recorder = try store.startRecording(maxAge: 1_000, startDate: recordingStart)
        store.dispatch(.add(1))
        store.dispatch(.startTimer)
        await clock.advance(by: .milliseconds(2_500))
        store.dispatch(.echo)
        await clock.advance(by: .seconds(1))
        store.dispatch(.stopTimer)
        store.dispatch(.add(2))
        let recording = try Recording(importing: recorder.export())
        store.invalidate()
        return recording
    }

    @Test func aDeterministicSessionReplaysWithTheSameStateAtEveryEntry() async throws {
        let recording = try await recordSession()
        #expect(recording.steps.contains { $0.origin == .effect }, "the session has effect entries")
        let report = try await recording.replayCheck { options in
            Store(initialState: Trip(), reducers: [tripReducer], options: options)
        }
        #expect(report.isDeterministic, "\(report)")
        #expect(report.replayedActions == 5, "only the external actions are dispatched again")
        #expect(report.comparedEntries == recording.steps.count)
    }

    @Test func theTestUUIDAndDateMakeGeneratedValuesReplayTheSame() async throws {
        let stamping = Reducer<Trip, TripAction>(id: "stamp") { state, action in
            @Dependency(\.uuid) var uuid
            @Dependency(\.date) var date
            if case .note(let text) = action { state.seen.append("\(text) \(uuid()) \(date.now.timeIntervalSince1970)") }
            return .next
        }
        let clock = TestClock()
        let store = Store(initialState: Trip(), reducers: [stamping], options: StoreOptions(clock: clock, dependencies: Dependencies(context: .test)))
        let recorder = try store.startRecording()
        store.dispatch(.note("a"), .note("b"))
        let recording = try Recording(importing: recorder.export())
        store.invalidate()
        let report = try await recording.replayCheck { options in
            Store(initialState: Trip(), reducers: [stamping], options: options)
        }
        #expect(report.isDeterministic, "\(report)")
    }

    @Test func aDivergenceNamesTheFirstDifferingEntryWithAStateDiff() async throws {
        let recording = try await recordSession()
        // The replayed store's timer ticks double: the third entry (the first tick) differs.
        let drifting = Reducer<Trip, TripAction>(id: "trip", effects: { state, action in
            if case .tick(let n) = action {
                state.seen.append("tick \(n * 2)")
                return .none
            }
            return tripReducer.reduce(&state, action).effect
        })
        let report = try await recording.replayCheck { options in
            Store(initialState: Trip(), reducers: [drifting], options: options)
        }
        let divergence = try #require(report.divergence)
        #expect(divergence.index == 3)
        #expect(divergence.recordedType == "tick")
        #expect(divergence.replayedType == "tick")
        #expect(divergence.reason == "the state differs")
        let diff = try #require(divergence.stateDiff)
        #expect(diff.contains(#"-     [0]: "tick 1""#), "the recorded state, as expected: \(diff)")
        #expect(diff.contains(#"+     [0]: "tick 2""#), "the replayed state, as actual: \(diff)")
        #expect(report.description.hasPrefix("replay diverged at entry 3 (id 3): the state differs"))
    }

    @Test func aDifferentInitialStateDivergesAtEntryZero() async throws {
        let recording = try await recordSession()
        let report = try await recording.replayCheck { options in
            Store(initialState: Trip(count: 5), reducers: [tripReducer], options: options)
        }
        #expect(report.divergence?.index == 0)
        #expect(report.divergence?.reason == "the fresh store's initial state is not the committed state")
    }

    @Test func anEntryWhoseActionCannotBeRebuiltIsATypedError() async throws {
        let recording = try await recordSession()
        await #expect(throws: ReplayError.self) {
            _ = try await recording.replayCheck { options in
                Store<Trip, Int>(initialState: Trip(), options: options) { _, _ in }
            }
        }
    }
}

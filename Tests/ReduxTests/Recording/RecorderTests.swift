import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// The recorder step: after each terminal it keeps the dispatched action, its outcome, its origin,
/// its time and the state it left; the oldest steps fold into the committed state.
@MainActor
@Suite("Recorder", .timeLimit(.minutes(5)))
struct RecorderTests {
    @Test func eachActionIsRecordedWithItsOutcomeAndTheStateItLeft() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1), .add(2))
        #expect(recorder.count == 2)
        #expect(recorder.steps.map(\.id) == [1, 2])
        #expect(recorder.steps.map(\.action) == [.add(1), .add(2)])
        #expect(recorder.steps.map(\.state?.count) == [1, 3])
        #expect(recorder.steps.allSatisfy { $0.outcome == .reduced })
        #expect(recorder.committedState == Trip())
        #expect(recorder.state(at: 0) == Trip())
        #expect(recorder.state(at: 2)?.count == 3)
        store.invalidate()
    }

    @Test func theRecordedActionIsTheDispatchedOneAndEveryOutcomeIsKept() throws {
        let gate = Middleware<Trip, TripAction>(id: "gate") { context in
            switch context.action {
            case .note("swap"): return .nextAs(.add(7))
            case .note("drop"): return .exit(.done)
            default: return .next
            }
        }
        let store = makeTripStore(middlewares: [gate])
        let recorder = try store.startRecording()
        store.dispatch(.note("swap"), .note("drop"))
        #expect(recorder.steps.map(\.action) == [.note("swap"), .note("drop")])
        #expect(recorder.steps.map(\.outcomeDescription) == ["reduced", "consumed"])
        #expect(recorder.steps[0].state?.count == 7)
        store.invalidate()
    }

    @Test func theOldestStepFoldsIntoTheCommittedStateAtMaxAge() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording(maxAge: 3)
        store.dispatch(.add(1), .add(2), .add(3), .add(4))
        #expect(recorder.count == 2, "maxAge counts the committed state")
        #expect(recorder.steps.map(\.id) == [3, 4], "ids are never reused")
        #expect(recorder.committedState?.count == 3, "the state after the folded steps")
        #expect(recorder.steps.map(\.state?.count) == [6, 10])
        store.invalidate()
    }

    @Test func aMaxAgeBelowTwoIsRefusedAndNoRecorderIsAttached() {
        let store = makeTripStore()
        #expect(throws: RecordingError.invalidMaxAge(1)) { try store.startRecording(maxAge: 1) }
        #expect(store.recorder == nil)
        store.invalidate()
    }

    @Test func aSecondRecorderIsRefusedUntilTheFirstStops() throws {
        let store = makeTripStore()
        try store.startRecording()
        #expect(throws: RecordingError.alreadyRecording) { try store.startRecording() }
        store.stopRecording()
        try store.startRecording()
        #expect(store.recorder != nil)
        store.invalidate()
    }

    @Test func aStoppedRecorderKeepsItsHistoryAndRecordsNothingMore() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording()
        store.dispatch(.add(1))
        store.stopRecording()
        store.dispatch(.add(1))
        #expect(recorder.count == 1)
        #expect(store.recorder == nil)
        store.invalidate()
    }

    @Test func theFilterAllowsAndDeniesByIdentityAndByPattern() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording(filter: .denying("note"))
        store.dispatch(.add(1), .note("x"), .add(2))
        #expect(recorder.steps.map(\.action) == [.add(1), .add(2)])
        #expect(recorder.steps.last?.state?.seen == ["x"], "a dropped action is still processed")
        store.stopRecording()

        let allowing = try store.startRecording(filter: .allowing(matching: "^a"))
        store.dispatch(.note("y"), .add(3))
        #expect(allowing.steps.map(\.action) == [.add(3)])
        store.stopRecording()

        let both = try store.startRecording(filter: RecordingFilter(allowed: ["note", "add"], deniedPatterns: ["dd$"]))
        store.dispatch(.note("z"), .add(4))
        #expect(both.steps.map(\.action) == [.note("z")])
        store.invalidate()
    }

    @Test func anInvalidPatternIsATypedErrorNamingIt() {
        let store = makeTripStore()
        #expect {
            try store.startRecording(filter: .denying(matching: "(unclosed"))
        } throws: { error in
            guard case .invalidPattern(let pattern, _) = error as? RecordingError else { return false }
            return pattern == "(unclosed"
        }
        #expect(store.recorder == nil)
        store.invalidate()
    }

    @Test func originIsExternalForDispatchesAndEffectForTheStoresOwnWork() async throws {
        let clock = TestClock()
        let relay = Middleware<Trip, TripAction>(id: "relay") { context in
            if case .note("relay") = context.action { context.dispatch(.note("relayed")) }
            if case .note("task") = context.action {
                return .task { effect in effect.dispatch(.note("from task")) }
            }
            return .next
        }
        let store = makeTripStore(clock: clock, middlewares: [relay])
        let recorder = try store.startRecording(maxAge: 100)
        store.dispatch(.echo)
        store.dispatch(.note("relay"))
        store.dispatch(.note("task"))
        // The task's dispatch and another thread's both go through the inbox: settle first, so
        // that their order is the one written here.
        try await store.settled(timeout: patience)
        await Task.detached { store.dispatch(.add(1)) }.value
        try await store.settled(timeout: patience)
        let origins = recorder.steps.map { "\($0.action):\($0.origin.rawValue)" }
        #expect(origins == [
            "echo:external", "note(\"echo\"):effect",
            "note(\"relay\"):external", "note(\"relayed\"):effect",
            "note(\"task\"):external", "note(\"from task\"):effect",
            "add(1):external",
        ])
        store.invalidate()
    }

    @Test func timestampsAreTheStartDatePlusTheStoreClocksOffset() async throws {
        let clock = TestClock()
        let store = makeTripStore(clock: clock)
        await clock.advance(by: .seconds(3))
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1))
        await clock.advance(by: .milliseconds(1_500))
        store.dispatch(.add(1))
        let start = Int64(recordingStart.timeIntervalSince1970 * 1_000)
        #expect(recorder.steps.map(\.clockOffset) == [.zero, .milliseconds(1_500)])
        #expect(recorder.steps.map(\.timestamp) == [start, start + 1_500])
        store.invalidate()
    }

    @Test func theRecordedStateSharesTheStoresBufferUntilTheNextWriteCopiesIt() throws {
        let store = Store<[Int], Int>(initialState: Array(repeating: 0, count: 1_000)) { state, index in state[index] += 1 }
        let recorder = try store.startRecording()
        store.dispatch(3)
        store.dispatch(4)
        #expect(recorder.state(at: 1)?[4] == 0, "the step kept its own value: the next write copied the buffer")
        #expect(recorder.state(at: 2)?[4] == 1)
        #expect(store.state[3] == 1 && store.state[4] == 1)
        store.invalidate()
    }

    @Test func aKeepingRecorderKeepsOnlyTheProjectionAndCannotTravel() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording(keeping: { $0.count })
        store.dispatch(.add(2), .add(3))
        #expect(recorder.keepsStates == false)
        #expect(recorder.steps.map { $0.projection as? Int } == [2, 5])
        #expect(recorder.steps.allSatisfy { $0.state == nil })
        #expect(recorder.committedState == nil)
        #expect(throws: TimeTravelError.statesNotKept) { try store.jump(to: 1) }
        store.invalidate()
    }

    @Test func aDeferredActionIsRecordedWithTheOriginItHadWhenDispatched() async throws {
        let clock = TestClock()
        let deferring = Middleware<Trip, TripAction>(id: "deferring") { context in
            switch context.action {
            case .note("outer"):
                context.dispatch(.note("inner"))
                return .next
            case .note("inner"), .note("later"):
                return .deferred { _ in .next }
            default:
                return .next
            }
        }
        let store = makeTripStore(clock: clock, middlewares: [deferring])
        let recorder = try store.startRecording()
        store.dispatch(.note("outer"))
        store.dispatch(.note("later"))
        try await store.settled(timeout: patience)
        let origins = Dictionary(uniqueKeysWithValues: recorder.steps.map { ("\($0.action)", $0.origin) })
        #expect(origins == ["note(\"outer\")": .external, "note(\"inner\")": .effect, "note(\"later\")": .external])
        store.invalidate()
    }
}

import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// A recorder's export is Redux DevTools' lifted state: each action's `type` its identity, its
/// `payload` its encoding, the states encoded on export; a full export loads back and drives time
/// travel, a projection's is view-only and says so.
@MainActor
@Suite("Recorder: export and load", .timeLimit(.minutes(5)))
struct RecorderExportTests {
    struct Counter: Codable, Equatable, Sendable {
        var count = 0
    }

    enum CounterAction: Codable, Equatable, Sendable, ActionIdentifiable {
        case increment
        case set(Int)

        var actionIdentity: ActionIdentity {
            switch self {
            case .increment: "increment"
            case .set: "set"
            }
        }
    }

    func counterStore(clock: TestClock) -> Store<Counter, CounterAction> {
        Store(initialState: Counter(), options: StoreOptions(clock: clock)) { state, action in
            switch action {
            case .increment: state.count += 1
            case .set(let value): state.count = value
            }
        }
    }

    /// 0 → 1 → 2: `.increment` at 250 ms, `.increment` at 1,500.5 ms on a `TestClock`.
    func counterSession() async throws -> (Store<Counter, CounterAction>, Recorder<Counter, CounterAction>) {
        let clock = TestClock()
        let store = counterStore(clock: clock)
        let recorder = try store.startRecording(startDate: recordingStart)
        await clock.advance(by: .milliseconds(250))
        store.dispatch(.increment)
        await clock.advance(by: .microseconds(1_250_500))
        store.dispatch(.increment)
        return (store, recorder)
    }

    @Test func aCounterSessionExportsTheGoldenFile() async throws {
        let (store, recorder) = try await counterSession()
        let golden = try Data(contentsOf: RecordingFixtures.folder.appendingPathComponent("Golden/store-counter-session.json"))
        let exported = try recorder.export()
        #expect(String(decoding: exported, as: UTF8.self) == String(decoding: golden, as: UTF8.self))
        store.invalidate()
    }

    @Test func exportImportExportIsByteIdentical() async throws {
        let (store, recorder) = try await counterSession()
        store.dispatch(.set(40))
        let exported = try recorder.export()
        let imported = try Recording(importing: exported)
        #expect(imported.exported() == exported)
        #expect(imported.steps.map(\.type) == ["@@INIT", "increment", "increment", "set"])
        #expect(imported.statesAreFull)
        store.invalidate()
    }

    @Test func theTypeIsTheIdentityAndThePayloadTheActionsEncoding() async throws {
        let (store, recorder) = try await counterSession()
        store.dispatch(.set(40))
        let imported = try Recording(importing: recorder.export())
        let last = try #require(imported.steps.last)
        #expect(last.type == "set")
        #expect(String(decoding: try #require(last.payload), as: UTF8.self) == #"{"set":{"_0":40}}"#)
        #expect(String(decoding: last.stateJSON, as: UTF8.self) == #"{"count":40}"#)
        #expect(last.origin == .external)
        #expect(last.outcome == "reduced")
        store.invalidate()
    }

    @Test func aStateThatCannotBeEncodedFailsTheExportNamingTheStep() throws {
        let store = Store<[Double], Double>(initialState: [1]) { state, value in state.append(value) }
        let recorder = try store.startRecording()
        store.dispatch(2)
        store.dispatch(.nan)
        store.dispatch(3)
        #expect {
            try recorder.export()
        } throws: { error in
            guard case .unencodableState(let id, .nonFiniteNumber) = error as? RecordingError else { return false }
            return id == 2
        }
        store.invalidate()
    }

    @Test func aFullRecordingLoadsBackAndDrivesTimeTravel() async throws {
        let (store, recorder) = try await counterSession()
        let file = try recorder.export()
        store.invalidate()

        let other = counterStore(clock: TestClock())
        let loader = try other.startRecording()
        try loader.load(Recording(importing: file))
        #expect(loader.count == 2)
        #expect(loader.steps.map(\.action) == [.increment, .increment])
        #expect(loader.steps.map(\.outcomeDescription) == ["reduced", "reduced"])
        try other.jump(to: 1)
        #expect(other.count == 1)
        other.resumeLive()
        #expect(other.count == 0, "the live state of the store that loaded it")
        other.invalidate()
    }

    @Test func aProjectionsRecordingIsViewOnlyAndSaysSo() async throws {
        let clock = TestClock()
        let store = counterStore(clock: clock)
        let recorder = try store.startRecording(exporting: { ["shown": $0.count] })
        store.dispatch(.increment)
        let imported = try Recording(importing: recorder.export())
        #expect(imported.statesAreFull == false)
        #expect(imported.viewOnlyReason != nil)
        store.stopRecording()
        let loader = try store.startRecording()
        #expect {
            try loader.load(imported)
        } throws: { error in
            guard case .viewOnly(let reason) = error as? RecordingError else { return false }
            return reason.contains("projection")
        }
        #expect(loader.count == 0, "nothing was loaded")
        store.invalidate()
    }
}

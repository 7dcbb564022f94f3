import Foundation
@testable import ReduxDemo
import Redux
import ReduxTesting
import Testing

/// Example: the demo's `--record` and `--replay-check` (Examples/Demo/DemoRecording.swift), on
/// every shipped session. Each session is replayed in process through the demo's own store
/// factory and replay, recorded from the store's creation; the export is read back as raw JSON
/// (`JSONSerialization`, not the library's reader) and every field of Redux DevTools' lifted
/// state is checked; then the recording is replay-checked against a fresh demo store.
@MainActor
@Suite("Demo recordings", .timeLimit(.minutes(5)))
struct DemoRecordingTests {
    /// The shipped sessions, Examples/Sessions/*.jsonl, by path, sorted.
    nonisolated static let sessionPaths: [String] = {
        let sessions = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Sessions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { sessions.appendingPathComponent($0).path }
    }()

    /// The recording start in milliseconds since 1970.
    nonisolated static let startMilliseconds = Int(DemoRecording.startDate.timeIntervalSince1970 * 1_000)

    /// Replays the session at `path` as `redux-demo PATH --record FILE` does (the demo's store
    /// factory, recorder start, replay and export), with the transcript discarded.
    func record(_ path: String) async throws -> Data {
        let session = try SessionFile(path: path)
        let clock = TestClock()
        let transcript = Transcript()
        let store = DemoStore.make(options: DemoStore.options(clock: clock), transcript: transcript)
        defer { store.invalidate() }
        let recorder = try DemoRecording.start(on: store)
        try await Replay(store: store, clock: clock, transcript: transcript, write: { _ in }).run(session)
        return try DemoRecording.export(recorder)
    }

    @Test func theShippedSessionsAreFound() {
        #expect(Self.sessionPaths.count >= 5, "\(Self.sessionPaths)")
        #expect(Self.sessionPaths.contains { $0.hasSuffix("/counter-login.jsonl") })
    }

    @Test(arguments: sessionPaths)
    func everyShippedSessionExportsAWellFormedLiftedState(path: String) async throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let data = try await record(path)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name): not a JSON object")
        #expect(Set(root.keys) == [
            "actionsById", "computedStates", "stagedActionIds", "skippedActionIds", "nextActionId",
            "currentStateIndex", "committedState", "isLocked", "isPaused",
        ], "\(name): top-level keys")
        #expect(jsanKeys(in: root).isEmpty, "\(name): $jsan keys at \(jsanKeys(in: root))")

        let actions = try #require(root["actionsById"] as? [String: Any], "\(name): actionsById")
        let staged = try #require(integers(root["stagedActionIds"]), "\(name): stagedActionIds")
        let skipped = try #require(integers(root["skippedActionIds"]), "\(name): skippedActionIds")
        let states = try #require(root["computedStates"] as? [Any], "\(name): computedStates")
        #expect(staged.count > 1, "\(name): the session recorded actions")
        #expect(staged.first == 0, "\(name): id 0 staged first")
        #expect(staged == staged.sorted() && Set(staged).count == staged.count, "\(name): staged ids ascending, unique")
        #expect(Set(actions.keys) == Set(staged.map(String.init)), "\(name): actionsById holds exactly the staged ids")
        #expect(skipped.isEmpty, "\(name): nothing skipped")
        #expect(isInteger(root["nextActionId"]) && root["nextActionId"] as? Int == (staged.max() ?? 0) + 1, "\(name): nextActionId")
        let current = try #require(isInteger(root["currentStateIndex"]) ? root["currentStateIndex"] as? Int : nil, "\(name): currentStateIndex")
        #expect((0..<staged.count).contains(current), "\(name): currentStateIndex \(current) out of range")
        #expect(isBool(root["isLocked"]) && isBool(root["isPaused"]), "\(name): isLocked and isPaused are booleans")

        #expect(states.count == staged.count, "\(name): one computed state per staged action")
        for (index, element) in states.enumerated() {
            let computed = element as? [String: Any]
            #expect(computed.map { Set($0.keys) } == ["state"], "\(name): computedStates[\(index)] is {\"state\": …}")
            #expect(computed?["state"] is [String: Any], "\(name): computedStates[\(index)].state is the app state object")
        }
        let committed = try #require(root["committedState"] as? NSDictionary, "\(name): committedState")
        #expect((states.first as? [String: Any])?["state"] as? NSDictionary == committed, "\(name): recorded from creation: @@INIT's state is the committed state")

        var previous = Self.startMilliseconds
        for id in staged {
            let entry = try #require(actions[String(id)] as? [String: Any], "\(name): actionsById.\(id)")
            let action = try #require(entry["action"] as? [String: Any], "\(name): actionsById.\(id).action")
            let meta = try #require(entry["meta"] as? [String: Any], "\(name): actionsById.\(id).meta")
            #expect(entry["type"] as? String == "PERFORM_ACTION", "\(name): actionsById.\(id).type")
            let type = action["type"] as? String
            #expect(type?.isEmpty == false, "\(name): actionsById.\(id).action.type is a string")
            let timestamp = try #require(isInteger(entry["timestamp"]) ? entry["timestamp"] as? Int : nil, "\(name): actionsById.\(id).timestamp is an integer")
            #expect(timestamp >= Self.startMilliseconds, "\(name): actionsById.\(id).timestamp \(timestamp) before the start date")
            #expect(timestamp >= previous, "\(name): actionsById.\(id).timestamp goes back in time")
            previous = timestamp
            if id == 0 {
                #expect(type == "@@INIT", "\(name): id 0 is @@INIT")
                #expect(timestamp == Self.startMilliseconds, "\(name): @@INIT at the start date")
                #expect(meta["states"] as? String == "state", "\(name): the states are the state's own encoding")
                continue
            }
            #expect(type != "@@INIT", "\(name): only id 0 is @@INIT")
            #expect((meta["outcome"] as? String)?.isEmpty == false, "\(name): actionsById.\(id).meta.outcome is a string")
            #expect(["external", "effect"].contains(meta["origin"] as? String), "\(name): actionsById.\(id).meta.origin is \(meta["origin"] ?? "absent")")
            let clock = try #require(isNumber(meta["clock"]) ? meta["clock"] as? Double : nil, "\(name): actionsById.\(id).meta.clock is a number")
            #expect(clock >= 0, "\(name): actionsById.\(id).meta.clock is negative")
            #expect(abs(Double(timestamp - Self.startMilliseconds) - clock) < 1, "\(name): actionsById.\(id).timestamp is the start date plus meta.clock")
            #expect(action["payload"] != nil, "\(name): actionsById.\(id).action has a payload (AppAction is Encodable)")
        }
        #expect(actions.values.contains { (($0 as? [String: Any])?["meta"] as? [String: Any])?["origin"] as? String == "external" },
                "\(name): the session's own actions are external")
    }

    @Test(arguments: sessionPaths)
    func everyShippedSessionReplaysDeterministically(path: String) async throws {
        let data = try await record(path)
        let recording = try Recording(importing: data)
        let report = try await DemoRecording.check(recording, path: path)
        #expect(report.isDeterministic, "\(URL(fileURLWithPath: path).lastPathComponent): \(report)")
        #expect(report.comparedEntries == recording.steps.count)
        #expect(report.replayedActions > 0)
    }

    @Test func aSessionRecordsToTheSameBytesOnEveryRun() async throws {
        let path = try #require(Self.sessionPaths.first { $0.hasSuffix("/downloads.jsonl") })
        let first = try await record(path)
        let second = try await record(path)
        #expect(first == second)
    }

    @Test func aRecordingWhoseStateWasEditedDivergesThere() async throws {
        let path = try #require(Self.sessionPaths.first { $0.hasSuffix("/counter-login.jsonl") })
        let text = String(decoding: try await record(path), as: UTF8.self)
        // The second computed state's counter: after the session's first increment, 1; made 41.
        let states = try #require(text.range(of: #""computedStates":["#))
        let second = try #require(text.range(of: #"{"state":{"counter":1,"#, range: states.upperBound..<text.endIndex))
        let edited = text.replacingCharacters(in: second, with: #"{"state":{"counter":41,"#)
        let report = try await DemoRecording.check(try Recording(importing: Data(edited.utf8)), path: path)
        let divergence = try #require(report.divergence)
        #expect(divergence.index == 1)
        #expect(divergence.reason == "the state differs")
        #expect(divergence.stateDiff?.contains("41") == true, "\(divergence)")
    }

    // MARK: - Raw JSON kinds (JSONSerialization gives NSNumber for numbers and booleans)

    func isBool(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    func isNumber(_ value: Any?) -> Bool { value is NSNumber && !isBool(value) }

    func isInteger(_ value: Any?) -> Bool {
        guard isNumber(value), let number = value as? NSNumber else { return false }
        return !["d", "f"].contains(String(cString: number.objCType)) && number as? Int != nil
    }

    /// An array of integers, or nil when the value is something else.
    func integers(_ value: Any?) -> [Int]? {
        guard let array = value as? [Any], array.allSatisfy(isInteger) else { return nil }
        return array.compactMap { $0 as? Int }
    }

    /// The paths of every object key starting with `$jsan`, at any depth.
    func jsanKeys(in value: Any, at path: String = "") -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, child in
                (key.hasPrefix("$jsan") ? ["\(path).\(key)"] : []) + jsanKeys(in: child, at: "\(path).\(key)")
            }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { jsanKeys(in: $1, at: "\(path)[\($0)]") }
        }
        return []
    }
}

import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Pressure diagnostics: an action identity dispatched more than `threshold` times within
/// `window` (the store's clock, a `TestClock` here) warns once, with a `.highFrequencyAction`
/// event, then stays quiet for the cooldown; nothing is dropped.
@Suite("Pressure diagnostics", .timeLimit(.minutes(5)))
@MainActor
struct PressureDiagnosticsTests {
    // MARK: - Rule: more than `threshold` in `window` warns once; every action is reduced

    @Test
    func fiveDispatchesPastAThresholdOfThreeWarnOnceAndAllAreReduced() {
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(recorder: recorder)
        for _ in 0..<5 { store.dispatch(.ping) }
        #expect(store.received == Array(repeating: .ping, count: 5), "a warning drops nothing")
        let warnings = recorder.pressureWarnings
        #expect(warnings.count == 1, "\(warnings)")
        // The fourth dispatch crossed the threshold: the warning carries its sequence number,
        // and comes before that action's own events.
        let enqueued = recorder.events.filter { if case .enqueued = $0.kind { true } else { false } }
        #expect(enqueued.count == 5)
        let fourth = enqueued.count == 5 ? enqueued[3].sequence : 0
        #expect(warnings.first == LogEvent(sequence: fourth, action: .ping, kind: .highFrequencyAction(identity: "ping", count: 4, window: .seconds(10))))
        let positions = recorder.events.indices.filter { recorder.events[$0].sequence == fourth }
        if case .highFrequencyAction = recorder.events[positions.first ?? 0].kind {} else {
            Issue.record("the warning is delivered at once, before the crossing action's events: \(recorder.events)")
        }
    }

    // MARK: - Rule: quiet for the cooldown, then a new flood warns again

    @Test
    func afterTheCooldownANewFloodWarnsAgain() async {
        let clock = TestClock()
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(clock: clock, recorder: recorder)  // window 10 s, cooldown 30 s
        for _ in 0..<5 { store.dispatch(.ping) }
        #expect(recorder.pressureWarnings.count == 1)
        await clock.advance(by: .seconds(20))
        for _ in 0..<5 { store.dispatch(.ping) }
        #expect(recorder.pressureWarnings.count == 1, "a flood inside the cooldown stays quiet")
        await clock.advance(by: .seconds(15))
        for _ in 0..<5 { store.dispatch(.ping) }
        #expect(recorder.pressureWarnings.count == 2, "a flood after the cooldown warns again")
        #expect(store.received.count == 15)
    }

    // MARK: - Rule: dispatches spread wider than the window never warn

    @Test
    func dispatchesSpreadWiderThanTheWindowNeverWarn() async {
        let clock = TestClock()
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(clock: clock, recorder: recorder)  // more than 3 within 10 s warns
        // One every 4 s: any 10 s hold at most 3 of them.
        for _ in 0..<20 {
            store.dispatch(.ping)
            await clock.advance(by: .seconds(4))
        }
        #expect(store.received.count == 20)
        #expect(recorder.pressureWarnings.isEmpty, "\(recorder.pressureWarnings)")
        // The same count, closer together, does warn: the rule is about the window.
        for _ in 0..<4 {
            store.dispatch(.ping)
            await clock.advance(by: .seconds(3))
        }
        #expect(recorder.pressureWarnings.count == 1)
    }

    // MARK: - Rule: identities are counted separately

    @Test
    func twoIdentitiesAreCountedSeparately() {
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(recorder: recorder)
        for _ in 0..<3 {
            store.dispatch(.ping)
            store.dispatch(.pong)
        }
        #expect(recorder.pressureWarnings.isEmpty, "six dispatches, but three of each")
        #expect(store.pressureIdentityCount == 2)
        store.dispatch(.ping)
        #expect(recorder.pressureWarnings.map(\.kind) == [.highFrequencyAction(identity: "ping", count: 4, window: .seconds(10))])
        store.dispatch(.pong)
        #expect(recorder.pressureWarnings.map(\.kind) == [
            .highFrequencyAction(identity: "ping", count: 4, window: .seconds(10)),
            .highFrequencyAction(identity: "pong", count: 4, window: .seconds(10)),
        ], "pong's cooldown is its own")
    }

    // MARK: - Rule: every dispatch API counts

    /// Store `dispatch`, `dispatchTracked`, a batch, a middleware's context (inside a pass: the
    /// warning follows the current action's terminal) and an effect's `send` (counted as it
    /// enters the queue, off the main actor: delivered on a main-actor turn).
    @Test(arguments: ["dispatch", "tracked", "batch", "middleware", "effect"])
    func everyDispatchPathIsCounted(path: String) async throws {
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(recorder: recorder)
        switch path {
        case "dispatch": for _ in 0..<4 { store.dispatch(.ping) }
        case "tracked": for _ in 0..<4 { _ = store.dispatchTracked(.ping) }
        case "batch": store.dispatch(.ping, .ping, .ping, .ping)
        case "middleware": store.dispatch(.relay(4))
        default: store.dispatch(.burst(4))
        }
        try await store.settled(timeout: patience)
        #expect(await eventually { recorder.pressureWarnings.count == 1 }, "\(path): \(recorder.events)")
        #expect(store.received.filter { $0 == .ping }.count == 4)
        if path == "middleware" {
            let events = recorder.events
            let relayTerminal = events.firstIndex { event in
                if case .terminal = event.kind { event.action == .relay(4) } else { false }
            }
            let warning = events.firstIndex { if case .highFrequencyAction = $0.kind { true } else { false } }
            #expect(relayTerminal != nil && warning != nil && relayTerminal! < warning!, "held until the relay's pass ends")
        }
    }

    // MARK: - Rule: off-main-actor dispatches are counted; the warning arrives on the main actor

    /// Five dispatches from a plain thread: counted there, when made (the identity count is
    /// visible before any main-actor turn), and the one warning reaches the log handler on the
    /// main actor (checked dynamically: the handler traps if it runs anywhere else).
    @Test
    func offMainActorDispatchesAreCountedAndWarnOnTheMainActor() async throws {
        let recorder = LogRecorder<PressureAction>()
        let handler = recorder.handler
        let delivered = SharedValue(0)
        var options = StoreOptions(clock: TestClock(), pressureDiagnostics: PressureDiagnostics(window: .seconds(10), threshold: 3))
        options.diagnosticSink = DiagnosticSink { _ in }
        let store = PressureStore(initialState: PressureState(), options: options, onLog: { event in
            if case .highFrequencyAction = event.kind {
                MainActor.assertIsolated("a pressure warning is delivered on the main actor")
                delivered.value += 1
            }
            handler(event)
        }) { state, action in state.received.append(action) }
        #expect(runOnThreadAndWait { for _ in 0..<5 { store.dispatch(.ping) } })
        #expect(store.pressureIdentityCount == 1, "counted when dispatched, before any main-actor turn")
        #expect(await eventually { recorder.pressureWarnings.count == 1 })
        try await store.settled(timeout: patience)
        for _ in 0..<50 { await Task.yield() }
        #expect(recorder.pressureWarnings.count == 1)
        #expect(recorder.pressureWarnings.first?.kind == .highFrequencyAction(identity: "ping", count: 4, window: .seconds(10)))
        #expect(delivered.value == 1)
        #expect(store.received.count == 5)
    }

    // MARK: - Rule: with no log handler, a debug build prints one line

    @Test
    func withNoLogHandlerADebugBuildPrintsOneLine() {
        let lines = SharedList<String>()
        let store = pressureStore(lines: lines)
        for _ in 0..<6 { store.dispatch(.ping) }
        #expect(store.received.count == 6)
        #expect(lines.values.count == 1, "\(lines.values)")
        let text = lines.values.first ?? ""
        #expect(text.hasPrefix("swift-redux: high-frequency action ping: 4 dispatches within 10.0 s"), "\(text)")
        #expect(text.contains("\(#fileID)"), "the call site: \(text)")
    }

    // MARK: - Rule: off by default, nothing counted

    @Test
    func withoutPressureDiagnosticsNothingIsCounted() {
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(nil, recorder: recorder)
        for _ in 0..<10 { store.dispatch(.ping) }
        #expect(store.pressureIdentityCount == 0)
        #expect(recorder.pressureWarnings.isEmpty)
        #expect(store.received.count == 10)
    }

    // MARK: - Rule: on means counted, even when nobody hears the warning

    @Test
    func withNoLogHandlerAndNoPrintedDiagnosticsTheStoreStillCounts() {
        let options = StoreOptions(clock: TestClock(), printsDiagnostics: false,
                                   pressureDiagnostics: PressureDiagnostics(window: .seconds(10), threshold: 3, cooldown: .seconds(30)))
        let store = Store<Int, PressureAction>(initialState: 0, reducers: [Reducer(id: "count") { state, _ in
            state += 1
            return .next
        }], options: options)
        for _ in 0..<5 { store.dispatch(.ping) }
        store.dispatch(.pong)
        #expect(store.state == 6)
        #expect(store.pressureIdentityCount == 2)
    }

    // MARK: - Rule: a rate-limited dispatch is counted once, admitted or refused

    @Test
    func aRateLimitedDispatchIsCountedOnceOnTheMainActor() {
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(recorder: recorder)  // more than 3 within 10 s warns
        #expect(store.dispatch(.ping, rate: .limit(5)))
        #expect(store.dispatch(.ping, rate: .minimumInterval(.seconds(1))))
        #expect(!store.dispatch(.ping, rate: .minimumInterval(.seconds(1))), "inside the interval: refused")
        #expect(recorder.pressureWarnings.isEmpty, "three dispatches, each counted once: \(recorder.pressureWarnings)")
        #expect(!store.dispatch(.ping, rate: .limit(0)))
        #expect(recorder.pressureWarnings.count == 1, "the fourth, refused, still counts")
        #expect(store.received == [.ping, .ping])
    }

    @Test
    func aRateLimitedDispatchFromAnotherThreadIsCountedOnce() async throws {
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(recorder: recorder)
        let admitted = await Task.detached {
            (0..<3).map { _ in store.dispatch(.pong, rate: .limit(10)) }
        }.value
        #expect(admitted == [true, true, true])
        #expect(store.pressureIdentityCount == 1)
        try await store.settled()
        #expect(store.received == [.pong, .pong, .pong])
        #expect(recorder.pressureWarnings.isEmpty, "three dispatches, each counted once: \(recorder.pressureWarnings)")
        store.dispatch(.pong)
        #expect(recorder.pressureWarnings.count == 1)
    }
}

import Redux
import ReduxTesting
import Testing

/// The README's and the Diagnosing Pressure article's examples do what their comments say.
@Suite("Pressure diagnostics examples", .timeLimit(.minutes(5)))
@MainActor
struct PressureDocExamplesTests {
    @Test func theReadmeFeedLogsOneWarningForSixtyOneScrolls() {
        let recorder = LogRecorder<ScrollAction>()
        let store = makeScrollStore(onLog: recorder.handler)
        for offset in 1...61 { store.dispatch(.scrolled(offset: Double(offset))) }
        let warnings = recorder.events.filter { if case .highFrequencyAction = $0.kind { true } else { false } }
        #expect(warnings.map(\.description) == ["#61 scrolled(offset: 61.0): warning: high-frequency action scrolled: 61 dispatches within 1.00 s"])
        #expect(store.state == 61)
    }

    @Test func theArticleStoreWarnsOnceForFiveTicks() {
        let warnings = SharedList<String>()
        let store = DiagnosingPressureBlocks().watchedStore(clock: TestClock()) { warnings.append($0) }
        for _ in 0..<5 { store.dispatch(.tick) }
        #expect(warnings.values == ["tick: 4 within 10.0 seconds"])
        #expect(store.state == 5)
    }
}

import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// Time travel and child lifetimes: a jump is not a reducer chain, so it never runs the sweep that
/// ends a removed child's work, and what that work sends while the store travels lands after the
/// return to the live state.
@MainActor
@Suite("Time travel: children", .timeLimit(.minutes(5)))
struct TimeTravelChildTests {
    @Test func aJumpToAStateWithoutARowDoesNotEndTheRowsWork() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        try store.startRecording(exporting: { $0.rows.count })
        store.dispatch(.note("before"))
        store.dispatch(.addRow(1))
        store.dispatch(.rows(.element(id: 1, action: .start)))
        #expect(store.activeTaskCount == 1)
        try store.jump(to: 1)
        #expect(store.rows.isEmpty, "the shown state has no row 1")
        await clock.advance(by: jobDuration)
        #expect(store.heldActions == [.rows(.element(id: 1, action: .finished))], "the row's job ran to its end and sent")
        store.resumeLive()
        #expect(store.rows[id: 1]?.count == 100, "the row's effect landed in the live state")
        #expect(store.rows[id: 1]?.log == ["start", "finished"])
        store.invalidate()
    }

    @Test func heldActionsAreCheckedAgainstTheLiveStateAsIfJustDispatched() async throws {
        let clock = TestClock()
        let store = makeHomeStore(clock: clock)
        try store.startRecording(exporting: { $0.rows.count })
        store.dispatch(.addRow(1))
        try store.jump(to: 0)
        store.dispatch(.removeRow(1))
        store.dispatch(.rows(.element(id: 1, action: .increment)))
        store.resumeLive()
        #expect(store.rows.isEmpty, "the removal ran first, so the increment found no row 1")
        store.invalidate()
    }
}

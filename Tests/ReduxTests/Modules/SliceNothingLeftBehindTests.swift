@testable import Redux
import ReduxTesting
import Testing

/// The composition issue's "nothing left behind" count, with slices in use: rows and a sheet
/// started through their slices, removed, and dispatched to again through their now detached
/// slices leave no registered instance and no task bookkeeping; and the store keeps no slice
/// (every slice is freed once the code that made it lets it go).
@Suite("Nothing left behind with slices", .timeLimit(.minutes(5)))
@MainActor
struct SliceNothingLeftBehindTests {
    private let ids = Array(1...7)
    private let rowsMap = ElementModuleMap<Home, HomeAction, Job, JobAction>.elements(state: \.rows, action: .rows)
    private let sheetMap = OptionalModuleMap<Home, HomeAction, Job, JobAction>.optional(state: \.sheet, action: .sheet)

    @Test func rowsStartedThroughTheirSlicesAndRemovedTenTimesLeaveNothingBehind() async throws {
        let clock = TestClock()
        let probe = JobProbe(expectedStarts: 70)
        let diagnostics = DiagnosticLines()  // each detached slice's dispatch writes a line
        let store = makeHomeStore(job: probedJobReducer(probe), clock: clock, diagnostics: diagnostics)
        var made: [WeakReference<ElementSlice<Home, HomeAction, Job, JobAction>>] = []
        for round in 1...10 {
            store.dispatch(contentsOf: ids.map { .addRow($0) })
            let rows = store.slices(rowsMap)
            #expect(rows.map(\.id) == ids, "round \(round)")
            for row in rows { row.dispatch(.start) }
            made += rows.map { WeakReference($0) }
            #expect(store.instances.count == 7, "round \(round)")
            let deadline = ContinuousClock.now + patience  // a guard against a hang, not a proof
            while probe.count("start") < 7 * round, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
            #expect(probe.count("start") == 7 * round, "round \(round): every job ran")
            store.dispatch(contentsOf: ids.map { .removeRow($0) })
            for row in rows { row.dispatch(.start) }  // detached: nothing is dispatched, nothing starts
            #expect(rows.allSatisfy { $0.isDetached }, "round \(round)")
            #expect(store.instances.count == 0, "round \(round)")
        }
        #expect(made.count == 70)
        #expect(made.allSatisfy { $0.object == nil }, "the store kept no slice")
        try await finishJobs(store, clock)
        #expect(probe.count("start") == 70, "no job started through a detached slice")
        #expect(probe.count("cancelled") == 70)
        #expect(store.state.rows.ids.isEmpty)
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.bookkeeping.isEmpty, "public count: \(store.bookkeeping)")
        #if DEBUG
        #expect(diagnostics.lines.count == 70)
        #endif
        diagnostics.expectAll(containingOneOf: ["is detached (its child is gone)"])
    }

    @Test func aSheetStartedThroughItsSliceAndDismissedTenTimesLeavesNothingBehind() async throws {
        let clock = TestClock()
        let diagnostics = DiagnosticLines()  // each detached slice's dispatch writes a line
        let store = makeHomeStore(clock: clock, diagnostics: diagnostics)
        weak var lastSheet: OptionalSlice<Home, HomeAction, Job, JobAction>?
        for round in 1...10 {
            store.dispatch(.showSheet(round))
            let sheet = try #require(store.slice(sheetMap))
            lastSheet = sheet
            sheet.dispatch(.start)
            #expect(store.instances.count == 1, "round \(round)")
            store.dispatch(.dismissSheet)
            sheet.dispatch(.start)
            #expect(sheet.isDetached)
            #expect(store.instances.count == 0, "round \(round)")
        }
        #expect(lastSheet == nil, "the store kept no slice")
        try await finishJobs(store, clock)
        #expect(store.state.sheet == nil)
        #if DEBUG
        #expect(diagnostics.lines.count == 10)
        #endif
        diagnostics.expectAll(containingOneOf: ["the slice of sheet is detached"])
        #expect(store.instances.count == 0)
        #expect(store.runtime.bookkeepingCount == 0)
        #expect(store.bookkeeping.isEmpty, "public count: \(store.bookkeeping)")
    }
}

import Redux
import Testing

/// A slice checks its instance when it dispatches, and the action it dispatches carries that
/// instance like an instance's effect sends do: when other actions wait ahead of it (here
/// another isolation's backlog, which the slice's main-actor dispatch processes first) and one
/// of them removes the instance, the slice's action is dropped when its turn comes — even when
/// a new instance of the same shape took the old one's place meanwhile — and reported like a
/// detached slice's dispatch.
@Suite("A slice's queued action never reaches the next instance", .timeLimit(.minutes(5)))
@MainActor
struct SliceQueuedDispatchTests {
    @Test func anOldShowingsSliceNeverReachesTheNewShowingThroughTheQueue() throws {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        store.dispatch(.showSheet("A"))
        let sheetA = try #require(store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions))
        enqueueFromAnotherIsolation(store, .dismissSheet, .showSheet("B"))
        sheetA.dispatch(.rename("meant for A"))
        #expect(store.state.sheet?.value.name == "B", "the new showing got the old slice's action")
        #expect(sheetA.isDetached)
        #expect(log.detachedSliceWarnings.count == 1)
        #expect(log.detachedSliceWarnings.first?.hasSuffix(#"sheet(ReduxTests.SliceProfileAction.rename("meant for A")) sheet"#) == true, "\(log.detachedSliceWarnings)")
        // Queued on the main actor, it is logged as enqueued at once, like any main-actor
        // dispatch; dropped at its turn, it has no pass: no terminal.
        let renameLabels = log.events.filter { $0.action == .sheet(.rename("meant for A")) }.map(\.eventLabel)
        #expect(log.enqueuedActions.contains(.sheet(.rename("meant for A"))), "\(renameLabels)")
        #expect(!log.events.contains { $0.action == .sheet(.rename("meant for A")) && { if case .terminal = $0.kind { true } else { false } }($0) }, "\(renameLabels)")
    }

    @Test func aRemovedRowsSliceNeverReachesTheRowAddedAgainThroughTheQueue() throws {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 1))
        enqueueFromAnotherIsolation(store, .removeRow(1), .addRow(1))
        row.dispatch(.retitle("old"))
        #expect(store.state.rows[id: 1]?.title == "row 1", "the row added again got the removed row's action")
        #expect(log.detachedSliceWarnings.count == 1)
        #expect(log.detachedSliceWarnings.first?.hasSuffix(" rows[1]") == true, "\(log.detachedSliceWarnings)")
    }

    @Test func anEnumCaseSliceNeverReachesTheSameCaseShownAgainThroughTheQueue() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showScreen(id: 1))
        let screen = try #require(store.slice(state: LiftFeature.screenState, case: LiftFeature.profileCase, action: LiftFeature.screenActions))
        // Another case, then the same case with the same id: a new instance, equal to the old.
        enqueueFromAnotherIsolation(store, .showAbout, .showScreen(id: 1))
        screen.dispatch(.rename("meant for the first screen"))
        #expect(store.state.screen == .profile(SliceProfile(id: 1, name: "screen 1")), "the screen shown again got the old slice's action")
    }

    @Test func aSlicesQueuedActionStillReachesItsInstanceWhenItStays() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("A"), .addRow(1))
        let sheet = try #require(store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions))
        let row = try #require(store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 1))
        enqueueFromAnotherIsolation(store, .addRow(2), .search("x"))
        sheet.dispatch(.rename("A2"))
        enqueueFromAnotherIsolation(store, .rebuildRows)
        row.dispatch(.retitle("one"))
        #expect(store.state.sheet?.value.name == "A2")
        #expect(store.state.rows[id: 1]?.title == "one")
        #expect(store.state.rows.count == 2)
        #expect(!sheet.isDetached && !row.isDetached)
    }

    @Test func aSlicesActionDroppedInTheQueuePrintsOneDetachedSliceLine() throws {
        let lines = DiagnosticLines()
        let store = makeLiftSliceStore(diagnostics: lines)
        store.dispatch(.showSheet("A"))
        let sheetA = try #require(store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions))
        enqueueFromAnotherIsolation(store, .dismissSheet, .showSheet("B"))
        let line = #line + 1
        sheetA.dispatch(.rename("meant for A"))
        lines.expect(["the slice of sheet is detached (its child is gone) (dispatched at ReduxTests/SliceQueuedDispatchTests.swift:\(line))"])
        #expect(store.state.sheet?.value.name == "B")
    }
}

import Observation
import Redux
import Testing

/// A slice is made from the key path and embedding its feature's lift takes, for every kind of
/// child the lifts reach: the feature is declared once, and its lift and its views' slices
/// agree. It reads and dispatches like the slice of the matching module map.
@Suite("Slices from a lift's key path and embedding", .timeLimit(.minutes(5)))
@MainActor
struct SliceFromLiftTests {
    @Test func aSliceFromALiftsKeyPathAndEmbeddingReadsAndDispatchesLikeTheLift() {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        let profile = store.slice(state: LiftFeature.profileState, action: LiftFeature.profileActions)
        #expect(profile.name == "Ada")
        profile.dispatch(.rename("Grace"))
        #expect(log.enqueuedActions == [.profile(.rename("Grace"))], "embedded with the lift's embedding")
        #expect(store.state.profile.name == "Grace", "the lift's reducer handled it")
        #expect(profile.name == "Grace")
        #expect(profile.isDetached == false)
    }

    @Test func aSliceFromTheKeyPathReadsWhatTheMapsSliceReads() {
        let store = makeLiftSliceStore()
        let fromLift = store.slice(state: LiftFeature.profileState, action: LiftFeature.profileActions)
        let fromMap = store.slice(ModuleMap.linear(state: LiftFeature.profileState, action: LiftFeature.profileActions))
        fromMap.dispatch(.setNotifications(true))
        #expect(fromLift.state == fromMap.state)
        #expect(fromLift.notifications)
    }

    @Test func oneKeyPathAndEmbeddingDriveBothTheLiftAndTheSlice() throws {
        // The store lifts the features with LiftFeature's values (makeLiftSliceStore); every
        // slice below is made from the very same values, and its dispatch reaches that lift.
        let store = makeLiftSliceStore()
        store.dispatch(.openEditor(id: 1), .showSheet("sheet"), .showScreen(id: 2), .showModal(id: 3), .addRow(4))
        let editor = try #require(store.slice(state: LiftFeature.editorState, action: LiftFeature.editorActions))
        let sheet = try #require(store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions))
        let screen = try #require(store.slice(state: LiftFeature.screenState, case: LiftFeature.profileCase, action: LiftFeature.screenActions))
        let modal = try #require(store.slice(state: LiftFeature.modalState, case: LiftFeature.profileCase, action: LiftFeature.modalActions))
        let row = try #require(store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 4))
        for slice in [editor, sheet, screen, modal] {
            slice.dispatch(.rename("renamed"))
        }
        row.dispatch(.retitle("retitled"))
        let state = store.state
        #expect(state.editor?.name == "renamed")
        #expect(state.sheet?.name == "renamed")
        #expect(state.screen == .profile(SliceProfile(id: 2, name: "renamed")))
        #expect(state.modal?.value == .profile(SliceProfile(id: 3, name: "renamed")))
        #expect(state.rows[id: 4]?.title == "retitled")
        #expect([editor, sheet, screen, modal].map(\.name) == Array(repeating: "renamed", count: 4))
        #expect(row.title == "retitled")
    }

    // MARK: - Optional

    @Test func anOptionalSliceIsNilWhileTheChildIsNil() throws {
        let store = makeLiftSliceStore()
        #expect(store.slice(state: LiftFeature.editorState, action: LiftFeature.editorActions) == nil)
        store.dispatch(.openEditor(id: 1))
        let editor = try #require(store.slice(state: LiftFeature.editorState, action: LiftFeature.editorActions))
        #expect(editor.name == "editing 1")
    }

    @Test func anOptionalSliceDetachesWhenItsIdentifiableChildChangesId() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.openEditor(id: 1))
        let editor = try #require(store.slice(state: LiftFeature.editorState, action: LiftFeature.editorActions))
        store.dispatch(.openEditor(id: 2))
        #expect(editor.isDetached, "an Identifiable child is its id, as for the lift")
        #expect(editor.name == "editing 1")
    }

    // MARK: - Elements

    @Test func anElementSliceFollowsItsIdThroughARebuild() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.addRow(1), .addRow(2))
        let row = try #require(store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 1))
        store.dispatch(.rebuildRows)
        #expect(store.state.rows.ids == [2, 1])
        #expect(row.isDetached == false, "a row is its id: a rebuilt collection keeping it keeps the slice")
        #expect(row.title == "row 1!")
        row.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == true)
    }

    @Test func anElementSliceDetachesWhenItsIdIsRemoved() throws {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 1))
        store.dispatch(.removeRow(1))
        #expect(row.isDetached)
        #expect(row.title == "row 1", "the value it last saw")
        let enqueuedBefore = log.enqueuedActions
        row.dispatch(.toggle)
        #expect(log.enqueuedActions == enqueuedBefore, "nothing dispatched")
        #expect(log.detachedSliceWarnings.map { $0.hasSuffix(" rows[1]") } == [true])
    }

    @Test func noElementSliceForAnIdNotInTheCollection() {
        let store = makeLiftSliceStore()
        store.dispatch(.addRow(1))
        #expect(store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 2) == nil)
    }

    @Test func slicesFromALiftAreOnePerElementInTheCollectionsOrder() {
        let store = makeLiftSliceStore()
        store.dispatch(.addRow(3), .addRow(1), .addRow(2))
        let rows = store.slices(state: LiftFeature.rowsState, action: LiftFeature.rowActions)
        #expect(rows.map(\.id) == [3, 1, 2])
        rows[1].dispatch(.toggle)
        #expect(store.state.rows.map(\.done) == [false, true, false])
    }

    // MARK: - Observation

    @Test func anObserverOfASliceFromALiftIsToldOfItsChildsChange() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("sheet"))
        let sheet = try #require(store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions))
        let fired = SharedValue(0)
        withObservationTracking { _ = sheet.name } onChange: { fired.value += 1 }
        #expect(fired.value == 0)
        store.dispatch(.sheet(.rename("Grace")))
        #expect(fired.value == 1)
    }

    @Test func aListBuiltFromSlicesOfALiftIsToldWhenARowIsAdded() {
        let store = makeLiftSliceStore()
        let fired = SharedValue(0)
        withObservationTracking {
            _ = store.slices(state: LiftFeature.rowsState, action: LiftFeature.rowActions)
        } onChange: { fired.value += 1 }
        store.dispatch(.addRow(1))
        #expect(fired.value == 1)
    }

    @Test func makingASliceFromALiftRegistersNoInterest() {
        let store = makeLiftSliceStore()
        store.dispatch(.openEditor(id: 1), .showSheet("sheet"), .showScreen(id: 1), .addRow(1))
        let fired = SharedValue(0)
        withObservationTracking {
            _ = store.slice(state: LiftFeature.profileState, action: LiftFeature.profileActions)
            _ = store.slice(state: LiftFeature.editorState, action: LiftFeature.editorActions)
            _ = store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions)
            _ = store.slice(state: LiftFeature.screenState, case: LiftFeature.profileCase, action: LiftFeature.screenActions)
            _ = store.slice(state: LiftFeature.rowsState, action: LiftFeature.rowActions, id: 1)
        } onChange: { fired.value += 1 }
        store.dispatch(.profile(.rename("Grace")))
        #expect(fired.value == 0)
    }
}

/// Key path literals, as a view writes them, choose the slice for their kind of child.
@Suite("A key path literal chooses the slice for its child", .timeLimit(.minutes(5)))
@MainActor
struct SliceFromLiftOverloadTests {
    typealias ProfileSlice = OptionalSlice<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction>

    @Test func aKeyPathLiteralChoosesTheSliceForItsKindOfChild() {
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("sheet"), .showModal(id: 1), .addRow(1))
        let stored: StoreSlice<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction> =
            store.slice(state: \.profile, action: LiftFeature.profileActions)
        // Unannotated, as a view writes them; the checks below state the type each one is.
        let editor = store.slice(state: \.editor, action: LiftFeature.editorActions)
        let sheet = store.slice(state: \.sheet, action: LiftFeature.sheetActions)
        let screen = store.slice(state: \.screen, case: LiftFeature.profileCase, action: LiftFeature.screenActions)
        let modal = store.slice(state: \.modal, case: LiftFeature.profileCase, action: LiftFeature.modalActions)
        let row = store.slice(state: \.rows, action: LiftFeature.rowActions, id: 1)
        #expect(type(of: editor) == ProfileSlice?.self)
        #expect(type(of: sheet) == ProfileSlice?.self)
        #expect(type(of: screen) == ProfileSlice?.self)
        #expect(type(of: modal) == ProfileSlice?.self)
        #expect(type(of: row) == ElementSlice<LiftSliceApp, LiftSliceAction, SliceRow, SliceRowAction>?.self)
        #expect(stored.name == "Ada")
        #expect(editor == nil && screen == nil, "absent children")
        #expect(sheet?.name == "sheet")
        #expect(modal?.name == "modal 1")
        #expect(row?.title == "row 1")
        store.dispatch(.showSheet("again"))
        #expect(sheet?.isDetached == true, "a presented child's slice, not a plain optional's")
    }
}

import Redux
import Testing

/// A slice of a presented child or of an enum case, made from the lift's key path and
/// embeddings, follows the instance the lift follows: a ``Presented`` child is its showing (a
/// new `Presented` value detaches the slice, even an equal one; mutating the child does not),
/// an enum case is its case (another case detaches the slice) and, for an `Identifiable` value,
/// its id. Once detached a slice stays detached, and a new slice reaches the child shown again.
@Suite("Presented and enum-case slices follow the lift's instance", .timeLimit(.minutes(5)))
@MainActor
struct PresentedSliceTests {
    private func sheet(_ store: Store<LiftSliceApp, LiftSliceAction>) -> OptionalSlice<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction>? {
        store.slice(state: LiftFeature.sheetState, action: LiftFeature.sheetActions)
    }

    private func screen(_ store: Store<LiftSliceApp, LiftSliceAction>) -> OptionalSlice<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction>? {
        store.slice(state: LiftFeature.screenState, case: LiftFeature.profileCase, action: LiftFeature.screenActions)
    }

    private func modal(_ store: Store<LiftSliceApp, LiftSliceAction>) -> OptionalSlice<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction>? {
        store.slice(state: LiftFeature.modalState, case: LiftFeature.profileCase, action: LiftFeature.modalActions)
    }

    // MARK: - Presented

    @Test func aPresentedSliceIsNilWhileNothingIsPresented() {
        let store = makeLiftSliceStore()
        #expect(sheet(store) == nil)
    }

    @Test func aPresentedSliceStaysAttachedWhileItsShowingIsMutated() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("Ada"))
        let slice = try #require(sheet(store))
        slice.dispatch(.rename("Grace"))
        store.dispatch(.sheet(.setNotifications(true)))
        #expect(slice.isDetached == false, "mutating the presented child keeps its showing")
        #expect(slice.state == SliceProfile(name: "Grace", notifications: true))
    }

    @Test func aPresentedSliceDetachesWhenANewShowingReplacesIt() throws {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        store.dispatch(.showSheet("first"))
        let old = try #require(sheet(store))
        store.dispatch(.showSheet("second"))
        #expect(old.isDetached)
        #expect(old.name == "first", "the value it last saw")
        let enqueuedBefore = log.enqueuedActions
        old.dispatch(.rename("lost"))
        #expect(log.enqueuedActions == enqueuedBefore, "nothing dispatched")
        #expect(store.state.sheet?.name == "second", "the new showing is not reached")
        #expect(log.detachedSliceWarnings.map { $0.hasSuffix(" sheet") } == [true])
        let new = try #require(sheet(store))
        new.dispatch(.rename("found"))
        #expect(store.state.sheet?.name == "found")
    }

    @Test func aPresentedSliceOfAnEqualNewShowingIsStillDetached() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("same"))
        let old = try #require(sheet(store))
        let before = try #require(store.state.sheet)
        store.dispatch(.showSheet("same"))
        #expect(store.state.sheet == before, "the new showing is equal to the old one")
        #expect(old.isDetached, "a new Presented value is a new showing")
        old.dispatch(.rename("lost"))
        #expect(store.state.sheet?.name == "same")
    }

    @Test func aPresentedSliceIsDetachedForGoodWhenDismissedAndShownAgain() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("Ada"))
        let slice = try #require(sheet(store))
        store.dispatch(.dismissSheet)
        #expect(slice.isDetached)
        store.dispatch(.showSheet("Ada"))
        #expect(slice.isDetached, "a slice never re-attaches")
    }

    @Test func aPresentedSliceSeesANewShowingEvenWhenNotUsedBetween() throws {
        // Dismissed and shown again between two uses: the showing differs, so the slice knows.
        let store = makeLiftSliceStore()
        store.dispatch(.showSheet("Ada"))
        let slice = try #require(sheet(store))
        store.dispatch(.dismissSheet, .showSheet("Ada"))
        #expect(slice.isDetached)
    }

    // MARK: - Enum case

    @Test func anEnumCaseSliceIsNilWhileTheEnumIsNilOrAnotherCase() {
        let store = makeLiftSliceStore()
        #expect(screen(store) == nil, "nil")
        store.dispatch(.showAbout)
        #expect(screen(store) == nil, "another case")
    }

    @Test func anEnumCaseSliceDetachesWhenTheCaseChanges() throws {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        store.dispatch(.showScreen(id: 1))
        let slice = try #require(screen(store))
        slice.dispatch(.rename("renamed"))
        #expect(store.state.screen == .profile(SliceProfile(id: 1, name: "renamed")))
        store.dispatch(.showAbout)
        #expect(slice.isDetached)
        #expect(slice.name == "renamed")
        slice.dispatch(.rename("lost"))
        #expect(store.state.screen == .about)
        #expect(log.detachedSliceWarnings.map { $0.hasSuffix(" screen") } == [true])
    }

    @Test func anEnumCaseSliceStaysDetachedWhenTheCaseIsShownAgain() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showScreen(id: 1))
        let old = try #require(screen(store))
        store.dispatch(.showAbout)
        #expect(old.isDetached)
        store.dispatch(.showScreen(id: 1))
        #expect(old.isDetached, "once seen gone, gone")
        old.dispatch(.rename("lost"))
        #expect(store.state.screen == .profile(SliceProfile(id: 1, name: "screen 1")))
        try #require(screen(store)).dispatch(.rename("found"))
        #expect(store.state.screen == .profile(SliceProfile(id: 1, name: "found")))
    }

    @Test func anEnumCaseSliceDetachesWhenItsIdentifiableValueChangesId() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showScreen(id: 1))
        let old = try #require(screen(store))
        store.dispatch(.showScreen(id: 2))
        #expect(old.isDetached, "the same case with another id is another instance")
    }

    @Test func anEnumCaseGoneAndShownAgainWithTheSameIdBetweenTwoUsesIsNotSeenGone() throws {
        // The limit of a slice checked when it is used: a case value that is not presented is
        // its id, so another case shown and gone between two uses leaves the same instance in
        // the slice's eyes (wrap the enum in Presented to tell showings apart).
        let store = makeLiftSliceStore()
        store.dispatch(.showScreen(id: 1))
        let slice = try #require(screen(store))
        store.dispatch(.showAbout, .showScreen(id: 1))
        #expect(slice.isDetached == false)
        slice.dispatch(.rename("reached"))
        #expect(store.state.screen == .profile(SliceProfile(id: 1, name: "reached")))
    }

    // MARK: - Presented enum case

    @Test func aPresentedCaseSliceIsNilWhileNothingOrAnotherCaseIsPresented() {
        let store = makeLiftSliceStore()
        #expect(modal(store) == nil)
        store.dispatch(.showModalAbout)
        #expect(modal(store) == nil)
    }

    @Test func aPresentedCaseSliceDetachesAtANewShowingOfTheSameCase() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showModal(id: 1))
        let old = try #require(modal(store))
        old.dispatch(.setNotifications(true))
        #expect(old.isDetached == false, "mutating the case keeps the showing")
        store.dispatch(.showModal(id: 1))
        #expect(old.isDetached, "a new Presented value, same case and id")
        old.dispatch(.rename("lost"))
        #expect(store.state.modal?.value == .profile(SliceProfile(id: 1, name: "modal 1")))
    }

    @Test func aPresentedCaseSliceDetachesWhenTheCaseChanges() throws {
        let store = makeLiftSliceStore()
        store.dispatch(.showModal(id: 1))
        let old = try #require(modal(store))
        store.dispatch(.turnModalToAbout)
        #expect(store.state.modal?.value == .about, "the same showing, another case")
        #expect(old.isDetached)
        #expect(old.name == "modal 1")
    }

    // MARK: - The presented maps

    @Test func aPresentedMapLiftsAndSlicesThePresentedChildByItsShowing() throws {
        let map = OptionalModuleMap<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction>.presented(
            state: \.sheet, action: LiftFeature.sheetActions)
        let store = Store(initialState: LiftSliceApp(), reducers: [liftSliceAppReducer, map.lift(sliceProfileReducer)],
                          options: DiagnosticLines().options)
        #expect(store.slice(map) == nil)
        store.dispatch(.showSheet("Ada"))
        let old = try #require(store.slice(map))
        old.dispatch(.rename("Grace"))
        #expect(store.state.sheet?.name == "Grace", "the map's lift reduced it")
        store.dispatch(.showSheet("Grace"))
        #expect(old.isDetached, "an equal new showing")
    }

    @Test func aPresentedCaseMapLiftsAndSlicesTheCaseByItsShowing() throws {
        let map = OptionalModuleMap<LiftSliceApp, LiftSliceAction, SliceProfile, SliceProfileAction>.presentedCase(
            state: \.modal, case: LiftFeature.profileCase, action: LiftFeature.modalActions)
        let store = Store(initialState: LiftSliceApp(), reducers: [liftSliceAppReducer, map.lift(sliceProfileReducer)],
                          options: DiagnosticLines().options)
        store.dispatch(.showModalAbout)
        #expect(store.slice(map) == nil, "another case")
        store.dispatch(.showModal(id: 1))
        let old = try #require(store.slice(map))
        old.dispatch(.rename("renamed"))
        #expect(store.state.modal?.value == .profile(SliceProfile(id: 1, name: "renamed")))
        store.dispatch(.showModal(id: 1))
        #expect(old.isDetached, "a new showing of the same case")
        #expect(map.name == "modal")
    }
}

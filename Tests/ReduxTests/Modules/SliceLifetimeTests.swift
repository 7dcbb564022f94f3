import Redux
import Testing

/// A slice holds its store weakly: a view holding a slice does not keep the store (or its work)
/// alive; a slice whose store is gone reads the value it last read and dispatches nothing.
@Suite("Slices hold their store weakly", .timeLimit(.minutes(5)))
@MainActor
struct SliceLifetimeTests {
    @Test func aSliceDoesNotKeepItsStoreAlive() {
        weak var weakStore: Store<SliceApp, SliceAppAction>?
        let profile: StoreSlice<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction>
        do {
            let store = makeSliceStore()
            weakStore = store
            profile = store.slice(SliceMaps.linear)
            profile.dispatch(.rename("Grace"))
            #expect(profile.name == "Grace")
        }
        #expect(weakStore == nil, "released with the slice still held")
        #expect(profile.isDetached)
        #expect(profile.name == "Grace", "the value it last read")
        profile.dispatch(.rename("nobody hears this"))
        #expect(profile.name == "Grace")
    }

    @Test func optionalAndElementSlicesOfAReleasedStoreAreDetached() throws {
        weak var weakStore: Store<SliceApp, SliceAppAction>?
        let editor: OptionalSlice<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction>
        let row: ElementSlice<SliceApp, SliceAppAction, SliceRow, SliceRowAction>
        let binding: StateBinding<Bool>
        do {
            let store = makeSliceStore()
            weakStore = store
            store.dispatch(.openEditor(id: 1), .addRow(1))
            editor = try #require(store.slice(SliceMaps.editor))
            row = try #require(store.slice(SliceMaps.rows, id: 1))
            binding = row.binding(\.done, send: { _ in .toggle })
            row.dispatch(.toggle)
            #expect(row.done)
        }
        #expect(weakStore == nil)
        #expect(editor.isDetached && row.isDetached)
        #expect(editor.name == "editing 1")
        #expect(row.state == SliceRow(id: 1, title: "row 1", done: true))
        binding.set(false)
        editor.dispatch(.rename("nobody"))
        #expect(binding.get() && editor.name == "editing 1")
    }
}

import Observation
import Redux
import Testing

/// Reading a slice registers observation interest on its store, like reading the store does: a
/// change to the module's part of the state tells the observer, after the reducers ran. The
/// granularity is the whole store state (a change elsewhere may tell it too); the observation
/// issue makes it exact.
@Suite("Slices are observable like the store", .timeLimit(.minutes(5)))
@MainActor
struct SliceObservationTests {
    /// Observes `read` once; the returned counter counts `onChange` calls.
    private func observe(_ read: @escaping @MainActor () -> Void) -> SharedValue<Int> {
        let fired = SharedValue(0)
        withObservationTracking { read() } onChange: { fired.value += 1 }
        return fired
    }

    @Test(arguments: ["linear", "scattered"])
    func aChangeToTheModulesPartTellsAnObserverOfTheSlice(kind: String) {
        let store = makeSliceStore()
        let profile = store.slice(kind == "linear" ? SliceMaps.linear : SliceMaps.scattered)
        let fired = observe { _ = profile.name }
        #expect(fired.value == 0)
        profile.dispatch(.rename("Grace"))
        #expect(fired.value == 1)
    }

    @Test func anObserverOfAnOptionalSliceIsToldOfItsChildsChange() throws {
        let store = makeSliceStore()
        store.dispatch(.openEditor(id: 1))
        let editor = try #require(store.slice(SliceMaps.editor))
        let fired = observe { _ = editor.state }
        store.dispatch(.editor(.rename("Grace")))
        #expect(fired.value == 1)
    }

    @Test func anObserverOfAnElementSliceIsToldOfItsElementsChangeAndRemoval() throws {
        let store = makeSliceStore()
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(SliceMaps.rows, id: 1))
        let changed = observe { _ = row.done }
        row.dispatch(.toggle)
        #expect(changed.value == 1)
        let removed = observe { _ = row.isDetached }
        store.dispatch(.removeRow(1))
        #expect(removed.value == 1, "a row view watching isDetached is told")
        #expect(row.isDetached)
    }

    @Test func aListBuiltFromSlicesIsToldWhenARowIsAdded() {
        let store = makeSliceStore()
        let fired = observe { _ = store.slices(SliceMaps.rows) }
        store.dispatch(.addRow(1))
        #expect(fired.value == 1)
    }

    @Test func makingASliceRegistersNoInterest() {
        let store = makeSliceStore()
        store.dispatch(.openEditor(id: 1), .addRow(1))
        let fired = observe {
            _ = store.slice(SliceMaps.linear)
            _ = store.slice(SliceMaps.editor)
            _ = store.slice(SliceMaps.rows, id: 1)
        }
        store.dispatch(.profile(.rename("Grace")))
        #expect(fired.value == 0, "only reading a slice registers")
    }
}

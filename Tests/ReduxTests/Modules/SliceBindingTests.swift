import Redux
import Testing

/// A slice's binding reads the field through the slice now (`get`), and writing it (`set`)
/// dispatches the embedded action: the state changes because the module's reducer handles it.
/// A detached slice's binding dispatches nothing.
@Suite("StoreSlice bindings dispatch their action", .timeLimit(.minutes(5)))
@MainActor
struct SliceBindingTests {
    @Test func getReadsThroughTheSliceNow() {
        let store = makeSliceStore()
        let name = store.slice(SliceMaps.scattered).binding(\.name, send: SliceProfileAction.rename)
        #expect(name.get() == "Ada")
        store.dispatch(.scattered(.rename("changed at the root")))
        #expect(name.wrappedValue == "changed at the root", "no copy: read through to the root state")
    }

    @Test func setDispatchesTheEmbeddedActionAndTheStateFollows() {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        let profile = store.slice(SliceMaps.linear)
        let notifications = profile.binding(\.notifications, send: SliceProfileAction.setNotifications)
        notifications.set(true)
        #expect(log.enqueuedActions == [.profile(.setNotifications(true))])
        #expect(store.state.profile.notifications)
        #expect(notifications.get())
        profile.binding(\.name, send: SliceProfileAction.rename).wrappedValue = "Grace"
        #expect(log.enqueuedActions.last == .profile(.rename("Grace")))
        #expect(store.state.profile.name == "Grace")
    }

    @Test func aBindingNeverWritesTheStateItself() {
        let store = makeSliceStore()
        // A binding whose action the module's reducer ignores (it edits the unbound draft):
        // setting it changes nothing bound, so the value read back is unchanged.
        let name = store.slice(SliceMaps.scattered).binding(\.name, send: { SliceProfileAction.editDraft($0) })
        name.set("Grace")
        #expect(name.get() == "Ada")
        #expect(store.state == SliceApp())
    }

    @Test func anElementSliceBindingDispatchesForItsElement() {
        let store = makeSliceStore()
        store.dispatch(.addRow(1), .addRow(2))
        let title = store.slice(SliceMaps.rows, id: 2)?.binding(\.title, send: SliceRowAction.retitle)
        title?.set("second")
        #expect(store.state.rows[id: 2]?.title == "second")
        #expect(store.state.rows[id: 1]?.title == "row 1")
        #expect(title?.get() == "second")
    }

    @Test func aDetachedSliceBindingDispatchesNothing() {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let done = store.slice(SliceMaps.rows, id: 1)!.binding(\.done, send: { _ in SliceRowAction.toggle })
        store.dispatch(.removeRow(1))
        let enqueuedBefore = log.enqueuedActions
        done.set(true)
        #expect(log.enqueuedActions == enqueuedBefore, "nothing dispatched")
        #expect(done.get() == false, "the last value")
        #expect(log.detachedSliceWarnings.count == 1)
    }
}

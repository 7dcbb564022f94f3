import Redux
import Testing

/// A scattered module's reducer, lifted by its map, writes back only the bound root fields whose
/// value it changed: every other root field, and every bound field it left alone (or set to the
/// value it had), receives no write at all. The bound fields count their writes.
@Suite("A scattered module writes only the fields it changed", .timeLimit(.minutes(5)))
@MainActor
struct ScatteredWriteTests {
    @Test func aRenameWritesTheNameFieldOnceAndNothingElse() {
        let store = makeSliceStore()
        let before = store.state
        store.slice(SliceMaps.scattered).dispatch(.rename("Grace"))
        let after = store.state
        #expect(after.account.displayName.value == "Grace")
        #expect(after.account.displayName.writes == 1)
        #expect(after.settings.notificationsOn.writes == 0, "a bound field the reducer did not change")
        #expect(after.account.email == before.account.email, "an unbound field next to a bound one")
        #expect(after.profile == before.profile && after.rows == before.rows && after.bumps == before.bumps)
    }

    @Test func aFieldSetToTheValueItHadIsNotWritten() {
        let store = makeSliceStore()
        let profile = store.slice(SliceMaps.scattered)
        profile.dispatch(.rename("Ada"))
        profile.dispatch(.setNotifications(true))
        #expect(store.state.account.displayName.writes == 0)
        #expect(store.state.settings.notificationsOn.writes == 0)
        #expect(store.state == SliceApp(), "nothing changed anywhere")
    }

    @Test func eachChangedFieldIsWrittenOncePerAction() {
        let store = makeSliceStore()
        let profile = store.slice(SliceMaps.scattered)
        profile.dispatch(.setNotifications(false))
        profile.dispatch(.setNotifications(true))
        profile.dispatch(.rename("Grace"))
        #expect(store.state.settings.notificationsOn.writes == 2)
        #expect(store.state.account.displayName.writes == 1)
    }

    @Test func anUnboundLocalFieldIsNotKeptInTheRoot() {
        let store = makeSliceStore()
        let profile = store.slice(SliceMaps.scattered)
        profile.dispatch(.editDraft("never stored"))
        #expect(profile.draft == "", "the template's value: only bound fields live in the root")
        #expect(store.state == SliceApp(), "no root field was written")
    }

    @Test func theMapWritesOnlyChangedFieldsAndSaysWhetherItWrote() {
        let map = SliceMaps.scattered
        var root = SliceApp()
        var local = map.state(in: root)
        #expect(map.write(local, into: &root) == false, "unchanged: nothing written")
        local.notifications = false
        #expect(map.write(local, into: &root))
        #expect(root.settings.notificationsOn.writes == 1)
        #expect(root.account.displayName.writes == 0)
        map.modify(&root) { $0.name = "Grace" }
        #expect(root.account.displayName.value == "Grace" && root.account.displayName.writes == 1)
        #expect(root.settings.notificationsOn.writes == 1, "modify wrote back only the changed field")
    }
}

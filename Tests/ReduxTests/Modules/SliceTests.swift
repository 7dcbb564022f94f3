import Redux
import Testing

/// A slice reads the module's part of the store's root state through its map and writes it by
/// dispatching embedded actions through the root pipeline: the root itself, never a copy.
@Suite("Slices read and write the root state", .timeLimit(.minutes(5)))
@MainActor
struct SliceTests {
    @Test func aLinearSliceReadsTheRootField() {
        let store = makeSliceStore()
        let profile = store.slice(SliceMaps.linear)
        #expect(profile.state == store.state.profile)
        #expect(profile.name == "Ada", "dynamic member read")
    }

    @Test func aLinearSliceDispatchWritesTheRootState() {
        let store = makeSliceStore()
        let profile = store.slice(SliceMaps.linear)
        profile.dispatch(.rename("Grace"))
        #expect(store.state.profile.name == "Grace", "the root's field changed, processed before dispatch returned")
        #expect(profile.name == "Grace")
        profile.dispatch(.setNotifications(true))
        #expect(store.state.profile.notifications)
        #expect(store.state.account.displayName.value == "Ada", "the scattered module's fields are another module's")
    }

    @Test func aScatteredSliceReadsTheBoundRootFields() {
        var initial = SliceApp()
        initial.account.displayName.value = "Lin"
        initial.settings.notificationsOn.value = false
        let store = makeSliceStore(initial)
        let profile = store.slice(SliceMaps.scattered)
        #expect(profile.name == "Lin")
        #expect(profile.notifications == false)
        #expect(profile.draft == "", "an unbound field has the template's value")
    }

    @Test func aScatteredSliceDispatchWritesTheBoundRootFields() {
        let store = makeSliceStore()
        let profile = store.slice(SliceMaps.scattered)
        profile.dispatch(.rename("Grace"))
        profile.dispatch(.setNotifications(false))
        #expect(store.state.account.displayName.value == "Grace")
        #expect(store.state.settings.notificationsOn.value == false)
        #expect(store.state.profile.name == "Ada", "the linear module's field is untouched")
        #expect(profile.state.name == "Grace" && profile.state.notifications == false)
    }

    @Test func aSliceReadsTheStoreNowNotACopyMadeWithIt() {
        let store = makeSliceStore()
        let linear = store.slice(SliceMaps.linear)
        let scattered = store.slice(SliceMaps.scattered)
        store.dispatch(.profile(.rename("changed at the root")))
        store.dispatch(.scattered(.rename("also at the root")))
        #expect(linear.name == "changed at the root")
        #expect(scattered.name == "also at the root")
    }

    @Test func aSliceDispatchGoesThroughTheRootPipelineFromTheCallSite() {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        let profile = store.slice(SliceMaps.linear)
        profile.dispatch(.rename("Grace")); let line: UInt = #line
        let enqueued = log.events.compactMap { event -> (SliceAppAction, CallSite)? in
            if case .enqueued(let site) = event.kind { return (event.action, site) }
            return nil
        }
        #expect(enqueued.map(\.0) == [.profile(.rename("Grace"))], "the embedded root action")
        #expect(enqueued.first?.1.line == line)
        #expect(enqueued.first?.1.fileID.hasSuffix("SliceTests.swift") == true)
        let reducers = log.reducerSteps(id: "profile").map { "\($0.0.path) \($0.1)" }
        #expect(reducers.contains("profile next"), "the map-lifted reducer ran: \(reducers)")
        #expect(log.events.last.map { "\($0.kind)" } == "terminal: reduced")
    }

    @Test func slicesAreMadeOnDemandAndNeverCached() {
        let store = makeSliceStore()
        let first = store.slice(SliceMaps.linear)
        let second = store.slice(SliceMaps.linear)
        #expect(first !== second, "no slice is cached")
        #expect(first.isDetached == false)
    }

    /// A slice has no members of its own that would hide a field of the local state: `name`
    /// is the state's field, not the map's name.
    @Test func dynamicMemberReadsAreNotHiddenBySliceMembers() {
        let store = makeSliceStore()
        #expect(store.slice(SliceMaps.linear).name == "Ada")
        #expect(store.slice(SliceMaps.scattered).name == "Ada")
    }

    @Test func aFeatureWorksAgainstTheProtocol() {
        let store = makeSliceStore()
        let modules: [any StoreModule<SliceProfile, SliceProfileAction>] = [store.slice(SliceMaps.linear), store.slice(SliceMaps.scattered)]
        for (index, module) in modules.enumerated() { module.dispatch(.rename("module \(index)")) }
        #expect(store.state.profile.name == "module 0")
        #expect(store.state.account.displayName.value == "module 1")
        #expect(modules.map { $0.state.name } == ["module 0", "module 1"])
    }
}

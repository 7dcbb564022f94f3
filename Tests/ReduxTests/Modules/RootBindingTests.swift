import Observation
import Redux
import Testing

/// The root store binds a field of its state to an action, as a slice does: `get` reads the
/// field now, `set` dispatches the action and the state changes when a reducer handles it. The
/// binding holds the store weakly.
@Suite("The root store's bindings dispatch their action", .timeLimit(.minutes(5)))
@MainActor
struct RootBindingTests {
    @Test func theRootStoresBindingSendsTheAction() {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        let query = store.binding(\.query, send: LiftSliceAction.search)
        query.wrappedValue = "redux"
        #expect(log.enqueuedActions == [.search("redux")])
        #expect(store.state.query == "redux")
        #expect(query.get() == "redux")
    }

    @Test func theRootStoresBindingReadsTheStateNow() {
        let store = makeLiftSliceStore()
        let name = store.binding(\.profile.name, send: { .profile(.rename($0)) })
        #expect(name.get() == "Ada")
        store.dispatch(.profile(.rename("Grace")))
        #expect(name.wrappedValue == "Grace")
    }

    @Test func theRootStoresBindingNeverWritesTheStateItself() {
        let store = makeLiftSliceStore()
        // An action no reducer turns into a new query: the value read back is unchanged.
        let query = store.binding(\.query, send: { _ in .dismissSheet })
        query.set("redux")
        #expect(query.get() == "")
        #expect(store.state == LiftSliceApp())
    }

    @Test func readingTheRootStoresBindingRegistersObservationInterest() {
        let store = makeLiftSliceStore()
        let query = store.binding(\.query, send: LiftSliceAction.search)
        let fired = SharedValue(0)
        withObservationTracking { _ = query.get() } onChange: { fired.value += 1 }
        query.set("redux")
        #expect(fired.value == 1)
    }

    @Test func theRootStoresBindingDoesNotKeepTheStoreAlive() {
        weak var weakStore: Store<LiftSliceApp, LiftSliceAction>?
        let query: StateBinding<String>
        do {
            let store = makeLiftSliceStore()
            weakStore = store
            query = store.binding(\.query, send: LiftSliceAction.search)
            query.set("redux")
            #expect(query.get() == "redux")
        }
        #expect(weakStore == nil, "released with the binding still held")
        #expect(query.get() == "redux", "the value it last read")
        query.set("nobody hears this")
        #expect(query.get() == "redux")
    }

    @Test func aRootBindingSetAfterInvalidateNamesItsCallSite() {
        let lines = DiagnosticLines()
        let store = makeLiftSliceStore(diagnostics: lines)
        let line = #line + 1
        let query = store.binding(\.query, send: LiftSliceAction.search)
        store.invalidate()
        query.wrappedValue = "late"
        lines.expect(["was refused: the store is invalidated (dispatched at ReduxTests/RootBindingTests.swift:\(line))"])
    }

    @Test func aModulesBindingNamesWhereItWasMadeInTheLog() {
        let log = LogRecorder<LiftSliceAction>()
        let store = makeLiftSliceStore(onLog: log.handler)
        let profile = store.slice(state: LiftFeature.profileState, action: LiftFeature.profileActions)
        let line = #line + 1
        let name = profile.binding(\.name, send: SliceProfileAction.rename)
        name.wrappedValue = "Grace"
        let sites = log.events.compactMap { event -> String? in
            if case .enqueued(let site) = event.kind { "\(site)" } else { nil }
        }
        #expect(sites == ["ReduxTests/RootBindingTests.swift:\(line)"])
    }
}

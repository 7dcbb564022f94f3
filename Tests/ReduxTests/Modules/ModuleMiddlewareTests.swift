import Redux
import Testing

/// A module-local middleware lifted by its map (linear or scattered) sees the module's local
/// state and actions; what it redirects to (`.nextAs`) is embedded back into a root action that
/// the rest of the root pipeline sees; a root action the map cannot extract passes it by
/// (`.defaultNext`), without running it.
@Suite("A map-lifted middleware redirects through the map", .timeLimit(.minutes(5)))
@MainActor
struct ModuleMiddlewareTests {
    /// The map of `kind`, and how its root action wraps a local one.
    private func moduleMap(_ kind: String) -> ModuleMap<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction> {
        kind == "linear" ? SliceMaps.linear : SliceMaps.scattered
    }

    private func name(in state: SliceApp, _ kind: String) -> String {
        kind == "linear" ? state.profile.name : state.account.displayName.value
    }

    @Test(arguments: ["linear", "scattered"])
    func aRedirectIsReEmbeddedAndReachesTheReducers(kind: String) {
        let seen = SharedList<SliceProfileAction>()
        let log = LogRecorder<SliceAppAction>()
        let map = moduleMap(kind)
        let store = makeSliceStore(middlewares: [map.lift(sliceTrimMiddleware(seen))], onLog: log.handler)
        store.slice(map).dispatch(.rename("  Grace "))
        #expect(seen.values == [.rename("  Grace ")], "the middleware saw the local action")
        #expect(name(in: store.state, kind) == "Grace", "the reducers got the redirected action")
        let exits = log.events.compactMap { event -> LoggedExit<SliceAppAction>? in
            if case let .middleware(_, exit) = event.kind { return exit }
            return nil
        }
        #expect(exits == [.nextAs(map.action.embed(.rename("Grace")))], "re-embedded as a root action")
        let reduced = log.events.compactMap { event -> SliceAppAction? in
            if case .reducer = event.kind { return event.action }
            return nil
        }
        #expect(reduced.allSatisfy { $0 == map.action.embed(.rename("Grace")) } && !reduced.isEmpty, "every reducer saw the redirected action")
    }

    @Test(arguments: ["linear", "scattered"])
    func theMiddlewareSeesTheLocalStateThroughTheMap(kind: String) {
        let seen = SharedList<String>()
        let map = moduleMap(kind)
        let spy = Middleware<SliceProfile, SliceProfileAction>(id: "spy") { context in
            seen.append("\(context.name) \(context.notifications)")
            return .next
        }
        var initial = SliceApp()
        initial.profile = SliceProfile(name: "linear Lin", notifications: true)
        initial.account.displayName.value = "scattered Sam"
        initial.settings.notificationsOn.value = false
        let store = makeSliceStore(initial, middlewares: [map.lift(spy)])
        store.slice(map).dispatch(.editDraft("x"))
        #expect(seen.values == [kind == "linear" ? "linear Lin true" : "scattered Sam false"])
    }

    @Test(arguments: ["linear", "scattered"])
    func anActionTheMapCannotExtractPassesItBy(kind: String) {
        let seen = SharedList<SliceProfileAction>()
        let log = LogRecorder<SliceAppAction>()
        let map = moduleMap(kind)
        let store = makeSliceStore(middlewares: [map.lift(sliceTrimMiddleware(seen))], onLog: log.handler)
        let other: SliceAppAction = kind == "linear" ? .scattered(.rename("  x ")) : .profile(.rename("  x "))
        store.dispatch(.bump)
        store.dispatch(other)
        #expect(seen.values.isEmpty, "never run for another module's or the app's action")
        let exits = log.events.compactMap { event -> String? in
            if case let .middleware(_, exit) = event.kind { return "\(event.action) \(exit)" }
            return nil
        }
        #expect(exits == ["bump defaultNext", "\(other) defaultNext"])
        #expect(store.state.bumps == 1)
        #expect(log.childAbsentWarnings.isEmpty, "a module of a map is never absent")
    }
}

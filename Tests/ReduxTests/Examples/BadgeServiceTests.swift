@testable import ReduxDemo
import Redux
import Testing

/// Example: the demo's headless badge service (Examples/Demo/BadgeService.swift), a select
/// subscription owned weakly by the service, on a store with the demo's state and actions and a
/// plain reducer for the counter and the sign-in.
@MainActor
@Suite struct BadgeServiceTests {
    typealias DemoState = ReduxDemo.AppState
    typealias DemoAction = ReduxDemo.AppAction

    func makeStore() -> Store<DemoState, DemoAction> {
        Store<DemoState, DemoAction>(initialState: DemoState()) { state, action in
            switch action {
            case .increment: state.counter += 1
            case .decrement: state.counter -= 1
            case .loginSucceeded(let user):
                state.isLoggedIn = true
                state.user = user
            case .logout:
                state.isLoggedIn = false
                state.user = nil
            default: break
            }
        }
    }

    @Test func theServiceIsToldTheBadgeAtOnceThenOnlyWhenItChanges() {
        let store = makeStore()
        let notes = SharedValue<[String]>([])
        let service = BadgeService(store: store) { notes.value.append($0) }
        #expect(notes.value == ["no badge (signed out)"])
        store.dispatch(.increment)                      // signed out: the badge stays hidden
        store.dispatch(.loginSucceeded(user: "ada"))    // badge 1
        store.dispatch(.profileLoaded(displayName: "Ada"))   // unhandled here: nothing
        store.dispatch(.increment)                      // badge 2
        store.dispatch(.logout)                         // no badge
        store.dispatch(.increment)                      // signed out: nothing
        #expect(notes.value == ["no badge (signed out)", "badge 1", "badge 2", "no badge (signed out)"])
        #expect(service.told == [nil, 1, 2, nil])
        #expect(service.badge == nil)
    }

    @Test func theStoreDoesNotKeepTheServiceAliveAndStopsCallingItOnceItIsGone() {
        let store = makeStore()
        let notes = SharedValue<[String]>([])
        var service: BadgeService? = BadgeService(store: store) { notes.value.append($0) }
        weak let released = service
        #expect(store.subscriptionCount == 1)
        service = nil
        #expect(released == nil, "the store kept the service alive")
        store.dispatch(.loginSucceeded(user: "ada"))
        #expect(notes.value == ["no badge (signed out)"])
        #expect(store.subscriptionCount == 0)
    }
}

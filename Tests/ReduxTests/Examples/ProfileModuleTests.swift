@testable import ReduxDemo
import Foundation
import Redux
import ReduxProfile
import Testing

/// A root state whose fields count their writes, for the profile feature's components lifted
/// through a scattered map onto it: a write the lift makes to a field that did not change would
/// show up as a count.
struct ProfileWriteProbeRoot: Sendable {
    var writes: [String: Int] = [:]
    var settings = ProfileProbeSettings()

    var displayName = "Ada" { didSet { writes["displayName", default: 0] += 1 } }
    var signedIn = true { didSet { writes["signedIn", default: 0] += 1 } }
}

struct ProfileProbeSettings: Sendable {
    var notificationsOn = true { didSet { writes += 1 } }
    var writes = 0
}

enum ProfileProbeAction: Sendable, Equatable {
    case profile(ProfileAction)
    case other
}

/// Example: the profile feature module (Examples/Profile, the ReduxProfile library, which
/// depends on Redux only) standalone, and composed into the demo app (Examples/Demo/Profile.swift)
/// through a scattered map whose fields live in three places of the app's state.
///
/// The demo's types are named through typealiases, so a type of the same name elsewhere in the
/// test target cannot shadow them.
@MainActor
@Suite struct ProfileModuleTests {
    typealias DemoState = ReduxDemo.AppState
    typealias DemoAction = ReduxDemo.AppAction

    /// The demo's state with Ada signed in and her profile loaded.
    static var signedIn: DemoState {
        var state = DemoState()
        state.isLoggedIn = true
        state.user = "ada"
        state.displayName = "Ada Lovelace"
        return state
    }

    /// The profile module alone in a store of the demo's state, with a log.
    static func makeStore(_ state: DemoState = signedIn, log: LogRecorder<DemoAction>? = nil) -> Store<DemoState, DemoAction> {
        Store(
            initialState: state,
            reducers: [Reducers.counter] + ProfileModule.reducers,
            middlewares: ProfileModule.middlewares,
            onLog: log?.handler
        )
    }

    // MARK: Standalone (the feature's own code, no app)

    @Test func profileModuleRunStandaloneEndsWithGraceAndNotificationsOff() {
        let module = ProjectedModule(
            initialState: ProfileState(name: "Ada", notifications: true), reducers: Profile.reducers, middlewares: Profile.middlewares
        )
        let model = ProfileViewModel(module: module)
        model.name.wrappedValue = "Grace"
        model.notifications.wrappedValue = false
        #expect(module.state.name == "Grace")
        #expect(module.state.notifications == false)
        #expect(module.actions.count == 2)
        #expect(module.actions == [.rename("Grace"), .setNotifications(false)])
        #expect(model.title == "Grace")
        #expect(model.subtitle == "notifications off")
    }

    @Test func standaloneMiddlewareTrimsAndRefusesRenames() {
        let module = ProjectedModule(initialState: ProfileState(name: "Ada"), reducers: Profile.reducers, middlewares: Profile.middlewares)
        module.dispatch(.rename("  Grace Hopper \t"))
        #expect(module.state.name == "Grace Hopper")
        module.dispatch(.rename("   "))
        #expect(module.state.name == "Grace Hopper", "a blank name is consumed")
        let signedOut = ProjectedModule(initialState: ProfileState(name: "", isSignedIn: false), reducers: Profile.reducers, middlewares: Profile.middlewares)
        signedOut.dispatch(.rename("Grace"))
        #expect(signedOut.state.name == "", "no rename while signed out")
        #expect(ProfileViewModel(module: signedOut).title == "No name")
        #expect(ProfileViewModel(module: signedOut).canEdit == false)
    }

    @Test func viewModelAgainstAConstantModuleOnlyRecords() {
        let module = ConstantModule<ProfileState, ProfileAction>(ProfileState(name: "Ada"))
        let model = ProfileViewModel(module: module)
        model.toggleNotifications()
        model.name.wrappedValue = "Grace"
        #expect(model.title == "Ada")
        #expect(model.subtitle == "notifications on")
        #expect(module.actions == [.toggleNotifications, .rename("Grace")])
    }

    // MARK: Composed into the demo through the scattered map

    @Test func scatteredMapReadsTheFeatureStateFromThreePlaces() {
        var root = Self.signedIn
        root.settings.notificationsOn = false
        #expect(ProfileModule.map.state(in: root) == ProfileState(name: "Ada Lovelace", notifications: false, isSignedIn: true))
        #expect(ProfileModule.map.state(in: DemoState()) == ProfileState(name: "", notifications: true, isSignedIn: false))
    }

    @Test func scatteredModuleChangesOnlyTheRootFieldsItWrote() {
        let store = Self.makeStore()
        var expected = store.state
        store.dispatch(.profile(.setNotifications(false)))
        expected.settings.notificationsOn = false
        #expect(store.state == expected, "only settings.notificationsOn changed")
        store.dispatch(.profile(.rename("Grace")))
        expected.displayName = "Grace"
        #expect(store.state == expected, "only displayName changed")
        store.dispatch(.profile(.toggleNotifications))
        expected.settings.notificationsOn = true
        #expect(store.state == expected)
    }

    @Test func scatteredLiftWritesOnlyTheBoundFieldsWhoseValueChanged() {
        let map = ModuleMap<ProfileWriteProbeRoot, ProfileProbeAction, ProfileState, ProfileAction>.scattered(
            ProfileState(),
            fields: [
                .bind(\.name, to: \.displayName),
                .bind(\.notifications, to: \.settings.notificationsOn),
                .bind(\.isSignedIn, to: \.signedIn),
            ],
            action: Embedding(extract: { if case let .profile(action) = $0 { action } else { nil } }, embed: ProfileProbeAction.profile),
            name: "profile"
        )
        let store = Store(initialState: ProfileWriteProbeRoot(), reducers: map.lift(Profile.reducers), middlewares: Profile.middlewares.map { map.lift($0) })
        store.dispatch(.profile(.setNotifications(false)))
        #expect(store.state.settings.writes == 1)
        #expect(store.state.writes.isEmpty, "name and signedIn were read, not written")
        store.dispatch(.profile(.setNotifications(false)))
        #expect(store.state.settings.writes == 1, "the same value again: nothing written")
        store.dispatch(.profile(.rename("Grace")))
        #expect(store.state.writes == ["displayName": 1])
        #expect(store.state.settings.writes == 1)
        store.dispatch(.other)
        #expect(store.state.writes == ["displayName": 1], "an action the map cannot extract writes nothing")
    }

    @Test func liftedMiddlewareRedirectsATrimmedRenameAsAnEmbeddedAppAction() {
        let log = LogRecorder<DemoAction>()
        let store = Self.makeStore(log: log)
        let ticket = store.dispatchTracked(.profile(.rename("  Grace Hopper ")))
        #expect(ticket.outcomeIfFinished?.description == "reduced")
        #expect(store.state.displayName == "Grace Hopper")
        let redirects = log.events.compactMap { event -> (String, DemoAction)? in
            guard case let .middleware(step, .nextAs(action)) = event.kind else { return nil }
            return ("\(step.path)/\(step.id)", action)
        }
        #expect(redirects.count == 1)
        #expect(redirects.first?.0 == "profile/profileNames")
        #expect(redirects.first?.1 == .profile(.rename("Grace Hopper")), "the local redirect, re-embedded")
    }

    @Test func liftedMiddlewareConsumesARenameWhileSignedOut() {
        let store = Self.makeStore(DemoState())
        let before = store.state
        let ticket = store.dispatchTracked(.profile(.rename("Grace")))
        #expect(ticket.outcomeIfFinished?.description == "consumed")
        #expect(store.state == before)
    }

    @Test func anActionTheMapCannotExtractPassesTheModuleBy() {
        let log = LogRecorder<DemoAction>()
        let store = Self.makeStore(log: log)
        var expected = store.state
        store.dispatch(.increment)
        expected.counter = 1
        #expect(store.state == expected)
        let moduleExits = log.events.compactMap { event -> String? in
            switch event.kind {
            case let .middleware(step, exit) where step.id == "profileNames": "middleware \(exit)"
            case let .reducer(step, exit) where step.id == "profileEditor": "reducer \(exit)"
            default: nil
            }
        }
        #expect(moduleExits == ["middleware defaultNext", "reducer defaultNext"])
    }

    // MARK: The demo's JSON form

    @Test func profileActionsDecodeStrictlyAndRoundTrip() throws {
        let decoder = JSONDecoder()
        let lines = [
            #"{"type":"profile.rename","name":"Grace"}"#: DemoAction.profile(.rename("Grace")),
            #"{"type":"profile.setNotifications","on":false}"#: .profile(.setNotifications(false)),
            #"{"type":"profile.toggleNotifications"}"#: .profile(.toggleNotifications),
        ]
        for (line, action) in lines {
            let decoded = try decoder.decode(DemoAction.self, from: Data(line.utf8))
            #expect(decoded == action)
            let again = try decoder.decode(DemoAction.self, from: JSONEncoder().encode(decoded))
            #expect(again == action, "encoded and decoded back")
            #expect(decoded.feature == .profile)
        }
        for bad in [
            #"{"type":"profile.rename"}"#,
            #"{"type":"profile.rename","name":"Grace","on":true}"#,
            #"{"type":"profile.setNotifications","on":"no"}"#,
            #"{"type":"profile.teleport"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode(DemoAction.self, from: Data(bad.utf8)) }
        }
    }
}

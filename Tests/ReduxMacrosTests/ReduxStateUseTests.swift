import ReduxMacros
import Testing

// States written with @ReduxState, compiled for real: what the macro generates must type-check
// and behave like the hand-written initializer, conformances and module fields.

@ReduxState
struct UseCounter {
    var count: Int = 0
    var step: Int = 1
    var note: String?
    let id: Int
    let kind: String = "counter"
    var doubled: Int { count * 2 }
}

@ReduxState
struct UseBox<Value> {
    var value: Value
    var label: String = ""
}

@ReduxState
public struct UsePublicState {
    public var title: String = "untitled"
    public var tags: [String] = []
}

@ReduxState
struct UseAccount {
    var displayName: String = "Ada"
    var email: String = "ada@example.com"
}

@ReduxState
struct UseSettings {
    var notificationsOn: Bool = true
    var theme: String = "dark"
}

@ReduxState
struct UseRoot {
    var account: UseAccount = UseAccount()
    var settings: UseSettings = UseSettings()
    var other: Int = 0
}

@ReduxState
struct UseProfile {
    @Field(\UseRoot.account.displayName) var name: String = ""
    @Field(\UseRoot.settings.notificationsOn) var notifications: Bool = false
    var edits: Int = 0
}

enum UseProfileAction: Sendable, Equatable {
    case rename(String)
    case toggleNotifications
}

enum UseRootAction: Sendable, Equatable {
    case profile(UseProfileAction)
    case other
}

/// Takes any `Sendable` value: a state passed here conforms.
func requireSendable<Value: Sendable>(_ value: Value) -> Value { value }

@MainActor
struct ReduxStateUseTests {
    @Test func theInitializerTakesEveryStoredPropertyWithTheInitializersAsDefaults() {
        let counter = UseCounter(id: 7)
        #expect(counter.count == 0)
        #expect(counter.step == 1)
        #expect(counter.note == nil)
        #expect(counter.id == 7)
        #expect(counter.kind == "counter")
        let given = UseCounter(count: 3, step: 2, note: "n", id: 1)
        #expect(given.count == 3 && given.step == 2 && given.note == "n" && given.id == 1)
        #expect(given.doubled == 6)
    }

    @Test func theGeneratedConformancesAreUsable() {
        let a = UseCounter(count: 2, id: 1)
        let b = UseCounter(count: 2, id: 1)
        #expect(a == b)
        #expect(a != UseCounter(count: 3, id: 1))
        #expect(requireSendable(a) == b)
    }

    @Test func aGenericStateIsEquatableWhenItsParameterIs() {
        let a = UseBox(value: 1, label: "one")
        #expect(a == UseBox(value: 1, label: "one"))
        #expect(a != UseBox(value: 2, label: "one"))
        #expect(requireSendable(UseBox(value: "x")) == UseBox(value: "x"))
    }

    @Test func aPublicStateGetsAPublicInitializer() {
        let state = UsePublicState(title: "t")
        #expect(state == UsePublicState(title: "t", tags: []))
        #expect(UsePublicState().title == "untitled")
    }

    @Test func aScatteredMapFromTheGeneratedFieldsWritesBackToTheBoundRootFields() {
        let map = ModuleMap<UseRoot, UseRootAction, UseProfile, UseProfileAction>.scattered(
            UseProfile(),
            fields: UseProfile.fields,
            action: Embedding(
                extract: { if case .profile(let action) = $0 { action } else { nil } },
                embed: UseRootAction.profile
            ),
            name: "profile"
        )
        let reducer = Reducer<UseProfile, UseProfileAction>(id: "profile", handlingAll: { state, action in
            switch action {
            case .rename(let name): state.name = name
            case .toggleNotifications: state.notifications.toggle()
            }
            state.edits += 1
        })
        let store = Store(initialState: UseRoot(), reducers: [map.lift(reducer)])
        #expect(map.state(in: store.state) == UseProfile(name: "Ada", notifications: true))
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.toggleNotifications))
        #expect(store.state.account == UseAccount(displayName: "Grace", email: "ada@example.com"))
        #expect(store.state.settings == UseSettings(notificationsOn: false, theme: "dark"))
        #expect(store.state.other == 0)
        #expect(map.state(in: store.state) == UseProfile(name: "Grace", notifications: false))
    }
}

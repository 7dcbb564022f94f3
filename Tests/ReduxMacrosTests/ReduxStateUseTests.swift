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

// MARK: - Nested roots, access levels, attributes, value generics

enum UseApp {
    @ReduxState
    struct Root {
        var account: UseAccount = UseAccount()
        var visits: Int = 0
    }
}

@ReduxState
struct UseNestedRootProfile {
    @Field(\UseApp.Root.account.displayName) var name: String = ""
    @Field(\UseApp.Root.visits) var visits: Int = 0
}

/// A public state with a private property: the generated initializer is `private`, like Swift's
/// implicit memberwise one, so it is called from inside the type.
@ReduxState
public struct UseSecretState {
    public var title: String = ""
    private var secret: String = "hidden"

    public static func make(title: String, secret: String) -> UseSecretState {
        UseSecretState(title: title, secret: secret)
    }

    public var secretLength: Int { secret.count }
}

/// A public state with a fileprivate property: its initializer is `fileprivate`, callable
/// anywhere in this file.
@ReduxState
public struct UseFilePrivateState {
    public var title: String = ""
    fileprivate var draft: String = ""
}

/// A public state whose setter alone is private: the initializer stays public.
@ReduxState
public struct UseReadOnlyState {
    public private(set) var count: Int = 0
}

/// A package state with a package property: a package initializer.
@ReduxState
package struct UsePackageState {
    package var count: Int = 0
}

@ReduxState
struct UseIsolatedState {
    @MainActor var volume: Int = 5
    var label: String = ""
}

/// A parameter pack: each element constrained (`repeat each Tag: Sendable`).
@ReduxState
struct UseTagged<each Tag> {
    var name: String
}

#if os(Linux)
// A value generic parameter (`let Size: Int`) gets no conformance requirement. Declared on Linux
// only: an Apple platform runs value generic types from its 26 releases on, later than the
// package's deployment targets.
@ReduxState
struct UseSlots<let Size: Int, Element> {
    var elements: [Element]
}
#endif

extension ReduxStateUseTests {
    @Test func aNestedRootTypesFieldsBindIntoIt() {
        let fields: [ModuleField<UseApp.Root, UseNestedRootProfile>] = UseNestedRootProfile.fields
        let map = ModuleMap<UseApp.Root, UseRootAction, UseNestedRootProfile, UseProfileAction>.scattered(
            UseNestedRootProfile(),
            fields: fields,
            action: Embedding(
                extract: { if case .profile(let action) = $0 { action } else { nil } },
                embed: UseRootAction.profile
            ),
            name: "profile"
        )
        #expect(map.state(in: UseApp.Root(visits: 3)) == UseNestedRootProfile(name: "Ada", visits: 3))
    }

    @Test func aPublicStateWithAPrivatePropertyIsBuiltThroughItsPrivateInitializer() {
        let state = UseSecretState.make(title: "t", secret: "four")
        #expect(state.title == "t" && state.secretLength == 4)
        #expect(state == UseSecretState.make(title: "t", secret: "four"))
        #expect(state != UseSecretState.make(title: "t", secret: "five!"))
    }

    @Test func aPublicStateWithAFileprivatePropertyIsBuiltAnywhereInItsFile() {
        let state = UseFilePrivateState(title: "t", draft: "d")
        #expect(state.draft == "d")
        #expect(requireSendable(state) == UseFilePrivateState(title: "t", draft: "d"))
    }

    @Test func aPrivateSetterKeepsThePublicInitializerAndAPackagePropertyGivesAPackageOne() {
        #expect(UseReadOnlyState(count: 2).count == 2)
        #expect(UsePackageState(count: 3) == UsePackageState(count: 3))
    }

    @Test func aGlobalActorIsolatedPropertyIsAParameterNotAPropertyWrapper() {
        let state = UseIsolatedState(volume: 7, label: "l")
        #expect(state.volume == 7)
        #expect(state == UseIsolatedState(volume: 7, label: "l"))
    }

    @Test func aParameterPackStateConformsElementByElement() {
        let tagged = UseTagged<Int, String>(name: "n")
        #expect(tagged == UseTagged<Int, String>(name: "n"))
        #expect(requireSendable(tagged).name == "n")
    }

    #if os(Linux)
    @Test func aValueGenericStateConformsOnItsTypeParametersAlone() {
        let slots = UseSlots<4, Int>(elements: [1, 2])
        #expect(slots == UseSlots<4, Int>(elements: [1, 2]))
        #expect(requireSendable(slots).elements == [1, 2])
    }
    #endif
}

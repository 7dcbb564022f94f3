import Testing
import ReduxTesting
@testable import Redux

// A feature module written against its own local types, plugged into a root by a map.

struct MapProfile: Equatable, Sendable {
    var name = ""
    var notifications = true
    var edits = 0
}

enum MapProfileAction: Equatable, Sendable {
    case rename(String), toggleNotifications, edit, requestRename(String), renameLater(String), renamed(String)
}

let mapProfileReducer = Reducer<MapProfile, MapProfileAction>(id: "profile", effects: { state, action in
    switch action {
    case .rename(let name): state.name = name
    case .toggleNotifications: state.notifications.toggle()
    case .edit: state.edits += 1
    case .requestRename: return .none
    case .renameLater(let name): return .send(.renamed(name))
    case .renamed(let name): state.name = name
    }
    return .none
})

/// A module-local middleware: turns a request into the rename itself.
let mapProfileMiddleware = Middleware<MapProfile, MapProfileAction>(id: "profile-requests") { context in
    if case .requestRename(let name) = context.action { return .nextAs(.rename(name.capitalized)) }
    return .defaultNext
}

struct MapAccount: Equatable, Sendable { var displayName = "Ada"; var email = "ada@example.com" }
struct MapSettings: Equatable, Sendable { var notificationsOn = true; var theme = "dark" }

struct MapRoot: Equatable, Sendable {
    var profile = MapProfile()
    var account = MapAccount()
    var settings = MapSettings()
    var other = 0
}

enum MapRootAction: Equatable, Sendable {
    case profile(MapProfileAction), other

    var profile: MapProfileAction? { if case .profile(let action) = self { action } else { nil } }
}

let mapProfileActions = Embedding(\MapRootAction.profile, embed: MapRootAction.profile)

let linearProfileMap = ModuleMap<MapRoot, MapRootAction, MapProfile, MapProfileAction>.linear(state: \.profile, action: mapProfileActions)

let scatteredProfileMap = ModuleMap<MapRoot, MapRootAction, MapProfile, MapProfileAction>.scattered(
    MapProfile(),
    fields: [.bind(\.name, to: \.account.displayName), .bind(\.notifications, to: \.settings.notificationsOn)],
    action: mapProfileActions,
    name: "profile"
)

let mapOtherReducer = Reducer<MapRoot, MapRootAction>(id: "other") { state, action in
    guard action == .other else { return .defaultNext }
    state.other += 1
    return .next
}

@MainActor
@Suite struct ModuleMapTests {
    @Test func aLinearMapRunsTheModuleOnTheRootsField() {
        let store = Store(initialState: MapRoot(), reducers: [linearProfileMap.lift(mapProfileReducer), mapOtherReducer])
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.toggleNotifications))
        #expect(store.profile == MapProfile(name: "Grace", notifications: false))
        #expect(linearProfileMap.state(in: store.state) == store.profile)
        #expect(store.account == MapAccount())
    }

    @Test func aScatteredMapReadsAndWritesTheBoundRootFields() {
        let store = Store(initialState: MapRoot(), reducers: [scatteredProfileMap.lift(mapProfileReducer)])
        #expect(scatteredProfileMap.state(in: store.state) == MapProfile(name: "Ada", notifications: true))
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.toggleNotifications))
        #expect(store.account.displayName == "Grace")
        #expect(store.settings.notificationsOn == false)
        // The module's own field is untouched: the module's state lives in the bound fields.
        #expect(store.profile == MapProfile())
        #expect(scatteredProfileMap.state(in: store.state) == MapProfile(name: "Grace", notifications: false))
    }

    @Test func aScatteredModulesReducerWritesOnlyTheFieldsItChanged() {
        // Count the writes to each root field through a map whose bindings record them.
        let writes = SharedList<String>()
        let recording = ModuleMap<MapRoot, MapRootAction, MapProfile, MapProfileAction>.scattered(
            MapProfile(),
            fields: [
                ModuleField.bind(\.name, to: \.account.displayName).recording("displayName", into: writes),
                ModuleField.bind(\.notifications, to: \.settings.notificationsOn).recording("notificationsOn", into: writes),
            ],
            action: mapProfileActions,
            name: "profile"
        )
        let store = Store(initialState: MapRoot(), reducers: [recording.lift(mapProfileReducer)])
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.edit))            // changes an unbound field only: nothing written
        store.dispatch(.profile(.rename("Grace"))) // the same value: not written again
        store.dispatch(.profile(.toggleNotifications))
        #expect(writes.values == ["displayName", "notificationsOn"])
        #expect(store.account == MapAccount(displayName: "Grace", email: "ada@example.com"))
        #expect(store.settings == MapSettings(notificationsOn: false, theme: "dark"))
    }

    @Test func aLiftedModuleMiddlewareRedirectsAndItsActionIsReembedded() {
        for map in [linearProfileMap, scatteredProfileMap] {
            let log = LogRecorder<MapRootAction>()
            let store = Store(initialState: MapRoot(), reducers: [map.lift(mapProfileReducer)], middlewares: [map.lift(mapProfileMiddleware)], onLog: log.handler)
            let outcome = store.dispatchTracked(.profile(.requestRename("grace"))).outcomeIfFinished
            #expect(map.state(in: store.state).name == "Grace")
            // The redirect reached the root reducers as the embedded root action.
            let redirects = log.events.compactMap { event -> LoggedExit<MapRootAction>? in
                if case .middleware(_, let exit) = event.kind { exit } else { nil }
            }
            #expect(redirects == [.nextAs(.profile(.rename("Grace")))])
            #expect(outcome == .reduced)
        }
    }

    @Test func anActionTheMapCannotExtractPassesTheModuleBy() {
        for map in [linearProfileMap, scatteredProfileMap] {
            let ran = SharedList<MapProfileAction>()
            let spy = Middleware<MapProfile, MapProfileAction>(id: "spy") { context in
                ran.append(context.action)
                return .next
            }
            let store = Store(initialState: MapRoot(), reducers: [map.lift(mapProfileReducer), mapOtherReducer], middlewares: [map.lift(spy)])
            #expect(store.dispatchTracked(.other).outcomeIfFinished == .reduced)
            #expect(ran.values.isEmpty)
            #expect(store.state == MapRoot(other: 1))
        }
    }

    @Test func aModulesEffectsSendEmbeddedRootActions() async {
        for map in [linearProfileMap, scatteredProfileMap] {
            let store = TestStore(initialState: MapRoot(), reducers: [map.lift(mapProfileReducer)])
            await store.send(.profile(.renameLater("Grace")))
            await store.receive(.profile(.renamed("Grace"))) { map.write(MapProfile(name: "Grace", notifications: true), into: &$0) }
            await store.finish()
        }
    }

    @Test func aModuleResolverIsLiftedThroughTheMap() async {
        struct Rejected: Error {}
        let failing = Middleware<MapProfile, MapProfileAction>(id: "fails") { context in
            if case .requestRename = context.action { throw Rejected() }
            return .defaultNext
        }
        let resolver = Resolver<MapProfile, MapProfileAction>(id: "fallback") { context in
            .exit(.reduceAs(.rename("fallback")))
        }
        for map in [linearProfileMap, scatteredProfileMap] {
            let store = Store(initialState: MapRoot(), reducers: [map.lift(mapProfileReducer)], middlewares: [map.lift(failing)], resolvers: [map.lift(resolver)])
            store.dispatch(.profile(.requestRename("x")))
            #expect(map.state(in: store.state).name == "fallback")
        }
    }

    @Test func everyReducerStyleLiftsThroughAMap() {
        struct Node: StateNode, Sendable, Equatable {
            var count = 0
            mutating func reduce(_ action: Int) { count += action }
        }
        struct Root: Equatable, Sendable { var a = Node(); var b = Node(); var c = Node(); var d = Node() }
        let embedding = Embedding<Int, Int>(extract: { $0 }, embed: { $0 })
        let maps = [\Root.a, \Root.b, \Root.c, \Root.d].map { ModuleMap<Root, Int, Node, Int>.linear(state: $0, action: embedding) }
        struct Domain: ReducerDomain {
            var body: [Reducer<Node, Int>] { Reducer(id: "domain", handlingAll: { $0.count += $1 }) }
        }
        let behavior = Behavior<Int, Node, Void>.handle { action, _ in .reduce { $0.count += action } }
        let reducers = [maps[0].lift(Reducer(node: Node.self))]
            + [maps[1].lift(Reducer(id: "command", command: { (state: consuming Node, action: Int) in
                state.count += action
                return (state, .none)
            }))]
            + maps[2].lift(behavior, environment: { (_: Void) in () }).reducers(environment: ())
            + maps[3].lift(Domain())
        let store = Store(initialState: Root(), reducers: reducers)
        store.dispatch(2)
        #expect(store.state == Root(a: Node(count: 2), b: Node(count: 2), c: Node(count: 2), d: Node(count: 2)))
    }

    @Test func anOptionalMapSkipsTheModuleWhileItIsAbsent() {
        struct Root: Equatable, Sendable { var sheet: MapProfile? }
        let map = OptionalModuleMap<Root, MapRootAction, MapProfile, MapProfileAction>.optional(state: \.sheet, action: mapProfileActions)
        let diagnostics = DiagnosticLines()
        let store = Store(initialState: Root(), reducers: [map.lift(mapProfileReducer)], options: diagnostics.options)
        #expect(store.dispatchTracked(.profile(.rename("Grace"))).outcomeIfFinished == .unhandled)
        diagnostics.expect(["sheet is nil"])
        #expect(map.state(in: store.state) == nil)
        let shown = Store(initialState: Root(sheet: MapProfile()), reducers: [map.lift(mapProfileReducer)])
        shown.dispatch(.profile(.rename("Grace")))
        #expect(map.state(in: shown.state)?.name == "Grace")
    }

    @Test func anElementMapReachesTheElementWithTheActionsId() {
        struct Row: Identifiable, Equatable, Sendable { let id: Int; var profile = MapProfile() }
        struct Root: Equatable, Sendable { var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)] }
        enum RootAction: Equatable, Sendable {
            case row(ElementAction<Int, MapProfileAction>)
            var row: ElementAction<Int, MapProfileAction>? { if case .row(let action) = self { action } else { nil } }
        }
        let map = ElementModuleMap<Root, RootAction, Row, MapProfileAction>.elements(state: \.rows, action: Embedding(\.row, embed: RootAction.row))
        let rowReducer = mapProfileReducer.lift(state: \Row.profile, action: Embedding(extract: { $0 }, embed: { $0 }))
        let store = Store(initialState: Root(), reducers: [map.lift(rowReducer)])
        store.dispatch(map.embed(.rename("Grace"), id: 2))
        #expect(map.state(in: store.state, id: 2)?.profile.name == "Grace")
        #expect(map.state(in: store.state, id: 1)?.profile.name == "")
        #expect(map.state(in: store.state, id: 3) == nil)
    }
}

extension ModuleField where Root == MapRoot, Local == MapProfile {
    /// The same binding, recording each write it makes under `label`.
    func recording(_ label: String, into writes: SharedList<String>) -> ModuleField {
        let write = self.write
        let writeChanged = self.writeChanged
        return ModuleField(read: read, write: { local, root in
            let wrote = write(local, &root)
            if wrote { writes.append(label) }
            return wrote
        }, writeChanged: { before, after, root in
            let wrote = writeChanged(before, after, &root)
            if wrote { writes.append(label) }
            return wrote
        })
    }
}

@MainActor
@Suite struct OverlappingModuleFieldTests {
    struct Inner: Equatable, Sendable { var a = 0; var b = 0 }
    struct Root: Equatable, Sendable { var inner = Inner() }
    struct Local: Equatable, Sendable { var whole = Inner(); var part = 0 }
    enum Action: Equatable, Sendable { case setWholeB(Int), setPart(Int) }

    static let reducer = Reducer<Local, Action>(id: "overlap", handlingAll: { state, action in
        switch action {
        case .setWholeB(let value): state.whole.b = value
        case .setPart(let value): state.part = value
        }
    })

    func store(_ fields: [ModuleField<Root, Local>]) -> Store<Root, Action> {
        let map = ModuleMap<Root, Action, Local, Action>.scattered(Local(), fields: fields, action: Embedding(extract: { $0 }, embed: { $0 }), name: "overlap")
        return Store(initialState: Root(), reducers: [map.lift(Self.reducer)])
    }

    @Test func aWriteThroughOneOfTwoOverlappingBindingsIsNotUndoneByTheOther() {
        let wholeFirst = store([.bind(\.whole, to: \.inner), .bind(\.part, to: \.inner.b)])
        wholeFirst.dispatch(.setWholeB(7))
        #expect(wholeFirst.inner.b == 7)
        wholeFirst.dispatch(.setPart(5))
        #expect(wholeFirst.inner.b == 5)

        let partFirst = store([.bind(\.part, to: \.inner.b), .bind(\.whole, to: \.inner)])
        partFirst.dispatch(.setPart(5))
        #expect(partFirst.inner.b == 5)
        partFirst.dispatch(.setWholeB(7))
        #expect(partFirst.inner.b == 7)
    }
}


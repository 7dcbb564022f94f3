import Redux

// States, actions and stores for the exact-observation suites. Actions carry the write they make
// (`.write { $0.b += 1 }`), so each test says in one line which members its action touches.

/// An action that applies its write (handled), or that every reducer declines.
enum Edit<State>: Sendable {
    /// Handled: the reducer applies the write and answers `.next` (even a write that changes
    /// nothing is a handled action).
    case write(@Sendable (inout State) -> Void)
    /// Declined: the reducer answers `.defaultNext` and writes nothing.
    case declined
}

/// The reducer of ``Edit`` actions.
func editReducer<State: Sendable>(id: String = "edit") -> Reducer<State, Edit<State>> {
    Reducer(id: id) { state, action in
        guard case .write(let write) = action else { return .defaultNext }
        write(&state)
        return .next
    }
}

/// A store with one ``editReducer(id:)``.
@MainActor
func makeEditStore<State: Sendable>(
    _ initialState: State,
    onLog: Store<State, Edit<State>>.LogHandler? = nil
) -> Store<State, Edit<State>> {
    Store(initialState: initialState, reducers: [editReducer()], onLog: onLog)
}

// MARK: - Members of every comparison class

/// Two reference-free members.
struct MemberPoint: Equatable, Sendable {
    var x = 0
    var y = 0
}

/// A reference-free struct read through a nested member (`store.profile.age`).
struct MemberProfile: Equatable, Sendable {
    var age = 0
    var level = 0
}

/// An enum whose payloads are value-compared.
enum MemberPhase: Equatable, Sendable {
    case idle
    case loaded(String)
    case count(Int)
}

/// A class member (compared by nothing cheap: fires on every handled action).
final class MemberBox: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// A member that is not `Equatable`.
struct MemberOpaque: Sendable {
    var number = 0
}

/// One member of each comparison class, a computed member that traps when `items` is empty and a
/// stored member with an observer.
struct MemberState: Sendable {
    // Value-compared.
    var a = 0
    var b = 0
    var flag = false
    var ratio = 0.0
    var name = ""
    var point = MemberPoint()
    var profile = MemberProfile()
    var phase = MemberPhase.idle
    var maybe: Int?
    var maybeName: String?
    // Fire on every handled action.
    var list: [Int] = []
    var table: [String: Int] = [:]
    var set: Set<Int> = []
    var box = MemberBox(0)
    var opaque = MemberOpaque()
    // Computed, and stored with an observer: fire on every handled action, never evaluated by the
    // store.
    var items = [1]
    var firstItem: Int { items[0] }
    var watched = 0 { didSet { watchedWrites += 1 } }
    var watchedWrites = 0
}

typealias MemberStore = Store<MemberState, Edit<MemberState>>

// MARK: - Enum and optional state

/// A child feature's state, shown in one case of ``Route``.
struct ChildState: Equatable, Sendable {
    var count = 0
}

/// The child's actions.
enum ChildAction: Equatable, Sendable {
    case increment
}

let childReducer = Reducer<ChildState, ChildAction>(id: "child") { state, action in
    switch action {
    case .increment: state.count += 1
    }
    return .next
}

/// Where a screen navigates: a child feature, or a settings page with a value-compared payload.
enum Route: Equatable, Sendable {
    case child(ChildState)
    case settings(Int)
}

struct NavigationState: Equatable, Sendable {
    var destination: Route?
    var editor: ChildState?
    var unrelated = 0
}

enum NavigationAction: Sendable {
    case write(@Sendable (inout NavigationState) -> Void)
    case child(ChildAction)
    case editor(ChildAction)
    case declined
}

enum NavigationMaps {
    static let childActions = Embedding<NavigationAction, ChildAction>(
        extract: { if case .child(let action) = $0 { action } else { nil } }, embed: NavigationAction.child)
    static let editorActions = Embedding<NavigationAction, ChildAction>(
        extract: { if case .editor(let action) = $0 { action } else { nil } }, embed: NavigationAction.editor)
    static let childCase = Embedding<Route, ChildState>(
        extract: { if case .child(let child) = $0 { child } else { nil } }, embed: Route.child)

    /// The child in `destination`'s `.child` case.
    static let child = OptionalModuleMap<NavigationState, NavigationAction, ChildState, ChildAction>.enumCase(
        state: \.destination, case: childCase, action: childActions, name: "child")
    /// The optional editor.
    static let editor = OptionalModuleMap<NavigationState, NavigationAction, ChildState, ChildAction>.optional(
        state: \.editor, action: editorActions)
}

typealias NavigationStore = Store<NavigationState, NavigationAction>

@MainActor
func makeNavigationStore(_ initial: NavigationState = NavigationState()) -> NavigationStore {
    NavigationStore(
        initialState: initial,
        reducers: [
            Reducer(id: "navigation") { state, action in
                guard case .write(let write) = action else { return .defaultNext }
                write(&state)
                return .next
            },
            NavigationMaps.child.lift(childReducer),
            NavigationMaps.editor.lift(childReducer),
        ]
    )
}

// MARK: - Rows

/// A list row, with an optional child of its own.
struct ListRow: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var child: ChildState?

    init(_ id: Int, title: String? = nil, child: ChildState? = nil) {
        self.id = id
        self.title = title ?? "row \(id)"
        self.child = child
    }
}

enum ListRowAction: Equatable, Sendable {
    case retitle(String)
}

let listRowReducer = Reducer<ListRow, ListRowAction>(id: "row") { state, action in
    switch action {
    case .retitle(let title): state.title = title
    }
    return .next
}

struct ListState: Sendable {
    var rows = IdentifiedArray<ListRow>()
    var unrelated = 0
}

enum ListAction: Sendable {
    case write(@Sendable (inout ListState) -> Void)
    case rows(ElementAction<Int, ListRowAction>)
}

enum ListMaps {
    static let rowActions = Embedding<ListAction, ElementAction<Int, ListRowAction>>(
        extract: { if case .rows(let action) = $0 { action } else { nil } }, embed: ListAction.rows)
    static let rows = ElementModuleMap<ListState, ListAction, ListRow, ListRowAction>.elements(
        state: \.rows, action: rowActions)
}

typealias ListStore = Store<ListState, ListAction>

/// A store whose `rows` hold the ids in `ids`, in order.
@MainActor
func makeListStore(ids: some Sequence<Int> = 1...3, child: ChildState? = nil) -> ListStore {
    ListStore(
        initialState: ListState(rows: IdentifiedArray(uniqueElements: ids.map { ListRow($0, child: child) })),
        reducers: [
            Reducer(id: "list") { state, action in
                guard case .write(let write) = action else { return .defaultNext }
                write(&state)
                return .next
            },
            ListMaps.rows.lift(listRowReducer),
        ]
    )
}

// MARK: - Slices

/// A module's state with two value-compared members.
struct PairState: Equatable, Sendable {
    var a = 0
    var b = 0
}

enum PairEditAction: Equatable, Sendable {
    case setA(Int)
    case setB(Int)
}

let pairReducer = Reducer<PairState, PairEditAction>(id: "pair") { state, action in
    switch action {
    case .setA(let value): state.a = value
    case .setB(let value): state.b = value
    }
    return .next
}

/// Where the scattered map binds the pair: `a` in `left`, `b` in `right`.
struct PairHalf: Equatable, Sendable {
    var value = 0
}

struct PairApp: Sendable {
    var pair = PairState()
    var left = PairHalf()
    var right = PairHalf()
    var unrelated = 0
}

enum PairAppAction: Sendable {
    case pair(PairEditAction)
    case scattered(PairEditAction)
    case write(@Sendable (inout PairApp) -> Void)
}

enum PairMaps {
    static let pairActions = Embedding<PairAppAction, PairEditAction>(
        extract: { if case .pair(let action) = $0 { action } else { nil } }, embed: PairAppAction.pair)
    static let scatteredActions = Embedding<PairAppAction, PairEditAction>(
        extract: { if case .scattered(let action) = $0 { action } else { nil } }, embed: PairAppAction.scattered)

    static let linear = ModuleMap<PairApp, PairAppAction, PairState, PairEditAction>.linear(
        state: \.pair, action: pairActions)
    static let scattered = ModuleMap<PairApp, PairAppAction, PairState, PairEditAction>.scattered(
        PairState(),
        fields: [.bind(\.a, to: \.left.value), .bind(\.b, to: \.right.value)],
        action: scatteredActions,
        name: "scatteredPair"
    )
}

typealias PairStore = Store<PairApp, PairAppAction>

@MainActor
func makePairStore() -> PairStore {
    PairStore(
        initialState: PairApp(),
        reducers: [
            Reducer(id: "app") { state, action in
                guard case .write(let write) = action else { return .defaultNext }
                write(&state)
                return .next
            },
            PairMaps.linear.lift(pairReducer),
            PairMaps.scattered.lift(pairReducer),
        ]
    )
}

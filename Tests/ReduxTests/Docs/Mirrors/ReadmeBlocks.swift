// README.md's Swift blocks, verbatim: DocBlocksCompiledTests fails if the README drifts from
// this file, DocExamplesTests runs them. The quick start is top-level code, as a reader would
// write it (its names are unique in the test target).
import Foundation
import ReduxTesting
import Synchronization
import Testing
import Redux

struct AppState: Sendable, Equatable {
    var count = 0
    var isLoggedIn = false
}

enum AppAction: Sendable, Equatable {
    case increment
    case delayedIncrement
    case login(password: String)
    case loggedIn(Bool)
}

struct WrongPassword: Error {}

let counter = Reducer<AppState, AppAction>(id: "counter") { state, action in
    switch action {
    case .increment: state.count += 1; return .next
    case .loggedIn(let value): state.isLoggedIn = value; return .next
    default: return .defaultNext
    }
}

let effects = Middleware<AppState, AppAction>(id: "effects") { context in
    switch context.action {
    case .delayedIncrement:
        return .deferred { effect in
            try await effect.sleep(for: .milliseconds(50))
            return .nextAs(.increment)
        }
    case .login(let password):
        guard password == "secret" else { throw WrongPassword() }
        return .nextAs(.loggedIn(true))
    default:
        return .next
    }
}

let loginFailed = Resolver<AppState, AppAction>(id: "loginFailed") { context in
    context.error is WrongPassword ? .exit(.reduceAs(.loggedIn(false))) : .defaultNext
}

@MainActor
func quickStart() async throws -> Store<AppState, AppAction> {
    let store = Store(initialState: AppState(), reducers: [counter],
                      middlewares: [effects], resolvers: [loginFailed])
    store.dispatch(.increment)              // processed before dispatch returns
    print(store.count)                      // 1
    store.dispatch(.delayedIncrement)       // suspended in .deferred; other actions flow
    let ticket = store.dispatchTracked(.login(password: "wrong"))
    print(try await ticket.outcome)         // recovered(reduceAs(loggedIn(false)), reduced: true)
    try await store.settled(timeout: .seconds(1))
    print(store.count)                      // 2
    return store
}

@MainActor
func shortestStore() -> Store<AppState, AppAction> {
    let store = Store<AppState, AppAction>(initialState: AppState()) { state, action in
        if case .increment = action { state.count += 1 }
    }
    store.dispatch(.increment)
    return store
}

struct QueryState: Sendable, Equatable {
    var query = ""
    var results: [String] = []
}

enum QueryAction: Sendable, Equatable {
    case queryChanged(String)
    case resultsLoaded([String])
}

func queryReducer(search: @escaping @Sendable (String) async throws -> [String]) -> Reducer<QueryState, QueryAction> {
    Reducer(id: "query", effects: { state, action in
        switch action {
        case .queryChanged(let query):
            state.query = query
            return .run { send in send(.resultsLoaded(try await search(query))) }
                .debounce(id: "search", for: .milliseconds(300))
        case .resultsLoaded(let results):
            state.results = results
            return .none
        }
    })
}

import Foundation
import ReduxTesting
import Synchronization
import Testing

@Test @MainActor
func theDebouncedQueryIsSearchedOnce() async throws {
    let clock = TestClock()
    let searches = Mutex<[String]>([])
    let store = Store(
        initialState: QueryState(),
        reducers: [queryReducer { query in
            searches.withLock { $0.append(query) }
            return [query.uppercased()]
        }],
        options: StoreOptions(clock: clock)
    )
    store.dispatch(.queryChanged("sw"))
    store.dispatch(.queryChanged("swift"))
    await clock.advance(by: .milliseconds(300))
    try await store.quiescent(timeout: .seconds(60))
    #expect(store.results == ["SWIFT"])
    #expect(searches.withLock { $0 } == ["swift"])
}

struct Tally: Sendable, Equatable, Identifiable {
    let id: Int
    var count = 0
}

enum TallyAction: Sendable, Equatable {
    case increment
    case incrementLater
}

let tally = Reducer<Tally, TallyAction>(id: "tally", effects: { state, action in
    switch action {
    case .increment:
        state.count += 1
        return .none
    case .incrementLater:
        return .run { send in
            try await send.sleep(for: .seconds(1))
            send(.increment)
        }
    }
})

struct Board: Sendable, Equatable {
    var total = Tally(id: 0)                // a stored child: always there
    var editor: Tally?                      // an optional sheet
    var rows = IdentifiedArray<Tally>()     // a collection of rows, by id
}

enum BoardAction: Sendable, Equatable {
    case total(TallyAction)
    case editor(TallyAction)
    case rows(ElementAction<Int, TallyAction>)
    case openEditor
    case closeEditor
    case addRow(Int)
    case removeRow(Int)
}

let board = Reducer<Board, BoardAction>(id: "board") { state, action in
    switch action {
    case .openEditor: state.editor = Tally(id: 0)
    case .closeEditor: state.editor = nil
    case .addRow(let id): state.rows.append(Tally(id: id))
    case .removeRow(let id): state.rows.remove(id: id)
    default: return .defaultNext
    }
    return .next
}

let boardReducers = [
    board,
    tally.lift(state: \Board.total, action: Embedding(
        extract: { if case .total(let a) = $0 { a } else { nil } }, embed: BoardAction.total)),
    tally.lift(state: \Board.editor, action: Embedding(
        extract: { if case .editor(let a) = $0 { a } else { nil } }, embed: BoardAction.editor)),
    tally.lift(state: \Board.rows, action: Embedding(
        extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: BoardAction.rows)),
]

@MainActor
func composedBoard() -> Store<Board, BoardAction> {
    let store = Store(initialState: Board(), reducers: boardReducers)
    store.dispatch(.addRow(1), .addRow(2))
    store.dispatch(.rows(.element(id: 1, action: .incrementLater)))
    store.dispatch(.removeRow(1))            // row 1's work is cancelled: its increment never lands
    store.dispatch(.editor(.increment))      // no editor open: skipped with a warning, .unhandled
    return store
}

// README "Testing a feature": the board of the composition block, tested step by step.
@Test @MainActor
func closingTheEditorCancelsItsWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: Board(), reducers: boardReducers, clock: clock)
    await store.send(.openEditor) { $0.editor = Tally(id: 0) }
    await store.send(.editor(.incrementLater))
    await clock.advance(by: .seconds(1))
    await store.receive(.editor(.increment)) { $0.editor?.count = 1 }
    await store.send(.editor(.incrementLater))
    await store.send(.closeEditor) { $0.editor = nil }
    await clock.advance(by: .seconds(1))   // the editor's work ended with it: nothing arrives
    await store.finish()
}

// "Reducer styles": the Behavior example.
struct Film: Codable, Equatable, Sendable {
    var title: String
    var year: Int
}

struct FilmShelf: Equatable, Sendable {
    var films: [Film] = []
    var isLoading = false
    var failed = false
}

enum FilmAction: Equatable, Sendable {
    case onAppear, loaded([Film]), loadFailed
}

struct FilmEnvironment: Sendable {
    var fetchFilms: @Sendable () async throws -> [Film]
}

let filmBehavior = Behavior<FilmAction, FilmShelf, FilmEnvironment>.handle { action, _ in
    switch action {
    case .onAppear:
        .reduce { $0.isLoading = true; $0.failed = false }
            .produce { context in
                let fetch = context.environment.fetchFilms
                return .task {
                    do { return .loaded(try await fetch()) } catch { return .loadFailed }
                }
            }
    case .loaded(let films):
        .reduce { $0.films = films; $0.isLoading = false }
    case .loadFailed:
        .reduce { $0.isLoading = false; $0.failed = true }
    }
}

@MainActor
func filmStore(environment: FilmEnvironment) -> Store<FilmShelf, FilmAction> {
    Store(initialState: FilmShelf(), behavior: filmBehavior, environment: environment)
}

struct FilmOutage: Error {}

@Test @MainActor
func readmeFilmBehaviorLoadsAndFailsThroughItsEnvironment() async {
    let films = [Film(title: "Alien", year: 1979)]
    let loads = TestStore(initialState: FilmShelf(), behavior: filmBehavior, environment: FilmEnvironment(fetchFilms: { films }))
    await loads.send(.onAppear) { $0.isLoading = true }
    await loads.receive(.loaded(films)) { $0.films = films; $0.isLoading = false }
    await loads.finish()

    let fails = TestStore(initialState: FilmShelf(), behavior: filmBehavior, environment: FilmEnvironment(fetchFilms: { throw FilmOutage() }))
    await fails.send(.onAppear) { $0.isLoading = true }
    await fails.receive(.loadFailed) { $0.isLoading = false; $0.failed = true }
    await fails.finish()
    #expect(filmStore(environment: FilmEnvironment(fetchFilms: { [] })).state == FilmShelf())
}

// "Modules and slices": the scattered note module.
// The module: local types only.
struct NoteDraft: Equatable, Sendable {
    var text = ""
    var pinned = false
}

enum NoteAction: Equatable, Sendable {
    case edit(String), togglePin
}

let noteReducer = Reducer<NoteDraft, NoteAction>(id: "note", handlingAll: { state, action in
    switch action {
    case .edit(let text): state.text = text
    case .togglePin: state.pinned.toggle()
    }
})

// The app: its draft text and its pins live in different places.
struct EditorState: Equatable, Sendable {
    var editor = Editor()
    var board = Pinboard()

    struct Editor: Equatable, Sendable { var text = "" }
    struct Pinboard: Equatable, Sendable { var pinned = false; var columns = 3 }
}

enum EditorAction: Equatable, Sendable {
    case note(NoteAction)

    var note: NoteAction? { if case .note(let action) = self { action } else { nil } }
}

let noteMap = ModuleMap<EditorState, EditorAction, NoteDraft, NoteAction>.scattered(
    NoteDraft(),
    fields: [.bind(\.text, to: \.editor.text), .bind(\.pinned, to: \.board.pinned)],
    action: Embedding(\.note, embed: EditorAction.note),
    name: "note"
)

@MainActor
func editorStore() -> Store<EditorState, EditorAction> {
    Store(initialState: EditorState(), reducers: [noteMap.lift(noteReducer)])
}

@Test @MainActor
func readmeNoteModuleWritesTheRootFieldsItsMapBinds() {
    let store = editorStore()
    store.dispatch(.note(.edit("Buy milk")))
    store.dispatch(.note(.togglePin))
    #expect(store.editor.text == "Buy milk")
    #expect(store.board == EditorState.Pinboard(pinned: true, columns: 3))
    #expect(noteMap.state(in: store.state) == NoteDraft(text: "Buy milk", pinned: true))
}

@MainActor
func renameNote(in store: Store<EditorState, EditorAction>) {
    let note: any StoreModule<NoteDraft, NoteAction> = store.slice(noteMap)
    let text = note.binding(\.text, send: NoteAction.edit)
    text.wrappedValue = "Call Ada"   // dispatches .note(.edit("Call Ada"))
    note.dispatch(.togglePin)
    print(note.text, note.pinned)    // "Call Ada" true: read from the root's fields
}

@Test @MainActor
func readmeNoteSliceWritesThroughTheStore() {
    let store = editorStore()
    renameNote(in: store)
    #expect(store.editor.text == "Call Ada")
    #expect(store.board.pinned)
}

// "Modules and slices": a slice from a lift's key path and embedding (the board of "Composition").
enum TallyEditor {
    static let state = \Board.editor
    static let action = Embedding<BoardAction, TallyAction>(
        extract: { if case .editor(let a) = $0 { a } else { nil } }, embed: BoardAction.editor)
}

let tallyEditorLift = tally.lift(state: TallyEditor.state, action: TallyEditor.action)

@MainActor
func tapTallyEditor(in store: Store<Board, BoardAction>) {
    guard let editor = store.slice(state: TallyEditor.state, action: TallyEditor.action) else {
        return                       // no editor open: no slice
    }
    editor.dispatch(.increment)      // dispatches .editor(.increment), which the lift reduces
    print(editor.count)
}

@Test @MainActor
func readmeSliceFromALiftReachesWhatTheLiftReduces() {
    let store = Store(initialState: Board(), reducers: [board, tallyEditorLift])
    tapTallyEditor(in: store)
    #expect(store.state.editor == nil, "no editor: nothing dispatched")
    store.dispatch(.openEditor)
    tapTallyEditor(in: store)
    tapTallyEditor(in: store)
    #expect(store.state.editor?.count == 2)
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

// README "Testing a feature": a contacts feature tested with \.uuid, \.clock and an
// unimplemented client overridden by a fake.
struct Contact: Identifiable, Sendable, Equatable {
    let id: UUID
    var name: String
}

struct ContactsClient: Sendable {
    var search: @Sendable (String) async throws -> [String]
}

enum ContactsClientKey: DependencyKey {
    static let liveValue = ContactsClient { _ in [] }   // the real server call goes here
    static let testValue = ContactsClient(search: unimplemented("ContactsClient.search"))
}

extension Dependencies {
    var contactsClient: ContactsClient {
        get { self[ContactsClientKey.self] }
        set { self[ContactsClientKey.self] = newValue }
    }
}

struct Contacts: Sendable, Equatable {
    var contacts: IdentifiedArrayOf<Contact> = []
    var suggestions: [String] = []
}

enum ContactsAction: Sendable, Equatable {
    case add(String)
    case searchChanged(String)
    case suggestionsLoaded([String])
}

let contactsReducer = Reducer<Contacts, ContactsAction>(id: "contacts", effects: { state, action in
    switch action {
    case .add(let name):
        @Dependency(\.uuid) var uuid
        state.contacts.append(Contact(id: uuid(), name: name))
        return .none
    case .searchChanged(let query):
        return .run { send in
            @Dependency(\.contactsClient) var client
            send(.suggestionsLoaded(try await client.search(query)))
        }
        .debounce(id: "search", for: .milliseconds(300))
    case .suggestionsLoaded(let names):
        state.suggestions = names
        return .none
    }
})

@Test @MainActor
func contactsAreAddedAndSearched() async {
    let clock = TestClock()
    let store = TestStore(initialState: Contacts(), reducers: [contactsReducer], clock: clock, dependencies: {
        $0.contactsClient.search = { query in
            @Dependency(\.clock) var clock
            try await clock.sleep(for: .seconds(1))   // a slow server, on the test's clock
            return [query + "a", query + "o"]
        }
    })
    await store.send(.add("Blob")) {
        $0.contacts = [Contact(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, name: "Blob")]
    }
    await store.send(.searchChanged("B"))
    await store.send(.searchChanged("Bl"))
    await clock.advance(by: .milliseconds(300))   // the debounce searches once, for "Bl"
    await clock.advance(by: .seconds(1))          // the server answers
    await store.receive(.suggestionsLoaded(["Bla", "Blo"])) { $0.suggestions = ["Bla", "Blo"] }
    await store.finish()
}

// README "Observation and logging": a reader of `a` is not told when `b` changes.
import Observation
import Redux

struct Pair: Sendable, Equatable {
    var a = 0
    var b = 0
}

enum PairAction: Sendable {
    case setA(Int)
    case setB(Int)
}

@MainActor
func watchA() {
    let store = Store<Pair, PairAction>(initialState: Pair()) { state, action in
        switch action {
        case .setA(let value): state.a = value
        case .setB(let value): state.b = value
        }
    }
    withObservationTracking {
        _ = store.a                      // this reader tracks `a` only
    } onChange: {
        print("a changed")
    }
    store.dispatch(.setB(1))             // b changed: prints nothing
    store.dispatch(.setA(1))             // prints "a changed"
}

@Suite("README observation example (mirror)", .timeLimit(.minutes(5)))
@MainActor
struct ReadmeObservationMirrorTests {
    @Test func watchAPrintsOnceForTheChangeToA() {
        let printed = { DocSampleOutput.shared.lines.filter { $0 == "a changed" }.count }
        let before = printed()
        watchA()
        #expect(printed() == before + 1)
    }

    /// What the example shows, step by step: the reader of `a` is not told of a change to `b`,
    /// and is told of a change to `a`.
    @Test func aReaderOfAIsNotToldWhenBChangesAndIsToldWhenAChanges() {
        let store = Store<Pair, PairAction>(initialState: Pair()) { state, action in
            switch action {
            case .setA(let value): state.a = value
            case .setB(let value): state.b = value
            }
        }
        let told = SharedValue(0)
        withObservationTracking { _ = store.a } onChange: { told.value += 1 }
        for value in 1...10 { store.dispatch(.setB(value)) }
        #expect(told.value == 0)
        store.dispatch(.setA(1))
        #expect(told.value == 1)
    }
}

// "Reading state without views"

struct Cart: Sendable, Equatable {
    var items: [String] = []
    var total = 0
}

enum CartAction: Sendable {
    case add(String, price: Int)
    case clear
}

@MainActor
func readCart(_ store: Store<Cart, CartAction>) -> (Subscription, Task<Void, Never>) {
    // A service: told of `total` at once, then each time it changes.
    let subscription = store.subscribe(select: \.total) { total in
        print("total:", total)
    }
    // Async code: the field as an AsyncStream (a slow loop reads only the newest value).
    let totals = store.updates(of: \.total)
    let reader = Task {
        for await total in totals { print("streamed total:", total) }
    }
    // A value to hand around: the state now and `dispatch`, holding the store weakly.
    let snapshot = store.snapshot
    print(snapshot.items.count)          // 0
    snapshot.dispatch(.add("tea", price: 3))
    return (subscription, reader)
}

// "Encoding state"

struct Bookcase: Codable {
    var titles: Set<String>
    var prices: [Double]
}

func encodeBookcases() -> [String] {
    let encoder = CanonicalJSONEncoder()
    var lines: [String] = []
    for bookcase in [Bookcase(titles: ["Heat", "Alien"], prices: [9.5]), Bookcase(titles: [], prices: [1, .nan])] {
        do {
            lines.append(String(decoding: try encoder.encode(bookcase), as: UTF8.self))
        } catch {
            lines.append(error.description)
        }
    }
    return lines
    // {"prices":[9.5],"titles":["Alien","Heat"]}
    // cannot encode nan at prices[1]: JSON has no non-finite numbers
}

struct CartTotalFrame: StateProjection, Codable {
    let total: Int
    init(state: Cart) { total = state.total }
}

@MainActor
func framesOfCart(_ store: Store<Cart, CartAction>) async throws {
    // One-shot: dispatch, and get the state that action left, as JSON.
    let frame = try await store.dispatchForFrame(.add("tea", price: 3), as: CartTotalFrame.self,
                                                 timeout: .seconds(5)).get()
    print(frame.text)                    // {"total":3}
    // A stream: a frame each time `total` changes, three of them, then it finishes.
    let spec = try FrameSpec(CartTotalFrame.self, changeKey: { $0.total }, count: 3)
    for await element in store.frames(spec, arming: .add("cake", price: 4)) {
        print(try element.get().text)    // {"total":7}, ...
        store.dispatch(.add("jam", price: 2))
    }
}

// "Action identity"

enum RadioAction: Sendable, ActionIdentifiable {
    case stations(ElementAction<Int, StationAction>)
    case search(String)

    var actionIdentity: ActionIdentity {
        switch self {
        case .stations(let action): ActionIdentity("stations").appending(ActionIdentity(of: action))
        case .search: "search"
        }
    }
}

enum StationAction: Sendable {
    case play, skip
}

func identityOfPlay() -> String {
    ActionIdentity(of: RadioAction.stations(.element(id: 7, action: .play))).path
    // "stations.element.play"
}

// "Rate limits"

enum MailboxAction: Sendable {
    case refresh
    case open(Int)
}

@MainActor
func refreshTapped(_ store: Store<Int, MailboxAction>) -> Bool {
    // However often it is tapped: at most one refresh per second enters the store.
    store.dispatch(.refresh, rate: .minimumInterval(.seconds(1)))
}

func newMailArrived(_ store: Store<Int, MailboxAction>) {
    // Any thread: at most one refresh waits for the main actor at a time.
    store.dispatch(.refresh, rate: .limit(1))
}

// "Pressure diagnostics"

enum ScrollAction: Sendable, ActionIdentifiable {
    case scrolled(offset: Double)
    case refresh

    var actionIdentity: ActionIdentity {
        switch self {
        case .scrolled: "scrolled"
        case .refresh: "refresh"
        }
    }
}

@MainActor
func makeScrollStore(onLog: @escaping Store<Double, ScrollAction>.LogHandler) -> Store<Double, ScrollAction> {
    let settings = PressureDiagnostics(window: .seconds(1), threshold: 60, cooldown: .seconds(10))
    return Store(initialState: 0, options: StoreOptions(pressureDiagnostics: settings), onLog: onLog) { offset, action in
        if case .scrolled(let y) = action { offset = y }
    }
    // 61 `.scrolled` dispatches within a second log, once:
    // #61 scrolled(offset: 61.0): warning: high-frequency action scrolled: 61 dispatches within 1.00 s
}

// "Rules"

struct Upload: Sendable, Equatable {
    var parts = 0
    var finished = false
}

enum UploadAction: Sendable, Equatable {
    case start(parts: Int)
    case partSent
    case finish
}

let uploadReducer = Reducer<Upload, UploadAction>(id: "upload") { state, action in
    switch action {
    case .start(let parts): state.parts = parts
    case .partSent: state.parts -= 1
    case .finish: state.finished = true
    }
    return .next
}

// When an upload starts, arm a rule: once no part is left, finish (once).
let finishWhenDone = Middleware<Upload, UploadAction>(id: "finishWhenDone") { context in
    if case .start = context.action {
        context.registerRule(id: "finish", when: { $0.parts == 0 }, then: { _ in .finish })
    }
    return .next
}

@MainActor
func uploadTwoParts() -> Store<Upload, UploadAction> {
    let store = Store(initialState: Upload(), reducers: [uploadReducer], middlewares: [finishWhenDone])
    store.dispatch(.start(parts: 2))    // store.ruleIDs == ["finish"]
    store.dispatch(.partSent)
    store.dispatch(.partSent)           // the rule holds: .finish runs in this same call
    return store                        // finished == true, ruleIDs == []
}

// README "Persistence"

struct Journal: Codable, Sendable {
    var entries: [String] = []
}

@MainActor
func openJournal(_ file: URL) throws(PersistenceError) -> Store<Journal, String> {
    let persistence = Persistence<Journal>(file: file, interval: .milliseconds(500),
                                           lockTimeout: .seconds(2))
    let store = try Store(initialState: Journal(), persistence: persistence) { state, entry in
        state.entries.append(entry)
    }
    print(persistence.status)   // startedFresh the first time, then restored(version: 1)
    return store
}

// README "Recording and time travel"

struct Mixtape: Codable, Sendable, Equatable {
    var songs: [String] = []
}

enum MixtapeAction: Codable, Sendable, Equatable {
    case add(String)
}

@MainActor
func makeMixtape(_ options: StoreOptions = StoreOptions()) -> Store<Mixtape, MixtapeAction> {
    Store(initialState: Mixtape(), options: options) { state, action in
        switch action {
        case .add(let song): state.songs.append(song)
        }
    }
}

@MainActor
func recordMixtape(to file: URL) async throws -> ReplayReport {
    let store = makeMixtape()
    let recorder = try store.startRecording()        // maxAge 50, every action
    store.dispatch(.add("So What"), .add("Blue in Green"))
    try recorder.export().write(to: file)            // Redux DevTools: Import, pick the file
    try store.jump(to: 1)                            // time travel: the state after step 1
    print(store.songs)                               // ["So What"]
    store.resumeLive()                               // back to ["So What", "Blue in Green"]
    store.invalidate()
    let recording = try Recording(importing: Data(contentsOf: file))
    let report = try await recording.replayCheck { options in makeMixtape(options) }
    print(report)   // replay matches the recording: 3 entries, 2 external actions re-dispatched
    return report
}

@MainActor
func inspectMixtape(to page: URL) throws {
    let store = makeMixtape()
    let recorder = try store.startRecording()
    store.dispatch(.add("So What"), .add("Blue in Green"))
    try InspectorPage(recording: recorder.recording(), title: "Mixtape").data().write(to: page)
    store.invalidate()                              // open page#step=1: the state after "So What"
}

// MARK: Macros — the hand-written form (the macro blocks are in Tests/ReduxMacrosTests/Mirrors)

enum PlainCartAction: Sendable, Equatable, ActionIdentifiable, CaseEmbeddable {
    case add(String)
    case clear

    var actionIdentity: ActionIdentity {
        switch self {
        case .add: "add"
        case .clear: "clear"
        }
    }

    var add: String? { if case .add(let item) = self { item } else { nil } }

    struct Embeddings: Sendable {
        var add: Embedding<PlainCartAction, String> {
            Embedding(extract: { if case .add(let item) = $0 { item } else { nil } }, embed: PlainCartAction.add)
        }
    }

    static var embeddings: Embeddings { Embeddings() }
}

struct PlainCart: Sendable, Equatable {
    var items: [String]
    var note: String?

    init(items: [String] = [], note: String? = nil) {
        self.items = items
        self.note = note
    }
}

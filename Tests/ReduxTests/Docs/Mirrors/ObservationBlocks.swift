// Sources/Redux/Redux.docc/Observation.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; the tests at the end of this file run them). The imports are the article's first block.
import Observation
import Redux
import Synchronization
import Testing

struct ObservationBlocks {
    /// How many times an observer was told.
    final class Told: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    struct Profile: Sendable, Equatable {
        var name = "Ada"
        var age = 36
    }

    struct Panel: Sendable, Equatable {
        var a = 0
        var b = 0
        var profile = Profile()
    }

    enum ProfileAction: Sendable {
        case birthday
    }

    enum PanelAction: Sendable {
        case setA(Int)
        case setB(Int)
        case profile(ProfileAction)
    }

    let panelReducer = Reducer<Panel, PanelAction>(id: "panel") { state, action in
        switch action {
        case .setA(let value): state.a = value
        case .setB(let value): state.b = value
        case .profile(.birthday): state.profile.age += 1
        }
        return .next
    }

    @MainActor
    func readerOfA() -> (afterB: Int, afterA: Int) {
        let store = Store(initialState: Panel(), reducers: [panelReducer])
        let told = Told()
        withObservationTracking {
            _ = store.a                          // tracks `a`, nothing else
        } onChange: {
            told.increment()
        }
        for value in 1...10 { store.dispatch(.setB(value)) }
        let afterB = told.value                  // 0
        store.dispatch(.setA(1))
        return (afterB, told.value)              // (0, 1)
    }

    struct Editor: Sendable, Equatable {
        var count = 0
    }

    enum Destination: Sendable, Equatable {
        case editor(Editor)
        case settings
    }

    struct Screen: Sendable, Equatable {
        var destination: Destination?
    }

    enum ScreenAction: Sendable {
        case editor(EditorAction)
        case openEditor
        case openSettings
    }

    enum EditorAction: Sendable {
        case increment
    }

    let editorMap = OptionalModuleMap<Screen, ScreenAction, Editor, EditorAction>.enumCase(
        state: \.destination,
        case: Embedding(extract: { if case .editor(let editor) = $0 { editor } else { nil } }, embed: Destination.editor),
        action: Embedding(extract: { if case .editor(let action) = $0 { action } else { nil } }, embed: ScreenAction.editor)
    )

    let editorReducer = Reducer<Editor, EditorAction>(id: "editor") { state, _ in
        state.count += 1
        return .next
    }

    let screenReducer = Reducer<Screen, ScreenAction>(id: "screen") { state, action in
        switch action {
        case .openEditor: state.destination = .editor(Editor())
        case .openSettings: state.destination = .settings
        case .editor: return .defaultNext
        }
        return .next
    }

    @MainActor
    func switchAndChild() -> (switchTold: Int, childTold: Int) {
        let store = Store(initialState: Screen(), reducers: [screenReducer, editorMap.lift(editorReducer)])
        store.dispatch(.openEditor)
        let editor = store.slice(editorMap)!
        let switchTold = Told(), childTold = Told()
        withObservationTracking {
            _ = store.case(\.destination)        // the switching view: the case only
        } onChange: {
            switchTold.increment()
        }
        withObservationTracking {
            _ = editor.count                      // the child view, through its slice
        } onChange: {
            childTold.increment()
        }
        editor.dispatch(.increment)               // the child is told; the switch is not
        return (switchTold.value, childTold.value)   // (0, 1)
    }

    struct Todo: Sendable, Equatable, Identifiable {
        let id: Int
        var title = ""
        var done = false
    }

    enum TodoAction: Sendable {
        case toggle
    }

    struct TodoList: Sendable, Equatable {
        var todos = IdentifiedArray<Todo>()
    }

    enum TodoListAction: Sendable {
        case todos(ElementAction<Int, TodoAction>)
        case add(Int)
    }

    let todosMap = ElementModuleMap<TodoList, TodoListAction, Todo, TodoAction>.elements(
        state: \.todos,
        action: Embedding(extract: { if case .todos(let action) = $0 { action } else { nil } }, embed: TodoListAction.todos)
    )

    let todoReducer = Reducer<Todo, TodoAction>(id: "todo") { state, _ in
        state.done.toggle()
        return .next
    }

    let todoListReducer = Reducer<TodoList, TodoListAction>(id: "todoList") { state, action in
        guard case .add(let id) = action else { return .defaultNext }
        state.todos.append(Todo(id: id))
        return .next
    }

    @MainActor
    func listAndRows() -> (listTold: Int, rowsTold: [Int]) {
        let store = Store(initialState: TodoList(), reducers: [todoListReducer, todosMap.lift(todoReducer)])
        store.dispatch(.add(1), .add(2), .add(3))
        let listTold = Told()
        withObservationTracking {
            _ = store.slices(todosMap)                  // the list: its structure only
        } onChange: {
            listTold.increment()
        }
        let rows = store.slices(todosMap)
        let rowsTold = rows.map { _ in Told() }
        for (row, told) in zip(rows, rowsTold) {
            withObservationTracking {
                _ = row.done                            // each row: its own element
            } onChange: {
                told.increment()
            }
        }
        rows[1].dispatch(.toggle)                       // row 2 is told; the list and rows 1 and 3 are not
        return (listTold.value, rowsTold.map(\.value))   // (0, [0, 1, 0])
    }

    let profileMap = ModuleMap<Panel, PanelAction, Profile, ProfileAction>.linear(
        state: \.profile,
        action: Embedding(extract: { if case .profile(let action) = $0 { action } else { nil } }, embed: PanelAction.profile)
    )

    @MainActor
    func nameAndAge() -> (nameTold: Int, ageTold: Int) {
        let store = Store(initialState: Panel(), reducers: [panelReducer])
        let profile = store.slice(profileMap)
        let nameTold = Told(), ageTold = Told()
        withObservationTracking {
            _ = profile.name                     // tracks \.profile.name
        } onChange: {
            nameTold.increment()
        }
        withObservationTracking {
            _ = profile.age                      // tracks \.profile.age
        } onChange: {
            ageTold.increment()
        }
        for _ in 1...10 { profile.dispatch(.birthday) }   // PanelAction.profile(.birthday)
        return (nameTold.value, ageTold.value)   // (0, 1)
    }

    struct Shelf: Sendable, Equatable {
        var tags: [String] = []                  // an array: told after every handled action
        var tagCount = 0                         // kept by the reducer that edits `tags`: by value
        var selectedTag: String?                 // by value
        var todos = IdentifiedArray<Todo>()      // the list reads store.elementIDs(\.todos)
    }
}

/// The article's examples, run: each shows what it returns, and each rule it illustrates is
/// checked here with `withObservationTracking`.
@Suite("Observation.md examples (mirror)", .timeLimit(.minutes(5)))
@MainActor
struct ObservationMirrorTests {
    typealias Blocks = ObservationBlocks

    /// Tracks `read` once; the returned count says how many times its observer was told.
    private func observe(_ read: @escaping @MainActor () -> Void) -> Blocks.Told {
        let told = Blocks.Told()
        withObservationTracking { read() } onChange: { told.increment() }
        return told
    }

    @Test func aReaderOfAIsNotToldOfChangesToBAndIsToldOnceOfAChangeToA() {
        let (afterB, afterA) = Blocks().readerOfA()
        #expect(afterB == 0)
        #expect(afterA == 1)
    }

    @Test func aReaderOfAIsToldOncePerChangeToA() {
        let store = Store(initialState: Blocks.Panel(), reducers: [Blocks().panelReducer])
        var told = 0
        for value in 1...5 {
            let once = observe { _ = store.a }
            store.dispatch(.setA(value))
            store.dispatch(.setB(value))
            told += once.value
        }
        #expect(told == 5)
    }

    @Test func readingANestedFieldThroughTheStoreTracksItsFirstMember() {
        let store = Store(initialState: Blocks.Panel(), reducers: [Blocks().panelReducer])
        let nameReader = observe { _ = store.profile.name }
        store.dispatch(.profile(.birthday))
        #expect(nameReader.value == 1, "store.profile.name tracks profile, and the age is in profile")
    }

    @Test func anEqualWriteTellsAMemberReaderNothingAndAWholeStateReaderOnce() {
        let store = Store(initialState: Blocks.Panel(), reducers: [Blocks().panelReducer])
        let memberReader = observe { _ = store.a }
        let wholeReader = observe { _ = store.state }
        store.dispatch(.setA(0))
        #expect(memberReader.value == 0, "a was 0 and is 0")
        #expect(wholeReader.value == 1, "the whole state is told after every handled action")
    }

    @Test func theSwitchingReaderIsNotToldOfTheChildsChangesAndTheChildIs() {
        let (switchTold, childTold) = Blocks().switchAndChild()
        #expect(switchTold == 0)
        #expect(childTold == 1)
    }

    @Test func theSwitchingReaderIsToldOfAChangeOfCase() throws {
        let blocks = Blocks()
        let store = Store(initialState: Blocks.Screen(), reducers: [blocks.screenReducer, blocks.editorMap.lift(blocks.editorReducer)])
        store.dispatch(.openEditor)
        let editor = try #require(store.slice(blocks.editorMap))
        var switchTold = 0, childTold = 0
        for _ in 1...3 {
            let switchReader = observe { _ = store.case(\.destination) }
            let childReader = observe { _ = editor.count }
            editor.dispatch(.increment)
            switchTold += switchReader.value
            childTold += childReader.value
        }
        #expect(switchTold == 0)
        #expect(childTold == 3)
        let switchReader = observe { _ = store.case(\.destination) }
        store.dispatch(.openSettings)
        #expect(switchReader.value == 1)
    }

    @Test func writingARowTellsThatRowsReaderAndNeitherTheListNorTheOtherRows() {
        let (listTold, rowsTold) = Blocks().listAndRows()
        #expect(listTold == 0)
        #expect(rowsTold == [0, 1, 0])
    }

    @Test func appendingARowTellsTheListOnceAndNoOldRow() {
        let blocks = Blocks()
        let store = Store(initialState: Blocks.TodoList(), reducers: [blocks.todoListReducer, blocks.todosMap.lift(blocks.todoReducer)])
        store.dispatch(.add(1), .add(2), .add(3))
        let listReader = observe { _ = store.elementIDs(\.todos) }
        let rowReaders = store.slices(blocks.todosMap).map { row in observe { _ = row.done } }
        store.dispatch(.add(4))
        #expect(listReader.value == 1)
        #expect(rowReaders.map(\.value) == [0, 0, 0])
        let newRow = store.slices(blocks.todosMap)[3]
        let newRowReader = observe { _ = newRow.done }
        newRow.dispatch(.toggle)
        #expect(newRowReader.value == 1)
    }

    @Test func tenBirthdaysTellTheAgeReaderAndNotTheNameReader() {
        let (nameTold, ageTold) = Blocks().nameAndAge()
        #expect(nameTold == 0)
        #expect(ageTold == 1)
        let store = Store(initialState: Blocks.Panel(), reducers: [Blocks().panelReducer])
        let profile = store.slice(Blocks().profileMap)
        let nameReader = observe { _ = profile.name }
        var ageTold10 = 0
        for _ in 1...10 {
            let ageReader = observe { _ = profile.age }
            profile.dispatch(.birthday)
            ageTold10 += ageReader.value
        }
        #expect(nameReader.value == 0)
        #expect(ageTold10 == 10)
    }

    @Test func anArrayOverFiresWhileItsCountAndTheSelectionAreComparedByValue() {
        let store = Store<Blocks.Shelf, String>(initialState: Blocks.Shelf()) { state, tag in
            state.selectedTag = tag
        }
        let tagsReader = observe { _ = store.tags }
        let countReader = observe { _ = store.tagCount }
        let selectionReader = observe { _ = store.selectedTag }
        store.dispatch("swift")
        #expect(tagsReader.value == 1, "an array is told after every handled action")
        #expect(countReader.value == 0)
        #expect(selectionReader.value == 1)
    }
}

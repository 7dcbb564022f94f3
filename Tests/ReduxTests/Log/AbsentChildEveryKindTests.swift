import Redux
import ReduxTesting
import Testing

// The diagnostic lines and the "removed by an earlier reducer" rule, for every kind of child.

struct R3Item: Equatable, Sendable, Identifiable {
    var id = 0
    var count = 0
}

enum R3ItemAction: Equatable, Sendable {
    case bump
    case close
}

enum R3Destination: Equatable, Sendable {
    case item(R3Item)
    case other
}

struct R3App: Equatable, Sendable {
    var sheet: Presented<R3Item>?
    var destination: R3Destination?
    var rows = IdentifiedArrayOf<R3Item>()
}

enum R3Action: Equatable, Sendable {
    case sheet(R3ItemAction)
    case destination(R3ItemAction)
    case rows(ElementAction<Int, R3ItemAction>)
    case setUp
}

enum R3Feature {
    static let sheetActions = Embedding<R3Action, R3ItemAction>(
        extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: R3Action.sheet)
    static let destinationActions = Embedding<R3Action, R3ItemAction>(
        extract: { if case .destination(let action) = $0 { action } else { nil } }, embed: R3Action.destination)
    static let itemCase = Embedding<R3Destination, R3Item>(
        extract: { if case .item(let item) = $0 { item } else { nil } }, embed: R3Destination.item)
    static let rowActions = Embedding<R3Action, ElementAction<Int, R3ItemAction>>(
        extract: { if case .rows(let action) = $0 { action } else { nil } }, embed: R3Action.rows)
}

/// The parent first: it removes each child on the child's own `.close`; then the lifts.
let r3Reducers: [Reducer<R3App, R3Action>] = {
    let parent = Reducer<R3App, R3Action>(id: "parent") { state, action in
        switch action {
        case .setUp:
            state.sheet = Presented(R3Item(id: 1))
            state.destination = .item(R3Item(id: 2))
            state.rows = [R3Item(id: 3)]
        case .sheet(.close): state.sheet = nil
        case .destination(.close): state.destination = .other
        case .rows(.element(let id, .close)): state.rows.remove(id: id)
        default: return .defaultNext
        }
        return .next
    }
    let item = Reducer<R3Item, R3ItemAction>(id: "item") { state, action in
        guard case .bump = action else { return .defaultNext }
        state.count += 1
        return .next
    }
    return [
        parent,
        item.lift(state: \R3App.sheet, action: R3Feature.sheetActions),
        item.lift(state: \R3App.destination, case: R3Feature.itemCase, action: R3Feature.destinationActions),
        item.lift(state: \R3App.rows, action: R3Feature.rowActions),
    ]
}()

@Suite("Absent-child lines for every kind of child", .timeLimit(.minutes(5)))
@MainActor
struct AbsentChildEveryKindTests {
    @Test func aChildEveryKindOfWhichAnEarlierReducerRemovedOnItsOwnActionIsNotReported() {
        let lines = DiagnosticLines()
        let store = Store(initialState: R3App(), reducers: r3Reducers, options: lines.options)
        store.dispatch(.setUp)
        store.dispatch(.sheet(.close), .destination(.close), .rows(.element(id: 3, action: .close)))
        #expect(store.state.sheet == nil && store.state.destination == .other && store.state.rows.isEmpty)
        lines.expect([])
    }

    @Test func anExhaustiveTestStorePassesEveryKindOfChildThatAnEarlierReducerRemoved() async {
        let store = TestStore(initialState: R3App(), reducers: r3Reducers, clock: TestClock())
        await store.send(.setUp) {
            $0.sheet = Presented(R3Item(id: 1))
            $0.destination = .item(R3Item(id: 2))
            $0.rows = [R3Item(id: 3)]
        }
        await store.send(.destination(.close)) { $0.destination = .other }
        await store.send(.rows(.element(id: 3, action: .close))) { $0.rows = [] }
        await store.send(.sheet(.close)) { $0.sheet = nil }
        await store.finish()
    }

    @Test(arguments: [false, true])
    func printsDiagnosticsFalseSilencesRefusalAndDetachedSliceLines(prints: Bool) throws {
        let lines = DiagnosticLines()
        var options = lines.options
        options.printsDiagnostics = prints
        let store = Store(initialState: R3App(), reducers: r3Reducers, options: options)
        store.dispatch(.setUp)
        let row = try #require(store.slice(state: \R3App.rows, action: R3Feature.rowActions, id: 3))
        store.dispatch(.rows(.element(id: 3, action: .close)))
        row.dispatch(.bump)                   // detached: would be a line
        store.dispatch(.sheet(.close))
        store.dispatch(.sheet(.bump))         // absent: would be a line
        store.invalidate()
        store.dispatch(.setUp)                // refused: would be a line
        #if DEBUG
        #expect(lines.lines.count == (prints ? 3 : 0), "\(lines.lines)")
        #endif
    }

    @Test func aDetachedPresentedSlicesDispatchWritesOneLineNamingItsCallSite() throws {
        let lines = DiagnosticLines()
        let store = Store(initialState: R3App(), reducers: r3Reducers, options: lines.options)
        store.dispatch(.setUp)
        let sheet = try #require(store.slice(state: \R3App.sheet, action: R3Feature.sheetActions))
        store.dispatch(.setUp)                // a new showing
        let line = #line + 1
        sheet.dispatch(.bump)
        #expect(lines.lines.count == 1, "\(lines.lines)")
        #expect(lines.lines.first?.contains("AbsentChildEveryKindTests.swift:\(line)") == true, "\(lines.lines)")
        #expect(store.state.sheet?.value.count == 0)
    }
}

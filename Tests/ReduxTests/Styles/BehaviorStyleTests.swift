import Testing
import ReduxTesting

/// SwiftRex's Behavior + Environment on the one reducer slot.
struct Ledger: Equatable, Sendable {
    var entries: [String] = []
    var total = 0
    var seen: [Int] = []
}

enum LedgerAction: Equatable, Sendable {
    case add(Int), double, record(Int), load, loaded(String), foreign
}

/// The environment: plain values and `@Sendable` closures.
struct LedgerEnvironment: Sendable {
    var label: String
    var fetch: @Sendable () async -> String
}

typealias LedgerBehavior = Behavior<LedgerAction, Ledger, LedgerEnvironment>

/// Appends "add" and adds; produces `.record(total)` from the state after all mutations.
let addBehavior = LedgerBehavior.handle(id: "add") { action, _ in
    guard case .add(let amount) = action else { return .none }
    return .reduce { $0.entries.append("add \(amount)"); $0.total += amount }
        .produce { context in .send(.record(context.state.total)) }
}

/// Doubles whatever the state holds after the behaviors before it.
let doubleBehavior = LedgerBehavior.handle(id: "double") { action, state in
    switch action {
    case .add, .double:
        let before = state.total
        return .reduce { $0.entries.append("double \(before)"); $0.total *= 2 }
    case .record(let total):
        return .reduce { $0.seen.append(total) }
    default:
        return .none
    }
}

/// Loads through the environment.
let loadBehavior = LedgerBehavior.handle(id: "load") { action, _ in
    switch action {
    case .load:
        .reduce { $0.entries.append("loading") }
            .produce { context in
                let fetch = context.environment.fetch
                let label = context.environment.label
                return .task { .loaded("\(label): \(await fetch())") }
            }
    case .loaded(let text):
        .reduce { $0.entries.append(text) }
    default:
        .none
    }
}

/// The parent of a lifted ledger, with an environment the child's is derived from.
struct Books: Equatable, Sendable {
    var ledger = Ledger()
    var other = 0
}

enum BooksAction: Equatable, Sendable {
    case ledger(LedgerAction), other
}

struct BooksEnvironment: Sendable {
    var ledger: LedgerEnvironment
    var unrelated: Int
}

extension Embedding where Whole == BooksAction, Part == LedgerAction {
    static let ledger = Embedding(extract: { action in
        if case .ledger(let child) = action { return child }
        return nil
    }, embed: BooksAction.ledger)
}

let booksOther = Behavior<BooksAction, Books, BooksEnvironment>.handle(id: "other") { action, _ in
    action == .other ? .reduce { $0.other += 1 } : .none
}

let environment = LedgerEnvironment(label: "live", fetch: { "fetched" })

@MainActor
@Suite struct BehaviorStyleTests {
    @Test func combinedMutationsApplyInDeclarationOrder() {
        let forward = Store(initialState: Ledger(), behavior: .combine(addBehavior, doubleBehavior), environment: environment)
        forward.dispatch(.add(3))
        // add then double: (0 + 3) × 2; the double handler saw the state the add left.
        #expect(forward.entries == ["add 3", "double 3"])
        #expect(forward.total == 6)

        let backward = Store(initialState: Ledger(), behavior: .combine(doubleBehavior, addBehavior), environment: environment)
        backward.dispatch(.add(3))
        #expect(backward.entries == ["double 0", "add 3"])
        #expect(backward.total == 3)
    }

    @Test func produceSeesTheStateAfterAllMutations() {
        let store = Store(initialState: Ledger(), behavior: .combine(addBehavior, doubleBehavior), environment: environment)
        store.dispatch(.add(5))
        // The add behavior's produce part ran after the double behavior's mutation: 10, not 5.
        #expect(store.seen == [10])
    }

    @Test func effectsStartAfterEveryMutation() {
        let log = LogRecorder<BooksAction>()
        let lifted = addBehavior.lift(state: \Books.ledger, action: .ledger, environment: \BooksEnvironment.ledger)
        let doubling = doubleBehavior.lift(state: \Books.ledger, action: .ledger, environment: \BooksEnvironment.ledger)
        let store = Store(
            initialState: Books(),
            behavior: .combine(lifted, doubling),
            environment: BooksEnvironment(ledger: environment, unrelated: 0),
            onLog: log.handler
        )
        store.dispatch(.ledger(.add(2)))
        let kinds = log.events.filter { $0.action == .ledger(.add(2)) }.map(\.kind)
        let reducerSteps = kinds.indices.filter { if case .reducer = kinds[$0] { true } else { false } }
        let started = kinds.indices.filter { if case .effectStarted = kinds[$0] { true } else { false } }
        #expect(reducerSteps.count == 2)
        #expect(started.count == 1)
        #expect(started.allSatisfy { start in reducerSteps.allSatisfy { $0 < start } })
        // The lifted child's produce part saw its own mutation (2); the doubling ran later.
        #expect(store.ledger.total == 4)
        #expect(store.ledger.seen == [2])
    }

    @Test func environmentReachesProduce() async {
        let store = TestStore(
            initialState: Ledger(), behavior: loadBehavior,
            environment: LedgerEnvironment(label: "stub", fetch: { "canned" })
        )
        await store.send(.load) { $0.entries = ["loading"] }
        await store.receive(.loaded("stub: canned")) { $0.entries.append("stub: canned") }
        await store.finish()
    }

    @Test func liftedBehaviorRunsWithItsMappedEnvironment() async {
        let parent = LedgerEnvironment(label: "parent-mapped", fetch: { "from parent" })
        let behavior = Behavior<BooksAction, Books, BooksEnvironment>.combine(
            loadBehavior.lift(state: \Books.ledger, action: .ledger, environment: { $0.ledger }),
            booksOther
        )
        let store = TestStore(initialState: Books(), behavior: behavior, environment: BooksEnvironment(ledger: parent, unrelated: 7))
        await store.send(.ledger(.load)) { $0.ledger.entries = ["loading"] }
        await store.receive(.ledger(.loaded("parent-mapped: from parent"))) { $0.ledger.entries.append("parent-mapped: from parent") }
        // A parent action the embedding cannot extract passes the child by.
        await store.send(.other) { $0.other = 1 }
        await store.finish()
    }

    @Test func aNoneConsequenceDeclinesTheAction() {
        let store = Store(initialState: Ledger(), behavior: addBehavior, environment: environment)
        #expect(store.dispatchTracked(.foreign).outcomeIfFinished == .unhandled)
        #expect(store.dispatchTracked(.add(1)).outcomeIfFinished == .reduced)
        #expect(store.entries == ["add 1"])
    }

    @Test func consequencePartsChainInOrder() {
        let behavior = LedgerBehavior.handle { action, _ in
            guard action == .double else { return .none }
            return .reduce { $0.entries.append("first") }
                .produce { _ in .send(.record(1)) }
                .reduce { $0.entries.append("second") }
                .produce { _ in .send(.record(2)) }
        }
        let store = Store(initialState: Ledger(), behavior: .combine(behavior, doubleBehavior), environment: environment)
        store.dispatch(.double)
        #expect(store.entries == ["first", "second", "double 0"])
        #expect(store.seen == [1, 2])
    }

    @Test func plainBehaviorsNextToEachOtherAreOneReducer() {
        #expect(LedgerBehavior.combine(addBehavior, doubleBehavior, loadBehavior).reducers(environment: environment).count == 1)
        let lifted = addBehavior.lift(state: \Books.ledger, action: .ledger, environment: \BooksEnvironment.ledger)
        #expect(Behavior.combine(booksOther, lifted, booksOther).reducers(environment: BooksEnvironment(ledger: environment, unrelated: 0)).count == 3)
    }

    @Test func mutationsWriteTheStoresStateInPlace() {
        struct Big: Sendable { var items = Array(repeating: 0, count: 100_000) }
        let behavior = Behavior<Int, Big, Void>.handle { index, _ in .reduce { $0.items[index] += 1 } }
        let store = Store(initialState: Big(), behavior: behavior)
        let before = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        store.dispatch(7)
        let after = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(store.state.items[7] == 1)
    }

    @Test func liftedElementBehaviorScopesItsEffectsToTheElement() async {
        struct Row: Identifiable, Equatable, Sendable { let id: Int; var text = "" }
        struct Rows: Equatable, Sendable { var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)] }
        enum RowAction: Equatable, Sendable { case load, loaded(String) }
        enum RowsAction: Equatable, Sendable { case row(ElementAction<Int, RowAction>) }
        let row = Behavior<RowAction, Row, String>.handle { action, _ in
            switch action {
            case .load: .produce { context in .send(.loaded(context.environment)) }
            case .loaded(let text): .reduce { $0.text = text }
            }
        }
        let embedding = Embedding<RowsAction, ElementAction<Int, RowAction>>(extract: { if case .row(let a) = $0 { return a } else { return nil } }, embed: RowsAction.row)
        let store = TestStore(initialState: Rows(), behavior: row.lift(state: \Rows.rows, action: embedding, environment: { "row of \($0)" }), environment: "books")
        await store.send(.row(.element(id: 2, action: .load)))
        await store.receive(.row(.element(id: 2, action: .loaded("row of books")))) { $0.rows[id: 2]?.text = "row of books" }
        await store.finish()
    }

    @Test func aPlainProduceBeforeALiftedSiblingSeesOnlyTheMutationsSoFar() {
        // The plain behavior and the lifted one are two reducers: the plain produce part runs
        // inside the first, before the lifted child's mutation.
        let reads = Behavior<BooksAction, Books, BooksEnvironment>.handle { action, _ in
            guard action == .ledger(.double) else { return .none }
            return .produce { context in .send(.ledger(.record(context.state.ledger.total))) }
        }
        let lifted = doubleBehavior.lift(state: \Books.ledger, action: .ledger, environment: \BooksEnvironment.ledger)
        var start = Books()
        start.ledger.total = 3
        let store = Store(initialState: start, behavior: .combine(reads, lifted), environment: BooksEnvironment(ledger: environment, unrelated: 0))
        store.dispatch(.ledger(.double))
        #expect(store.ledger.total == 6)
        #expect(store.ledger.seen == [3])
    }

    @Test func aBehaviorLiftsIntoAPresentedEnumCase() async {
        enum Sheet: Equatable, Sendable { case ledger(Ledger), none }
        struct Screen: Equatable, Sendable { var sheet: Presented<Sheet>? }
        enum ScreenAction: Equatable, Sendable { case sheet(LedgerAction) }
        let sheetCase = Embedding<Sheet, Ledger>(extract: { if case .ledger(let ledger) = $0 { ledger } else { nil } }, embed: Sheet.ledger)
        let actions = Embedding<ScreenAction, LedgerAction>(extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: ScreenAction.sheet)
        let behavior = loadBehavior.lift(state: \Screen.sheet, case: sheetCase, action: actions, environment: { (label: String) in
            LedgerEnvironment(label: label, fetch: { "sheet data" })
        })
        let store = TestStore(initialState: Screen(sheet: Presented(.ledger(Ledger()))), behavior: behavior, environment: "presented")
        await store.send(.sheet(.load)) { $0.sheet?.value = .ledger(Ledger(entries: ["loading"])) }
        await store.receive(.sheet(.loaded("presented: sheet data"))) { $0.sheet?.value = .ledger(Ledger(entries: ["loading", "presented: sheet data"])) }
        await store.finish()
    }
}


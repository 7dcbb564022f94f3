import Redux

// P12: a dispatch to a child reducer through three nested lifts, each a key path plus an
// action embedding (extract/embed), against P1 (the same reducer at the root).

/// `L1 > L2 > L3 > CounterState`, each a stored property (P12-scope); P12-optional makes the
/// innermost an optional child, P12-collection an element of an `IdentifiedArray`.
struct ScopeRoot: Sendable {
    var level1 = ScopeLevel1()
    var marker = 0
}

struct ScopeLevel1: Sendable {
    var level2 = ScopeLevel2()
    var marker = 0
}

struct ScopeLevel2: Sendable {
    var counter = CounterState()
    var optional: CounterState? = CounterState()
    var rows: IdentifiedArray<CounterRow> = IdentifiedArray()
    var array = ArrayState(items: [])
}

/// A collection element for P12-collection.
struct CounterRow: Sendable, Identifiable {
    let id: Int
    var counter = CounterState()
}

enum ScopeAction: Sendable {
    case level1(Level1Action)
    case other
}

enum Level1Action: Sendable {
    case level2(Level2Action)
    case other
}

enum Level2Action: Sendable {
    case counter(BenchAction)
    case optional(BenchAction)
    case row(ElementAction<Int, BenchAction>)
    case array(BenchAction)
}

/// The rows of P12-collection (ids 0..<rowCount; each action addresses `index % rowCount`).
let scopeRowCount = 1_000

extension Embedding where Whole == ScopeAction, Part == Level1Action {
    static let level1 = Embedding(extract: { if case .level1(let action) = $0 { action } else { nil } }, embed: ScopeAction.level1)
}

extension Embedding where Whole == Level1Action, Part == Level2Action {
    static let level2 = Embedding(extract: { if case .level2(let action) = $0 { action } else { nil } }, embed: Level1Action.level2)
}

extension Embedding where Whole == Level2Action, Part == BenchAction {
    static let counter = Embedding(extract: { if case .counter(let action) = $0 { action } else { nil } }, embed: Level2Action.counter)
    static let optional = Embedding(extract: { if case .optional(let action) = $0 { action } else { nil } }, embed: Level2Action.optional)
    static let array = Embedding(extract: { if case .array(let action) = $0 { action } else { nil } }, embed: Level2Action.array)
}

extension Embedding where Whole == Level2Action, Part == ElementAction<Int, BenchAction> {
    static let row = Embedding(extract: { if case .row(let action) = $0 { action } else { nil } }, embed: Level2Action.row)
}

extension Embedding where Whole == BenchAction, Part == BenchAction {
    static let identity = Embedding(extract: { $0 }, embed: { $0 })
}

/// Which innermost child a P12 case addresses.
enum ScopeTarget {
    case counter
    case optional
    case collection
    case array
}

/// The three-level lift of `reducer` (built out of line, like an app's).
@inline(never)
func makeScopedReducer(_ target: ScopeTarget) -> Reducer<ScopeRoot, ScopeAction> {
    let innermost: Reducer<ScopeLevel2, Level2Action>
    switch target {
    case .counter:
        innermost = makeCounterReducer().lift(state: \ScopeLevel2.counter, action: .counter)
    case .optional:
        innermost = makeCounterReducer().lift(state: \ScopeLevel2.optional, action: .optional)
    case .collection:
        innermost = makeCounterReducer().lift(state: \CounterRow.counter, action: .identity).lift(state: \ScopeLevel2.rows, action: .row)
    case .array:
        innermost = makeArrayReducer().lift(state: \ScopeLevel2.array, action: .array)
    }
    return innermost.lift(state: \ScopeLevel1.level2, action: .level2).lift(state: \ScopeRoot.level1, action: .level1)
}

/// The P12 results: each per dispatch.
struct CompositionResults {
    let scope: Samples
    let optional: Samples
    let collection: Samples
    let arrayScoped: Samples
}

extension BenchCases {
    /// P12-scope, P12-optional, P12-collection and P4-scoped.
    func p12() throws -> CompositionResults {
        CompositionResults(
            scope: try scopedCase("P12-scope", .counter),
            optional: try scopedCase("P12-optional", .optional),
            collection: try scopedCase("P12-collection", .collection),
            arrayScoped: try scopedCase("P4-scoped", .array)
        )
    }

    /// The P1 loop over the same action source, each action embedded three levels deep.
    func scopedCase(_ name: String, _ target: ScopeTarget) throws -> Samples {
        var initial = ScopeRoot()
        if target == .collection {
            initial.level1.level2.rows = IdentifiedArray(uniqueElements: (0..<scopeRowCount).map { CounterRow(id: $0) })
        }
        if target == .array {
            initial.level1.level2.array = ArrayState(items: Array(repeating: 0, count: config.arrayLength))
        }
        let actions: [ScopeAction] = source.actions.enumerated().map { index, action in
            let inner: Level2Action = switch target {
            case .counter: .counter(action)
            case .optional: .optional(action)
            case .collection: .row(.element(id: index % scopeRowCount, action: action))
            case .array: .array(action)
            }
            return .level1(.level2(inner))
        }
        let mask = source.mask
        let store = Store(initialState: initial, reducers: [makeScopedReducer(target)])
        func reduced() -> Int {
            let level2 = store.state.level1.level2
            return switch target {
            case .counter: level2.counter.count
            case .optional: level2.optional?.count ?? 0
            case .collection: level2.rows.reduce(0) { $0 + $1.counter.count }
            case .array: level2.array.count
            }
        }
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = reduced()
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = reduced()
            try expect(after == before + count, "\(name): \(after - before) of \(count) actions reduced synchronously")
            Blackhole.consume(after)
        }
    }
}

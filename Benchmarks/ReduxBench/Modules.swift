import Redux

// Module maps. P12-slice: P12-scope's three nested lifts with the innermost one made
// by a linear module map, each local action dispatched through a slice (`store.slice(map)` of a
// root map to the nested counter: the slice embeds it three levels up), against P12-scope. P12-scattered: one lift through a scattered map
// with three bound fields in three places of the root state (each dispatch reads the three
// fields, runs P1's reducer work on the assembled local state, compares and writes back the
// three, all changed), against P1.

/// P12-scattered's root: the three fields of the local state live in three structs.
struct ScatteredRoot: Sendable {
    var stats = ScatteredStats()
    var totals = ScatteredTotals()
    var history = ScatteredHistory()
}

struct ScatteredStats: Sendable {
    var count = 0
    var marker = 0
}

struct ScatteredTotals: Sendable {
    var total = 0
}

struct ScatteredHistory: Sendable {
    var last = 0
}

/// P12-scattered's local state: P1's counter plus the last value added.
struct ScatteredLocal: Sendable {
    var count = 0
    var total = 0
    var last = -1
}

enum ScatteredAction: Sendable {
    case module(BenchAction)
    case other
}

extension Embedding where Whole == ScatteredAction, Part == BenchAction {
    static let module = Embedding(extract: { if case .module(let action) = $0 { action } else { nil } }, embed: ScatteredAction.module)
}

/// P12-slice's innermost map: `ScopeLevel2.counter`, the same field and embedding P12-scope's
/// innermost lift uses.
@inline(never)
func makeSliceMap() -> ModuleMap<ScopeLevel2, Level2Action, CounterState, BenchAction> {
    .linear(state: \ScopeLevel2.counter, action: .counter, name: "counter")
}

/// The slice P12-slice dispatches through: the root's nested counter, with the root action
/// that carries a counter action three levels down.
@inline(never)
func makeRootSliceMap() -> ModuleMap<ScopeRoot, ScopeAction, CounterState, BenchAction> {
    .linear(
        state: \ScopeRoot.level1.level2.counter,
        action: Embedding(
            extract: { action in
                guard case .level1(.level2(.counter(let counter))) = action else { return nil }
                return counter
            },
            embed: { .level1(.level2(.counter($0))) }
        ),
        name: "counter"
    )
}

/// P12-scope's three-level lift, the innermost level through `map` (built out of line, like an app's).
@inline(never)
func makeSliceReducer(_ map: ModuleMap<ScopeLevel2, Level2Action, CounterState, BenchAction>) -> Reducer<ScopeRoot, ScopeAction> {
    map.lift(makeCounterReducer()).lift(state: \ScopeLevel1.level2, action: .level2).lift(state: \ScopeRoot.level1, action: .level1)
}

/// P12-scattered's map: three bound fields, one in each of the root's structs.
@inline(never)
func makeScatteredMap() -> ModuleMap<ScatteredRoot, ScatteredAction, ScatteredLocal, BenchAction> {
    .scattered(
        ScatteredLocal(),
        fields: [
            .bind(\.count, to: \.stats.count),
            .bind(\.total, to: \.totals.total),
            .bind(\.last, to: \.history.last),
        ],
        action: .module,
        name: "counter"
    )
}

/// P12-scattered's local reducer: P1's work, and the last value added.
@inline(never)
func makeScatteredLocalReducer() -> Reducer<ScatteredLocal, BenchAction> {
    Reducer(id: "counter") { state, action in
        switch action {
        case .add(let value):
            state.count &+= 1
            state.total &+= value
            state.last = value
        case .reset:
            state = ScatteredLocal()
        }
        return .next
    }
}

/// The module-map cases' results, per dispatch.
struct ModuleResults {
    let slice: Samples
    let scattered: Samples
}

extension BenchCases {
    /// P12-slice and P12-scattered.
    func modules() throws -> ModuleResults {
        ModuleResults(slice: try sliceCase(), scattered: try scatteredCase())
    }

    /// P12-slice: the P1 loop; each local action embedded through the map, then three levels up.
    func sliceCase() throws -> Samples {
        let map = makeSliceMap()
        let store = Store(initialState: ScopeRoot(), reducers: [makeSliceReducer(map)])
        let slice = store.slice(makeRootSliceMap())
        let actions = source.actions
        let mask = source.mask
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.level1.level2.counter.count
            for index in 0..<count {
                slice.dispatch(actions[index & mask])
            }
            let after = store.state.level1.level2.counter.count
            try expect(after == before + count, "P12-slice: \(after - before) of \(count) actions reduced synchronously")
            Blackhole.consume(after)
        }
    }

    /// P12-scattered: the P1 loop through a scattered map with three bound fields.
    func scatteredCase() throws -> Samples {
        let map = makeScatteredMap()
        let store = Store(initialState: ScatteredRoot(), reducers: [map.lift(makeScatteredLocalReducer())])
        let slice = store.slice(map)
        let actions = source.actions
        let mask = source.mask
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.stats.count
            for index in 0..<count {
                slice.dispatch(actions[index & mask])
            }
            let state = store.state
            try expect(state.stats.count == before + count, "P12-scattered: \(state.stats.count - before) of \(count) actions reduced synchronously")
            if case .add(let last) = actions[(count - 1) & mask] {
                try expect(state.history.last == last, "P12-scattered: history.last is \(state.history.last), not the last value added (\(last))")
            }
            Blackhole.consume(state.totals.total)
        }
    }
}

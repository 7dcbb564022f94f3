import Observation
import Redux

// P3-rows-1000 and P3-rows-10: per-row readers do not cost an unrelated dispatch anything per row.
// A list of rows, each with an optional child, each row read by its own observer through its
// element slice (as a list's row views are); an unrelated action (`count += 1`) is dispatched.
// No row reader may fire, and the dispatch must cost within 2x of the same with 10 rows: the rows
// of an unchanged collection are compared together, by its stamp.

/// A row with an optional child (a detail, an expanded editor).
struct ScaleRow: Identifiable, Equatable, Sendable {
    let id: Int
    var title = ""
    var child: Int? = nil
}

struct ScaleState: Sendable {
    var count = 0
    var rows: IdentifiedArray<ScaleRow>
}

enum ScaleAction: Sendable {
    case unrelated
    case row(ElementAction<Int, Never>)
}

extension BenchCases {
    /// Dispatches the unrelated action with one element-slice observer per row of `rowCount`
    /// rows; checks that no observer fired.
    func rowScaleCase(_ name: String, rowCount: Int) throws -> Samples {
        let store = Store(
            initialState: ScaleState(rows: IdentifiedArray(uniqueElements: (0..<rowCount).map { ScaleRow(id: $0, child: $0 % 2 == 0 ? $0 : nil) })),
            reducers: [makeScaleReducer()]
        )
        let map = ElementModuleMap<ScaleState, ScaleAction, ScaleRow, Never>.elements(
            state: \ScaleState.rows,
            action: Embedding(extract: { if case .row(let action) = $0 { action } else { nil } }, embed: ScaleAction.row),
            name: "rows"
        )
        let log = FireLog(capacity: rowCount)
        for slice in store.slices(map) {
            let id = slice.id
            withObservationTracking {
                _ = slice.state.child
            } onChange: {
                log.record(id)
            }
        }
        return try nanosecondsPerOperation(operations: config.observedOperations, warmUp: config.observedWarmUp, runs: config.runs) { count in
            let before = store.count
            for _ in 0..<count {
                store.dispatch(.unrelated)
            }
            try expect(store.count == before + count, "\(name): \(store.count - before) of \(count) actions reduced")
            let fired = log.fired.count
            try expect(fired == 0, "\(name): \(fired) row observers fired for an unrelated action (exact: 0)")
        }
    }
}

@inline(never)
func makeScaleReducer() -> Reducer<ScaleState, ScaleAction> {
    Reducer(id: "scale") { state, action in
        if case .unrelated = action { state.count &+= 1 }
        return .next
    }
}

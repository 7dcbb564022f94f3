/// The floor: the least a store can be. One mutable state, one stored reducer closure with the
/// concrete action type, an out-of-line `dispatch`; no pipeline, no queue, no observation.
final class FloorStore {
    var state: CounterState
    let reduce: (inout CounterState, BenchAction) -> Void

    init(state: CounterState, reduce: @escaping (inout CounterState, BenchAction) -> Void) {
        self.state = state
        self.reduce = reduce
    }

    @inline(never)
    func dispatch(_ action: BenchAction) {
        reduce(&state, action)
    }
}

/// Builds the floor's reducer out of line, so the call through the closure is not inlined away.
@inline(never)
func makeFloorReducer() -> (inout CounterState, BenchAction) -> Void {
    { state, action in applyCounter(&state, action) }
}

/// The baseline: the same mutation through a plain out-of-line function.
@inline(never)
func baselineStep(_ state: inout CounterState, _ action: BenchAction) {
    applyCounter(&state, action)
}

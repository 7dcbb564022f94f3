import Redux

/// The one action type every case dispatches.
///
/// `reset` is never generated: it is there so every reducer switches over a real enum, as an app's
/// reducer would.
enum BenchAction: Sendable {
    case add(Int)
    case reset
}

/// The state of every case but P4.
struct CounterState: Sendable {
    var count = 0
    var total = 0
}

/// P4's state: a counter and a 1,000,000-element array that the reducer writes one element of.
struct ArrayState: Sendable {
    var count = 0
    var items: [Int]
}

/// The action source shared by every case: a fixed array of actions, cycled with `index & mask`.
///
/// Built by an `@inline(never)` function from a seeded generator, so the optimiser cannot fold the
/// actions into the loops. Payloads are indices into P4's array.
struct ActionSource: Sendable {
    static let size = 1024
    let actions: [BenchAction]
    let mask = ActionSource.size - 1

    @inline(never)
    init(seed: UInt64, bound: Int) {
        var generator = SeededGenerator(seed: seed)
        actions = (0..<Self.size).map { _ in .add(Int(generator.next() % UInt64(bound))) }
    }
}

/// A small deterministic generator (SplitMix64), so every run dispatches the same actions.
struct SeededGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The reducer body shared by baseline, floor and the store cases, so they do the same work.
@inline(__always)
func applyCounter(_ state: inout CounterState, _ action: BenchAction) {
    switch action {
    case .add(let value):
        state.count &+= 1
        state.total &+= value
    case .reset:
        state = CounterState()
    }
}

/// P4's reducer body: counts, then writes one element of the large array in place.
@inline(__always)
func applyArrayWrite(_ state: inout ArrayState, _ action: BenchAction) {
    switch action {
    case .add(let index):
        state.count &+= 1
        state.items[index] = state.count
    case .reset:
        state.count = 0
    }
}

/// The library reducers, built out of line so the optimiser treats them like an app's.
@inline(never)
func makeCounterReducer() -> Reducer<CounterState, BenchAction> {
    Reducer(id: "counter") { state, action in
        applyCounter(&state, action)
        return .next
    }
}

/// P1-effect's reducer: P1's body in an effect reducer that starts nothing.
@inline(never)
func makeCounterEffectReducer() -> Reducer<CounterState, BenchAction> {
    Reducer(id: "counter", effects: { state, action in
        applyCounter(&state, action)
        return .none
    })
}

/// P1-send's action: `add` is reduced, then sends `added` with the same payload.
enum PairAction: Sendable {
    case add(Int)
    case added(Int)
    case reset

    /// The P1 action source's action, as the first action of a pair.
    init(_ action: BenchAction) {
        switch action {
        case .add(let value): self = .add(value)
        case .reset: self = .reset
        }
    }
}

/// P1-send's state: how many first and second actions of the pairs were reduced.
struct PairState: Sendable {
    var requested = 0
    var received = 0
    var total = 0
}

/// P1-send's reducer: `.add` counts and returns `.send(.added)`; `.added` counts, adds its
/// payload and returns `.none`.
@inline(never)
func makePairSendReducer() -> Reducer<PairState, PairAction> {
    Reducer(id: "pairs", effects: { state, action in
        switch action {
        case .add(let value):
            state.requested &+= 1
            return .send(.added(value))
        case .added(let value):
            state.received &+= 1
            state.total &+= value
            return .none
        case .reset:
            state = PairState()
            return .none
        }
    })
}

@inline(never)
func makeArrayReducer() -> Reducer<ArrayState, BenchAction> {
    Reducer(id: "array") { state, action in
        applyArrayWrite(&state, action)
        return .next
    }
}

import Redux

// The seed reducer styles, one by one: P4-<style> (the style's reducer
// writes one element of P4's 1,000,000-element array), P4-<style>-small (the same on a
// 10-element array: a copy would make the large case far slower), P1-<style> (P1's work through
// the style). Each large case also checks, once, that the array's buffer is the same before and
// after a dispatch (a checked assertion: a copy fails the run with exit 70).

/// The style cases' results.
struct StyleResults {
    let commandLarge: Samples
    let commandSmall: Samples
    let commandP1: Samples
    let waterfallLarge: Samples
    let waterfallSmall: Samples
    let waterfallP1: Samples
    let behaviorLarge: Samples
    let behaviorSmall: Samples
    let behaviorP1: Samples
    let domainLarge: Samples
    let domainSmall: Samples
    let domainP1: Samples
}

// The waterfall style: the bench states reduce themselves.
extension ArrayState: StateNode {
    mutating func reduce(_ action: BenchAction) { applyArrayWrite(&self, action) }
}

extension CounterState: StateNode {
    mutating func reduce(_ action: BenchAction) { applyCounter(&self, action) }
}

/// The Command-style array writer, out of line like an app's reducer.
@inline(never)
func makeArrayCommandReducer() -> Reducer<ArrayState, BenchAction> {
    Reducer(id: "array-command", command: { state, action in
        var state = state
        applyArrayWrite(&state, action)
        return (state, .none)
    })
}

@inline(never)
func makeCounterCommandReducer() -> Reducer<CounterState, BenchAction> {
    Reducer(id: "counter-command", command: { state, action in
        var state = state
        applyCounter(&state, action)
        return (state, .none)
    })
}

/// The Behavior-style array writer: a handle whose reduce part writes the element (the closure
/// captures the action, as an app's does).
@inline(never)
func makeArrayBehaviorReducer() -> Reducer<ArrayState, BenchAction> {
    Behavior<BenchAction, ArrayState, Void>.handle(id: "array-behavior") { action, _ in
        .reduce { applyArrayWrite(&$0, action) }
    }.reducers(environment: ())[0]
}

@inline(never)
func makeCounterBehaviorReducer() -> Reducer<CounterState, BenchAction> {
    Behavior<BenchAction, CounterState, Void>.handle(id: "counter-behavior") { action, _ in
        .reduce { applyCounter(&$0, action) }
    }.reducers(environment: ())[0]
}

@inline(never)
func makeArrayNodeReducer() -> Reducer<ArrayState, BenchAction> { Reducer(id: "array-node", node: ArrayState.self) }

@inline(never)
func makeCounterNodeReducer() -> Reducer<CounterState, BenchAction> { Reducer(id: "counter-node", node: CounterState.self) }

// The ReducerDomain style: a domain whose body is the bench reducer (built once, at creation).
struct ArrayWriteDomain: ReducerDomain {
    var body: [Reducer<ArrayState, BenchAction>] {
        Reducer(id: "array-domain") { state, action in
            applyArrayWrite(&state, action)
            return .next
        }
    }
}

struct CounterDomain: ReducerDomain {
    var body: [Reducer<CounterState, BenchAction>] {
        Reducer(id: "counter-domain") { state, action in
            applyCounter(&state, action)
            return .next
        }
    }
}

/// The domain's one reducer (what `Store(initialState:domain:)` installs), out of line.
@inline(never)
func makeArrayDomainReducer() -> Reducer<ArrayState, BenchAction> { ArrayWriteDomain().reducers[0] }

@inline(never)
func makeCounterDomainReducer() -> Reducer<CounterState, BenchAction> { CounterDomain().reducers[0] }

extension BenchCases {
    func styles() throws -> StyleResults {
        StyleResults(
            commandLarge: try arrayStyleCase("P4-command", length: config.arrayLength, makeArrayCommandReducer()),
            commandSmall: try arrayStyleCase("P4-command-small", length: 10, makeArrayCommandReducer()),
            commandP1: try counterStyleCase("P1-command", makeCounterCommandReducer()),
            waterfallLarge: try arrayStyleCase("P4-waterfall", length: config.arrayLength, makeArrayNodeReducer()),
            waterfallSmall: try arrayStyleCase("P4-waterfall-small", length: 10, makeArrayNodeReducer()),
            waterfallP1: try counterStyleCase("P1-waterfall", makeCounterNodeReducer()),
            behaviorLarge: try arrayStyleCase("P4-behavior", length: config.arrayLength, makeArrayBehaviorReducer()),
            behaviorSmall: try arrayStyleCase("P4-behavior-small", length: 10, makeArrayBehaviorReducer()),
            behaviorP1: try counterStyleCase("P1-behavior", makeCounterBehaviorReducer()),
            domainLarge: try arrayStyleCase("P4-domain", length: config.arrayLength, makeArrayDomainReducer()),
            domainSmall: try arrayStyleCase("P4-domain-small", length: 10, makeArrayDomainReducer()),
            domainP1: try counterStyleCase("P1-domain", makeCounterDomainReducer())
        )
    }

    /// P4's loop with `reducer`, on an array of `length` elements (payloads wrapped into it),
    /// after checking that one dispatch keeps the array's buffer.
    func arrayStyleCase(_ name: String, length: Int, _ reducer: Reducer<ArrayState, BenchAction>) throws -> Samples {
        let actions = source.actions.map { action -> BenchAction in
            if case .add(let index) = action { return .add(index % length) }
            return action
        }
        let mask = source.mask
        let store = Store(initialState: ArrayState(items: Array(repeating: 0, count: length)), reducers: [reducer])
        let before = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        store.dispatch(actions[0])
        let after = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        try expect(before == after, "\(name): the reducer copied the state's array (buffer moved)")
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let first = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let last = store.state.count
            try expect(last == first + count, "\(name): \(last - first) of \(count) actions reduced synchronously")
            Blackhole.consume(last)
        }
    }

    /// P1's loop with `reducer`.
    func counterStyleCase(_ name: String, _ reducer: Reducer<CounterState, BenchAction>) throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        let store = Store(initialState: CounterState(), reducers: [reducer])
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let first = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let last = store.state.count
            try expect(last == first + count, "\(name): \(last - first) of \(count) actions reduced synchronously")
            Blackhole.consume(last)
        }
    }
}

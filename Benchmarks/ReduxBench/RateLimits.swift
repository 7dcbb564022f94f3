import Redux

// P10: what per-identity dispatch control costs a dispatch. P10-limit dispatches P1's actions
// with a `.limit` (an action type that names its own identity) to an idle store, P10-pressure
// dispatches them plainly to a store with pressure diagnostics on (an identity, a clock read and
// a ring write per dispatch), P10-reflected is P10-pressure with P1's own action type, whose
// identity the store reflects on for every dispatch.

/// P1's action with an identity of its own: a `switch` returning a literal.
enum IdentifiedBenchAction: Sendable, ActionIdentifiable {
    case add(Int)
    case reset

    var actionIdentity: ActionIdentity {
        switch self {
        case .add: "add"
        case .reset: "reset"
        }
    }

    init(_ action: BenchAction) {
        switch action {
        case .add(let value): self = .add(value)
        case .reset: self = .reset
        }
    }
}

/// The P10 results: each per dispatch.
struct RateResults {
    var limit: Samples
    var pressure: Samples
    var reflected: Samples
}

/// P1's reducer over the identified action.
@inline(never)
func makeIdentifiedCounterReducer() -> Reducer<CounterState, IdentifiedBenchAction> {
    Reducer(id: "counter") { state, action in
        switch action {
        case .add(let value):
            state.count &+= 1
            state.total &+= value
        case .reset:
            state = CounterState()
        }
        return .next
    }
}


extension BenchCases {
    /// P10-limit, P10-pressure and P10-reflected.
    func rates() throws -> RateResults {
        RateResults(limit: try p10Limit(), pressure: try p10Pressure(), reflected: try p10Reflected())
    }

    /// `P10-limit`: P1 with every dispatch made with `.limit(8)`; the action conforms to
    /// `ActionIdentifiable`. The store is idle at each dispatch, so every one is admitted.
    func p10Limit() throws -> Samples {
        let actions = source.actions.map(IdentifiedBenchAction.init)
        let mask = source.mask
        let store = Store(initialState: CounterState(), reducers: [makeIdentifiedCounterReducer()])
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.count
            var admitted = 0
            for index in 0..<count where store.dispatch(actions[index & mask], rate: .limit(8)) {
                admitted &+= 1
            }
            let after = store.state
            try expect(admitted == count && after.count == before + count, "P10-limit: \(admitted) of \(count) admitted, \(after.count - before) reduced")
            Blackhole.consume(after.total)
        }
    }

    /// `P10-pressure`: P1's plain dispatch on a store with pressure diagnostics on (default
    /// window, threshold and cooldown: the flood warns once per cooldown; a release build
    /// prints nothing); the action conforms to `ActionIdentifiable`.
    func p10Pressure() throws -> Samples {
        let actions = source.actions.map(IdentifiedBenchAction.init)
        let mask = source.mask
        let store = Store(
            initialState: CounterState(),
            reducers: [makeIdentifiedCounterReducer()],
            options: StoreOptions(pressureDiagnostics: PressureDiagnostics())
        )
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state
            try expect(after.count == before + count, "P10-pressure: \(after.count - before) of \(count) actions reduced synchronously")
            Blackhole.consume(after.total)
        }
    }

    /// `P10-reflected`: P10-pressure with P1's own action type, which does not conform to
    /// `ActionIdentifiable`: the store reflects on every action to find its identity. The timed
    /// report runs a tenth of the other cases' dispatches (`fraction` 10: each costs
    /// microseconds); `--instructions` counts exactly the operations it asks for (`fraction` 1).
    func p10Reflected(fraction: Int = 10) throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        let store = Store(
            initialState: CounterState(),
            reducers: [makeCounterReducer()],
            options: StoreOptions(pressureDiagnostics: PressureDiagnostics())
        )
        return try nanosecondsPerOperation(operations: config.operations / fraction, warmUp: config.warmUp / fraction, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state
            try expect(after.count == before + count, "P10-reflected: \(after.count - before) of \(count) actions reduced synchronously")
            Blackhole.consume(after.total)
        }
    }
}

extension BenchResults {
    /// P10-limit and P10-pressure (targets judged on instructions by `--instructions`, timings
    /// reported) and P10-reflected.
    func rateRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let p1Nanoseconds = p1.median
        func beside(_ samples: Samples) -> String { "\(fixed(samples.median / p1Nanoseconds, 2))x P1 in time" }
        return [
            perDispatch("P10-limit", rates.limit, "<= 3x P1 in instructions, judged by --instructions; \(beside(rates.limit)) (dispatch with .limit(8), identity from a conformance)"),
            perDispatch("P10-pressure", rates.pressure, "<= 3x P1 in instructions, judged by --instructions; \(beside(rates.pressure)) (plain dispatch, pressure diagnostics on, identity from a conformance)"),
            perDispatch("P10-reflected", rates.reflected, "reported: \(beside(rates.reflected)) (P10-pressure with the identity reflected from the action)"),
        ]
    }
}

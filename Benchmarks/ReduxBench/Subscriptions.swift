import Redux

// Select subscription cases: what a dispatch costs when select subscriptions read the state.
//
// - P9: 1,000 select subscriptions by key path (`subscribe(select: \.f<i>)`), one per stored
//   `Int` member of P3's 1,000-member state (Generated/WideState.swift); each dispatch changes
//   one member, so exactly one subscriber is told. Per subscriber: (P9 - P9-none) / 1,000.
// - P9-closure: the same with closure selectors (`subscribe(select: { $0.f<i> })`), compared
//   by `==` after the selector runs for every subscriber on every dispatch.
// - P9-none: the same store and dispatches with no subscriber (the figure the per-subscriber
//   cost is taken over).
//
// Every subscriber's callback records its member in a `FireLog`. The self-checks: every
// subscriber is told its member once when it subscribes; then every dispatch tells exactly one
// subscriber, the changed member's (exit 70 otherwise; `REDUX_BENCH_ALLOW_OVERFIRE=1` reports
// a store that tells more instead).

/// How P9's subscribers select their member.
enum WideSelection {
    /// `subscribe(select: \.f<index>)`.
    case keyPath
    /// `subscribe(select: { $0.f<index> })`.
    case closure
}

/// P9, P9-closure and P9-none.
struct SubscriptionResults {
    let none: Samples
    let keyPath: ObservedSamples
    let closure: ObservedSamples

    /// Nanoseconds per subscriber of `selected`: (its median - P9-none's) / 1,000.
    func perSubscriber(_ selected: ObservedSamples) -> Double {
        (selected.samples.median - none.median) / Double(WideState.memberCount)
    }
}

extension BenchCases {
    /// P9-none, P9 and P9-closure.
    func subscriptions() throws -> SubscriptionResults {
        SubscriptionResults(none: try p9None(), keyPath: try p9(.keyPath), closure: try p9(.closure))
    }

    /// The member each slot of the action source changes, and the action that changes it.
    private func wideActions() -> (members: [Int], actions: [WideAction]) {
        let members = source.actions.map { action in
            if case .add(let value) = action { value % WideState.memberCount } else { 0 }
        }
        return (members, members.map(WideAction.bump))
    }

    /// `P9-none`: P9's store and dispatches without subscribers.
    func p9None() throws -> Samples {
        let (_, actions) = wideActions()
        let mask = source.mask
        let store = Store(initialState: WideState(), reducers: [makeWideReducer()])
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            try expect(store.count == before + count, "P9-none: \(store.count - before) of \(count) actions reduced synchronously")
            Blackhole.consume(store.count)
        }
    }

    /// `P9` (`.keyPath`) and `P9-closure` (`.closure`): 1,000 select subscriptions, one per
    /// member; each dispatch changes one member.
    func p9(_ selection: WideSelection) throws -> ObservedSamples {
        let name = selection == .keyPath ? "P9" : "P9-closure"
        let (members, actions) = wideActions()
        let mask = source.mask
        let store = Store(initialState: WideState(), reducers: [makeWideReducer()])
        let log = FireLog(capacity: WideState.memberCount)
        var subscriptions: [Subscription] = []
        subscriptions.reserveCapacity(WideState.memberCount)
        for member in 0..<WideState.memberCount {
            let onChange: @MainActor (Int) -> Void = { _ in log.record(member) }
            subscriptions.append(
                selection == .keyPath
                    ? subscribeWideMember(store, member, onChange)
                    : subscribeWideMemberByClosure(store, member, onChange)
            )
        }
        try expect(log.fired == Array(0..<WideState.memberCount), "\(name): \(log.fired.count) initial deliveries on subscribe, expected one per subscriber in order")
        log.fired.removeAll(keepingCapacity: true)
        try expect(store.subscriptionCount == WideState.memberCount, "\(name): \(store.subscriptionCount) subscriptions live, expected \(WideState.memberCount)")
        var total = FireTally()
        let samples = try nanosecondsPerOperation(operations: config.wideOperations, warmUp: config.wideWarmUp, runs: config.runs) { count in
            let before = store.count
            var tally = FireTally()
            for index in 0..<count {
                let slot = index & mask
                store.dispatch(actions[slot])
                let fired = log.fired.count
                if fired > 0 {
                    tally.fired &+= fired
                    if log.fired.contains(members[slot]) { tally.changedFired &+= 1 }
                    log.fired.removeAll(keepingCapacity: true)
                }
            }
            tally.operations = count
            try expect(store.count == before + count, "\(name): \(store.count - before) of \(count) actions reduced synchronously")
            try expectExact(name, tally, exact: 1, changedObserved: true)
            total.fired += tally.fired
            total.operations += count
            Blackhole.consume(store.count)
        }
        withExtendedLifetime(subscriptions) {}
        return ObservedSamples(samples: samples, firedPerOperation: total.firedPerOperation)
    }
}

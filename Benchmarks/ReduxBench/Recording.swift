import Redux

// P13: what recording costs a dispatch. P13 is P1 with the recorder on (default maxAge 50, no
// filter): after each action's terminal the recorder step reads the store's clock once and keeps
// the action and the state value in its ring; nothing is encoded. Its action is P10's, which
// conforms to `ActionIdentifiable` (the recorder computes an identity only under a filter).
// P13-big is P4's 1,000,000-element write with the recorder on: each kept state shares the
// array's buffer with the store, so the reducer's next in-place write copies the whole buffer
// (copy-on-write) — slow by design, and run at small counts. P13-big-keeping records the same
// store with `startRecording(keeping:)`, which keeps only a small projection (the counter), so
// nothing shares the buffer and no write copies it.
//
// The cases reuse store types the bench already has (P10's `Store<CounterState,
// IdentifiedBenchAction>`, P4's `Store<ArrayState, BenchAction>`): a store type of their own
// adds a specialization of the dispatch path, and with one the optimiser merged P1's and P4's
// specialized dispatch into one shared function, adding 43 to 52 instructions to P1, P2,
// P1-effect and P4 without any change to the library.

/// P13's state is P1's, made `Encodable` so that the default recorder can keep it (encoded only
/// on export, which the cases never call). Written by hand: synthesis needs the declaring file.
extension CounterState: Encodable {
    private enum CodingKeys: String, CodingKey { case count, total }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(total, forKey: .total)
    }
}

/// P13-big's state is P4's, made `Encodable` for the same reason.
extension ArrayState: Encodable {
    private enum CodingKeys: String, CodingKey { case count, items }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(items, forKey: .items)
    }
}

/// The P13 results: each per dispatch.
struct RecordingResults {
    var counter: Samples
    var big: Samples
    var bigKeeping: Samples
    /// Dispatches per timed run of P13-big (it copies 8 MB per dispatch).
    var bigOperations: Int
}

/// The address of the store's array buffer (equal before and after a run: no write copied it).
@MainActor
private func itemsBufferAddress(_ store: Store<ArrayState, BenchAction>) -> UInt {
    store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
}

/// Checks that the recorder kept every dispatch so far: its newest step's id is the number of
/// actions recorded, and its two newest steps hold the two newest counts.
@MainActor
private func expectRecorded<State: Sendable, Action: Sendable>(
    _ name: String,
    _ recorder: Recorder<State, Action>,
    dispatched: Int,
    count: Int,
    kept: (RecordedStep<State, Action>) -> Int?
) throws {
    try expect(recorder.count == min(dispatched, recorder.maxAge - 1), "\(name): the recorder holds \(recorder.count) steps after \(dispatched) dispatches")
    let newest = recorder.step(at: recorder.count)
    try expect(newest.id == dispatched, "\(name): the newest step's id is \(newest.id) after \(dispatched) dispatches (an action was not recorded)")
    try expect(kept(newest) == count, "\(name): the newest step kept count \(kept(newest).map(String.init) ?? "nil"), the store holds \(count)")
    if recorder.count >= 2 {
        let previous = recorder.step(at: recorder.count - 1)
        try expect(kept(previous) == count - 1, "\(name): the step before the newest kept count \(kept(previous).map(String.init) ?? "nil"), expected \(count - 1)")
    }
}

extension BenchCases {
    /// P13, P13-big and P13-big-keeping.
    func recording() throws -> RecordingResults {
        RecordingResults(counter: try p13(), big: try p13Big(), bigKeeping: try p13BigKeeping(), bigOperations: config.copyingOperations)
    }

    /// `P13`: P1's loop and reducer on a recording store (default maxAge 50, no filter); the
    /// action conforms to `ActionIdentifiable`. Checks after each run that every action was
    /// reduced before `dispatch` returned and recorded with its state.
    func p13() throws -> Samples {
        let actions = source.actions.map(IdentifiedBenchAction.init)
        let mask = source.mask
        let store = Store(initialState: CounterState(), reducers: [makeIdentifiedCounterReducer()])
        let recorder = try store.startRecording()
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state
            try expect(after.count == before + count, "P13: \(after.count - before) of \(count) actions reduced synchronously")
            try expectRecorded("P13", recorder, dispatched: after.count, count: after.count) { $0.state?.count }
            Blackhole.consume(after.total)
        }
    }

    /// `P13-big`: P4's 1,000,000-element write on a recording store (default maxAge 50): every
    /// dispatch copies the array, since the newest kept state shares its buffer. Runs
    /// `copyingOperations` dispatches after `copyingWarmUp` (at least maxAge, so the ring is full
    /// and each dispatch also releases the oldest kept copy).
    func p13Big() throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        let store = Store(initialState: ArrayState(items: Array(repeating: 0, count: config.arrayLength)), reducers: [makeArrayReducer()])
        let recorder = try store.startRecording()
        return try nanosecondsPerOperation(operations: config.copyingOperations, warmUp: config.copyingWarmUp, runs: config.runs) { count in
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state.count
            try expect(after == before + count, "P13-big: \(after - before) of \(count) actions reduced synchronously")
            try expectRecorded("P13-big", recorder, dispatched: after, count: after) { $0.state?.count }
            Blackhole.consume(after)
        }
    }

    /// `P13-big-keeping`: P13-big's store recording with `keeping: { $0.count }`: only the
    /// counter is kept, so no write copies the array. P4's counts; checks after each run that the
    /// array's buffer did not move (no copy).
    func p13BigKeeping() throws -> Samples {
        let actions = source.actions
        let mask = source.mask
        let store = Store(initialState: ArrayState(items: Array(repeating: 0, count: config.arrayLength)), reducers: [makeArrayReducer()])
        let recorder = try store.startRecording(keeping: { $0.count })
        return try nanosecondsPerOperation(operations: config.operations, warmUp: config.warmUp, runs: config.runs) { count in
            let buffer = itemsBufferAddress(store)
            let before = store.state.count
            for index in 0..<count {
                store.dispatch(actions[index & mask])
            }
            let after = store.state.count
            try expect(after == before + count, "P13-big-keeping: \(after - before) of \(count) actions reduced synchronously")
            try expect(itemsBufferAddress(store) == buffer, "P13-big-keeping: the array's buffer moved during the run (a write copied it)")
            try expectRecorded("P13-big-keeping", recorder, dispatched: after, count: after) { $0.projection as? Int }
            Blackhole.consume(after)
        }
    }
}

extension BenchResults {
    /// P13 (target judged on instructions by `--instructions`, timing reported beside), P13-big
    /// and P13-big-keeping (reported, against P4).
    func recordingRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let p13Ratio = recording.counter.median / p1.median
        let bigRatio = recording.big.median / p4.median
        let keepingRatio = recording.bigKeeping.median / p4.median
        return [
            perDispatch("P13", recording.counter, "<= 5x P1 in instructions, judged by --instructions; \(fixed(p13Ratio, 2))x P1 in time (+\(fixed(recording.counter.median - p1.median, 1)) ns; recorder on, maxAge 50, no filter: one clock read and one kept step per dispatch)"),
            perDispatch("P13-big", recording.big, "reported: \(fixed(bigRatio, 0))x P4 (\(grouped(Double(recording.bigOperations))) dispatches per run; the copy: each kept state shares the array's buffer, so the reducer's next in-place write copies 1,000,000 elements)"),
            perDispatch("P13-big-keeping", recording.bigKeeping, "reported: \(fixed(keepingRatio, 2))x P4 (+\(fixed(recording.bigKeeping.median - p4.median, 1)) ns; startRecording(keeping: { $0.count }): only the count kept, no copy: checked)"),
        ]
    }
}
